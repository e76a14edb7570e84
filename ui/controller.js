// The game controller: holds the app state, applies the snapshots and events that come from the
// shell, runs the commands the player asks for and reports their errors.
//
// It never decides a rule: a move is sent as `play {x, y}` and whatever comes back is shown.
// No DOM here — the page (main.js) renders the store and supplies the callbacks — so it is tested
// in node with a fake api.

import {
  createStore, DEFAULT_PREFERENCES, displayName, errorMessage, hintLine, newGameSettings, replaySettings,
  shouldAcceptView, viewChange,
} from './state.js';

/**
 * @typedef {object} AppState
 * @property {any | null} view          the GameView shown
 * @property {number} receivedAt        performance.now() when it arrived (for the running clock)
 * @property {any} prefs                the Preferences
 * @property {{type: 'analysis' | 'hint', payload: any, view: any} | null} analysis  the last analysis, with the view it was about
 * @property {{x: number, y: number}[] | null} hint  the hint's line, drawn on the board
 * @property {boolean} review           move numbers shown after "Review"
 */

/**
 * Creates the controller.
 * @param {object} deps
 * @param {typeof import('./api.js').api} deps.api
 * @param {(key: string, params?: object) => string} deps.t
 * @param {(message: string, kind: 'error' | 'info' | 'success') => void} deps.notify
 * @param {{play: (name: string) => void}} deps.sound
 * @param {(info: object | null) => void} deps.onOutcome shows (info) or hides (null) the banner
 * @param {() => Promise<'resume' | 'discard' | 'dismiss'>} deps.askResume
 * @param {() => number} [deps.now]
 */
