// The page's one store: everything the page remembers, in four parts. Each part is changed by
// exactly one module; the others only read it.
//
//   part      changed by                     holds
//   game      controller.js                  the GameView shown and what came with it
//   study     study-controller.js            review, analysis mode, the graph, the position editor
//   opening   opening.js (createOpening)     the opening's choice in progress
//   ui        main.js                        the page's bookkeeping of what it drew
//
// `update(part, patch)` changes one part and tells the subscribers (after the one running, when
// called from a subscriber). `{quiet: true}` changes it silently: bookkeeping nothing is drawn
// from (the `ui` part, a request already sent). A part's owner may `follow` the other parts: its
// patch is applied in the same update, so subscribers never see the parts disagree (a new game
// closes the editor in the same step that shows it).
//
// No DOM here: tested with `node --test`.

import { SHARED } from './shared.js';

/**
 * @typedef {object} GameState  changed by controller.js
 * @property {any | null} view          the GameView shown (docs/ipc.md)
 * @property {number} receivedAt        performance.now() when it arrived (for the running clock)
 * @property {any} prefs                the Preferences
 * @property {{type: 'analysis' | 'hint', payload: any, view: any} | null} analysis  the last
 *   analysis or hint event, with the view it was about
 * @property {{x: number, y: number}[] | null} hint  the hint's line, drawn on the board
 * @property {boolean} review           move numbers shown after the banner's "Review"
 * @property {number} epoch             bumps on each new game, load, resume or set-up position:
 *   the study part starts afresh
 * @property {boolean} moving           a `play` is on its way (further clicks wait)
 */

/**
 * @typedef {object} StudyState  changed by study-controller.js
 * @property {number | null} shownPly      the ply reviewed, or null for the live position
 * @property {boolean} analysisOn          analysis mode is on
 * @property {any | null} candidates       the last analysis-mode event for the shown position
 * @property {'' | 'waiting' | 'over'} analysisNote  why no candidates are listed
 * @property {{x: number, y: number}[] | null} hoverLine  a candidate's line shown as ghost stones
 * @property {number | null} winStep      the proven win of the ply shown is drawn, its first
 *   `winStep` moves (null: not shown)
 * @property {{generation: number, total: number, evals: any[]} | null} graph  the graph computing
 * @property {{stones: {x: number, y: number, color: string}[], toMove: string,
 *   tool: 'black' | 'white' | 'erase'} | null} editor  the position editor, when open
 * @property {string} requested            the analysis asked for (`generation:ply:lines`), '' none
 * @property {boolean} reviewSent          what `set_review` last told the shell
 * @property {number} toggledAt            when analysis mode was switched on (performance.now())
 * @property {number | null} firstCandidatesMs  from switching it on to the first candidates
 */

/**
 * @typedef {object} OpeningState  changed by opening.js's createOpening
 * @property {{x: number, y: number}[]} pendingOffers  the fifth moves picked, waiting to be
 *   offered
 */

/**
 * @typedef {object} UiState  changed by main.js; never drawn from, so always changed quietly
 * @property {{x: number, y: number} | null} cursor  the board's keyboard cursor
 * @property {any | null} hoveredMark      the analysis candidate under the pointer
 * @property {any[]} boardKey              what the board was last drawn from (skips redraws)
 * @property {'' | 'en' | 'zh'} language   the language the page was last translated to
 * @property {any | null} lastPrefs        the preferences last applied (language, theme, sound)
 * @property {() => void} stopFollowingTheme  unbinds the system theme listener of "auto"
 * @property {string} listKey              what the move list was last built from
 * @property {number | null} tickedSecond  the last second of a timed clock that ticked
 * @property {number | null} timeCheckedAt when the shell was last asked whether a flag fell
 */

/**
 * @typedef {object} AppState
 * @property {GameState} game
 * @property {StudyState} study
 * @property {OpeningState} opening
 * @property {UiState} ui
 */

/** @typedef {keyof AppState} PartName */

/**
 * @typedef {object} Store
 * @property {() => AppState} get
 * @property {<P extends PartName>(part: P,
 *   patch: Partial<AppState[P]> | ((now: AppState[P], all: AppState) => Partial<AppState[P]>),
 *   opts?: {quiet?: boolean}) => void} update  changes one part
 * @property {<P extends PartName>(part: P,
 *   fn: (next: AppState, prev: AppState) => Partial<AppState[P]> | null) => void} follow
 *   lets `part`'s owner change it whenever another part changes, in the same update
 * @property {(fn: (s: AppState) => void) => () => void} subscribe  returns the unsubscribe
 */

/**
 * The store's first state: every part with its initial values (the one place they are written).
 * @returns {AppState}
 */
export function initialState() {
  return {
    game: {
      view: null,
      receivedAt: 0,
      prefs: { ...SHARED.defaultPreferences },
      analysis: null,
      hint: null,
      review: false,
      epoch: 0,
      moving: false,
    },
    study: {
      shownPly: null,
      analysisOn: false,
      candidates: null,
      analysisNote: '',
      hoverLine: null,
      winStep: null,
      graph: null,
      editor: null,
      requested: '',
      reviewSent: false,
      toggledAt: 0,
      firstCandidatesMs: null,
    },
    opening: {
      pendingOffers: [],
    },
    ui: {
      cursor: null,
      hoveredMark: null,
      boardKey: [],
      language: '',
      lastPrefs: null,
      stopFollowingTheme: () => {},
      listKey: '',
      tickedSecond: null,
      timeCheckedAt: null,
    },
  };
}

/**
 * Creates the app's store.
 * @param {AppState} [initial] a first state (tests); {@link initialState} by default
 * @returns {Store}
 */
export function createAppStore(initial = initialState()) {
  let state = initial;
  const listeners = new Set();
  /** @type {{part: PartName, fn: (next: AppState, prev: AppState) => any}[]} */
  const followers = [];
  let notifying = false;
  let again = false;

  const withPart = (s, part, patch) => (patch ? { ...s, [part]: { ...s[part], ...patch } } : s);

  function notify() {
    if (notifying) {
      again = true;
      return;
    }
    notifying = true;
    try {
      do {
        again = false;
        for (const fn of listeners) fn(state);
      } while (again);
    } finally {
      notifying = false;
    }
  }

  return {
    get: () => state,
    update(part, patch, opts = {}) {
      if (!(part in state)) throw new Error(`no part ${part} in the store`);
      const prev = state;
      const change = typeof patch === 'function' ? patch(state[part], state) : patch;
      let next = withPart(state, part, change);
      for (const f of followers) if (f.part !== part) next = withPart(next, f.part, f.fn(next, prev));
      state = next;
      if (!opts.quiet) notify();
    },
    follow(part, fn) {
      followers.push({ part, fn });
    },
    subscribe(fn) {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
  };
}
