// The game controller: owns the store's `game` part (store.js), applies the snapshots and events
// that come from the shell, runs the commands the player asks for and reports their errors.
//
// It never decides a rule: a move is sent as `play {x, y}` and whatever comes back is shown.
// No DOM here — the page (main.js) renders the store and supplies the callbacks — so it is tested
// in node with a fake api.

import {
  displayName, errorMessage, hintLine, newGameSettings, replaySettings, shouldAcceptView, viewChange,
} from './state.js';
import { SHARED } from './shared.js';
import { createAppStore } from './store.js';

/**
 * Creates the controller.
 * @param {object} deps
 * @param {import('./store.js').Store} [deps.store] the app's store (a new one by default)
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
  const store = deps.store ?? createAppStore();
  /** The only writer of the `game` part. */
  const setGame = (patch, opts) => store.update('game', patch, opts);
  const game = () => store.get().game;

  const report = (err, ctx = {}) => {
    const message = errorMessage(err, t, { view: game().view, ...ctx });
    if (message) notify(message, 'error');
  };

  /**
   * Shows a snapshot unless it is older than the one shown.
   * @param {any} view
   * @param {{reset?: boolean, initial?: boolean}} [opts] reset: a new game/load/resume
   * @returns {boolean} whether it was shown
   */
  function showView(view, opts = {}) {
    const prev = game().view;
    if (!shouldAcceptView(prev, view)) {
      // A new game's answer overtaken by its own first event: the newer view stays, but the
      // study part still starts afresh.
      if (opts.reset && prev) setGame((g) => ({ epoch: g.epoch + 1, review: false, hint: null, analysis: null }));
      return false;
    }
    const change = viewChange(prev, view);
    const sameGeneration = prev && prev.generation === view.generation;
    // The analysis of the move just played stays; after an undo, a new game or a load it is stale.
    const oneMoveOn = prev && view.moves.length === prev.moves.length + 1 && !opts.reset;
    const fresh = change.newGame || Boolean(opts.reset);
    setGame((g) => ({
      view,
      receivedAt: now(),
      hint: sameGeneration ? g.hint : null,
      analysis: sameGeneration || oneMoveOn ? g.analysis : null,
      review: fresh ? false : g.review,
      // A new game, a load or a new position: the study part starts afresh (study-controller.js).
      epoch: fresh ? g.epoch + 1 : g.epoch,
    }));
    if (opts.initial) return true;
    if (change.sound) sound.play(change.sound);
    // A solved puzzle says so on its card, not with the game's banner.
    if (change.banner && !view.puzzle) onOutcome(outcomeInfo(view));
    else if (view.status.state === 'playing') onOutcome(null);
    return true;
  }

  function outcomeInfo(view) {
    if (view.status.state === 'draw') return { kind: 'draw', moves: view.moves.length };
    const color = view.status.winner;
    const onTime = view.status.state === 'timeOut';
    return { kind: 'won', color, name: displayName(view, color, t), moves: view.moves.length, onTime };
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
    setGame({ prefs });
    try {
      const saved = await api.setPreferences(prefs);
      if (saved && typeof saved === 'object') setGame({ prefs: { ...prefs, ...saved } });
    } catch (err) {
      report(err);
    }
  }

  // The view is asked for after a `game://view` notice: one request at a time, and notices
  // that arrive meanwhile make one more (the newest view is what counts).
  let pulling = false;
  let pullAgain = false;

  /** Fetches the view after the shell's notice that the game changed. */
  async function pullView() {
    if (pulling) {
      pullAgain = true;
      return;
    }
    pulling = true;
    try {
      do {
        pullAgain = false;
        showView(await api.getView());
      } while (pullAgain);
    } catch (err) {
      report(err);
    } finally {
      pulling = false;
    }
  }

  return {
    store,
    showView,
    pullView,

    /** Loads preferences, offers to resume, shows the first view. */
    async start() {
      // One round trip for the first frame: preferences, start-up information and the view.
      let boot = null;
      try {
        boot = await api.boot();
      } catch (error) {
        report(error);
      }
      if (boot?.preferences) setGame({ prefs: { ...SHARED.defaultPreferences, ...boot.preferences } });
      const info = boot?.startup ?? { resumable: false, warnings: [] };
      for (const warning of info.warnings ?? []) notify(warning, 'info');
      if (boot?.view && !info.resumable) {
        const view = boot.view;
        if (await run(() => Promise.resolve(view), { reset: true, initial: true })) return;
      }
      const answer = info.resumable ? await askResume() : 'dismiss';
      const first = answer === 'resume' ? api.resumeAutosave
        : answer === 'discard' ? api.discardAutosave : api.getView;
      const shown = await run(first, { reset: true, initial: true });
      if (!shown && first !== api.getView) await run(api.getView, { reset: true, initial: true });
    },

    /** @param {{x: number, y: number}} point */
    async play(point) {
      const { view, moving } = game();
      if (!view || moving) return;
      if (view.aiThinking) {
        notify(t('toast.thinking'), 'info');
        return;
      }
      setGame({ moving: true }, { quiet: true });
      const move = view.puzzle ? api.puzzleMove : api.play;
      try {
        await run(() => move(point.x, point.y), { point });
      } finally {
        setGame({ moving: false }, { quiet: true });
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
      setGame({ hint: null });
      await run(game().view?.puzzle ? api.puzzleHint : api.hint);
    },
    /** Opens puzzle `id` (a new epoch: the study part starts afresh). @param {string} id */
    openPuzzle: (id) => run(() => api.openPuzzle(id), { reset: true }),
    retryPuzzle: () => run(api.retryPuzzle),
    /** Asks the shell whether the side to move's flag fell (its clock shows zero). */
    checkTime: () => run(api.checkTime),
    /** Pauses or resumes the clocks of a timed game. */
    togglePause: () => run(() => api.pauseClock(!game().view?.clocks?.paused)),
    /** A new game from an explorer opening (a new epoch). */
    playOpening: (index, rule, study) => run(() => api.playOpening(index, rule, study), { reset: true }),
    nextPuzzle: () => run(api.nextPuzzle, { reset: true }),
    closePuzzle: () => run(api.closePuzzle, { reset: true }),
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
    newGame: () => run(() => api.newGame(newGameSettings(game().prefs)), { reset: true }),
    /** Starts the same kind of game again (the banner's "Play again"). */
    playAgain() {
      const { view, prefs } = game();
      return run(() => api.newGame(replaySettings(view, prefs)), { reset: true });
    },
    review: () => setGame({ review: true }),
    savePrefs,

    /**
     * Applies the settings dialog: saves the preferences, then starts a game or changes the level.
     * @param {any} prefs
     * @param {boolean} startNewGame
     */
    async applySettings(prefs, startNewGame) {
      await savePrefs(prefs);
      const view = game().view;
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
      const prefs = game().prefs;
      const human = view.players.black.kind === 'human' ? 'black' : 'white';
      const next = view.mode === 'humanVsAi'
        ? { ...prefs, humanName: names[human] }
        : { ...prefs, names: { black: names.black, white: names.white } };
      await savePrefs(next);
    },

    /** @param {any} payload a `game://analysis` event */
    onAnalysis(payload) {
      const view = game().view;
      if (!view || payload.generation !== view.generation) return;
      setGame({ analysis: { type: 'analysis', payload, view } });
    },

    /** @param {any} payload a `game://hint` event */
    onHint(payload) {
      const view = game().view;
      if (!view || payload.generation !== view.generation) return;
      setGame({ analysis: { type: 'hint', payload, view }, hint: hintLine(payload) });
    },
  };
}