export function createController(deps) {
  const { api, t, notify, sound, onOutcome, askResume } = deps;
  const now = deps.now ?? (() => performance.now());
  /** @type {ReturnType<typeof createStore<AppState>>} */
  const store = createStore({
    view: null, receivedAt: 0, prefs: { ...DEFAULT_PREFERENCES }, analysis: null, hint: null, review: false,
  });
  let moving = false;

  const report = (err, ctx = {}) => {
    const message = errorMessage(err, t, { view: store.get().view, ...ctx });
    if (message) notify(message, 'error');
  };

  /**
   * Shows a snapshot unless it is older than the one shown.
   * @param {any} view
   * @param {{reset?: boolean, initial?: boolean}} [opts] reset: a new game/load/resume
   * @returns {boolean} whether it was shown
   */
  function showView(view, opts = {}) {
    const prev = store.get().view;
    if (!shouldAcceptView(prev, view, opts.reset)) return false;
    const change = viewChange(prev, view);
    const sameGeneration = prev && prev.generation === view.generation;
    // The analysis of the move just played stays; after an undo, a new game or a load it is stale.
    const oneMoveOn = prev && view.moves.length === prev.moves.length + 1 && !opts.reset;
    store.update((s) => ({
      view,
      receivedAt: now(),
      hint: sameGeneration ? s.hint : null,
      analysis: sameGeneration || oneMoveOn ? s.analysis : null,
      review: change.newGame || opts.reset ? false : s.review,
      // Study state: a new game, a load or a new position starts afresh; the graph's progress
      // lasts while it is computed for this line.
      ...(change.newGame || opts.reset ? { shownPly: null, editor: null, candidates: null } : {}),
      graph: sameGeneration || view.evaluating ? s.graph : null,
    }));
    if (opts.initial) return true;
    if (change.sound) sound.play(change.sound);
    if (change.banner) onOutcome(outcomeInfo(view));
    else if (view.status.state === 'playing') onOutcome(null);
    return true;
  }

  function outcomeInfo(view) {
    if (view.status.state === 'draw') return { kind: 'draw', moves: view.moves.length };
    const color = view.status.winner;
    return { kind: 'won', color, name: displayName(view, color, t), moves: view.moves.length };
  }

  /** Runs a command returning a GameView; errors are reported. */
  async function run(command, opts = {}) {
    try {
      const view = await command();
      showView(view, opts);
      return view;
    } catch (err) {
      report(err, opts);
      return null;
    }
  }

  async function savePrefs(prefs) {
    store.update({ prefs });
    try {
      const saved = await api.setPreferences(prefs);
      if (saved && typeof saved === 'object') store.update({ prefs: { ...prefs, ...saved } });
    } catch (err) {
      report(err);
    }
  }

  return {
    store,
    showView,

    /** Loads preferences, offers to resume, shows the first view. */
    async start() {
      // Both questions at once: start-up waits for one round trip, not two.
      const [prefs, startup] = await Promise.allSettled([api.getPreferences(), api.startupInfo()]);
      if (prefs.status === 'fulfilled') {
        store.update({ prefs: { ...DEFAULT_PREFERENCES, ...prefs.value } });
      } else {
        report(prefs.reason);
      }
      let info = { resumable: false, warnings: [] };
      if (startup.status === 'fulfilled') info = startup.value;
      else report(startup.reason);
      for (const warning of info.warnings ?? []) notify(warning, 'info');
      const answer = info.resumable ? await askResume() : 'dismiss';
      const first = answer === 'resume' ? api.resumeAutosave
        : answer === 'discard' ? api.discardAutosave : api.getView;
      const shown = await run(first, { reset: true, initial: true });
      if (!shown && first !== api.getView) await run(api.getView, { reset: true, initial: true });
    },

    /** @param {{x: number, y: number}} point */
    async play(point) {
      const view = store.get().view;
      if (!view || moving) return;
      if (view.aiThinking) {
        notify(t('toast.thinking'), 'info');
        return;
      }
      moving = true;
      try {
        await run(() => api.play(point.x, point.y), { point });
      } finally {
        moving = false;
      }
    },
    /**
     * A person's opening decision (`place x,y`, `black`, `white`, `offer …`, `keep x,y`).
     * @param {string} decision
     * @param {{x: number, y: number}} [point] the point clicked, for a forbidden-point message
     */
    decide: (decision, point) => run(() => api.decide(decision), { point }),
    undo: () => run(api.undo),
    redo: () => run(api.redo),
    stop: () => run(api.stopThinking),
    aiMove: () => run(api.aiMove),
    async hint() {
      store.update({ hint: null });
      await run(api.hint);
    },
    async save() {
      try {
        showView(await api.saveGame());
        notify(t('toast.saved'), 'success');
      } catch (err) {
        report(err);
      }
    },
    async load() {
      try {
        showView(await api.loadGame(), { reset: true });
        notify(t('toast.loaded'), 'success');
      } catch (err) {
        report(err);
      }
    },
    /** Starts a game from the preferences. */
    newGame: () => run(() => api.newGame(newGameSettings(store.get().prefs)), { reset: true }),
    /** Starts the same kind of game again (the banner's "Play again"). */
    playAgain() {
      const { view, prefs } = store.get();
      return run(() => api.newGame(replaySettings(view, prefs)), { reset: true });
    },
    review: () => store.update({ review: true }),
    savePrefs,

    /**
     * Applies the settings dialog: saves the preferences, then starts a game or changes the level.
     * @param {any} prefs
     * @param {boolean} startNewGame
     */
    async applySettings(prefs, startNewGame) {
      await savePrefs(prefs);
      const view = store.get().view;
      if (startNewGame) {
        await run(() => api.newGame(newGameSettings(prefs)), { reset: true });
        return;
      }
      if (view && prefs.level !== view.level) await run(() => api.setLevel(prefs.level));
      if (view && (prefs.engine ?? null) !== (view.engine?.id ?? null)) {
        await run(() => api.setOpponent(prefs.engine ?? null));
      }
    },

    /**
     * Renames the players and remembers the names as preferences.
     * @param {{black: string, white: string}} names
     */
    async setNames(names) {
      const view = await run(() => api.setNames(names));
      if (!view) return;
      const prefs = store.get().prefs;
      const human = view.players.black.kind === 'human' ? 'black' : 'white';
      const next = view.mode === 'humanVsAi'
        ? { ...prefs, humanName: names[human] }
        : { ...prefs, names: { black: names.black, white: names.white } };
      await savePrefs(next);
    },

    /** @param {any} payload a `game://analysis` event */
    onAnalysis(payload) {
      const view = store.get().view;
      if (!view || payload.generation !== view.generation) return;
      store.update({ analysis: { type: 'analysis', payload, view } });
    },

    /** @param {any} payload a `game://hint` event */
    onHint(payload) {
      const view = store.get().view;
      if (!view || payload.generation !== view.generation) return;
      store.update({ analysis: { type: 'hint', payload, view }, hint: hintLine(payload) });
    },
  };
}
