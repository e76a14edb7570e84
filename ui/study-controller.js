// Studying a game: owns the store's `study` part (store.js) — review (the ply shown), analysis
// mode, the evaluation graph's progress and the position editor — and sends their commands.
// The engine decides everything about the game; this module only keeps what is shown and asks
// the shell.

import {
  editStones, lineOf, plyShown, provenWinAt, sideAt, stepPly, stonesShown, viewAtPly,
} from './study.js';
import { errorMessage } from './state.js';
import { SHARED } from './shared.js';

/** Candidate lines asked for while the preference is unreadable. */
const DEFAULT_LINES = SHARED.defaultPreferences.analysisLines;

/**
 * What the study part becomes when the game part changes (followed by the store, applied in the
 * same update): a new game, a load or a new position starts afresh; the graph's progress lasts
 * while it is computed for this line.
 * @param {import('./store.js').AppState} next
 * @param {import('./store.js').AppState} prev
 * @returns {Partial<import('./store.js').StudyState> | null}
 */
export function studyAfterGame(next, prev) {
  const before = prev.game.view;
  const view = next.game.view;
  let patch = null;
  if (next.game.epoch !== prev.game.epoch) patch = { shownPly: null, editor: null, candidates: null };
  if (view && view !== before && before?.generation !== view.generation && !view.evaluating) {
    patch = { ...patch, graph: null };
  }
  return patch;
}

/**
 * Creates the study controller.
 * @param {object} deps
 * @param {import('./store.js').Store} deps.store the app's store
 * @param {typeof import('./api.js').api} deps.api
 * @param {(key: string, params?: object) => string} deps.t
 * @param {(message: string, kind: 'error' | 'info' | 'success') => void} deps.notify
 * @param {(view: any, opts?: object) => boolean} deps.showView
 * @param {(info: {ply: number, count: number}) => Promise<boolean>} deps.confirmBranch
 * @param {() => number} [deps.now]
 */
export function createStudy(deps) {
  const { store, api, t, notify, showView, confirmBranch } = deps;
  const now = deps.now ?? (() => performance.now());
  /** The only writer of the `study` part. */
  const setStudy = (patch, opts) => store.update('study', patch, opts);
  const quietly = { quiet: true };
  const game = () => store.get().game;
  const studied = () => store.get().study;
  store.follow('study', studyAfterGame);

  const report = (err, ctx = {}) => {
    const message = errorMessage(err, t, { view: game().view, ...ctx });
    if (message) notify(message, 'error');
  };

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

  /** The ply shown now. */
  const currentPly = () => plyShown(game().view, studied().shownPly);

  /** Shows the position after `ply` moves of the line (the live one ends review). */
  function showPly(ply) {
    const { view } = game();
    if (!view) return;
    const clamped = plyShown(view, ply);
    setStudy({ shownPly: clamped === view.moves.length ? null : clamped, hoverLine: null, winStep: null });
  }

  /** Tells the shell whether the AI must wait (review or editing), when that changes. */
  function syncReview() {
    const { shownPly, editor, reviewSent } = studied();
    const reviewing = shownPly != null || editor != null;
    if (reviewing === reviewSent || !game().view) return;
    setStudy({ reviewSent: reviewing }, quietly);
    api.setReview(reviewing).then((view) => showView(view)).catch(report);
  }

  /** Keeps analysis mode's search on the position shown. */
  function syncAnalysis() {
    const { view, prefs } = game();
    const s = studied();
    if (!view) return;
    if (!s.analysisOn || s.editor) {
      if (s.requested) setStudy({ requested: '' }, quietly);
      return;
    }
    const ply = plyShown(view, s.shownPly);
    const lines = Number(prefs.analysisLines) || DEFAULT_LINES;
    const key = `${view.generation}:${ply}:${lines}`;
    if (key === s.requested) return;
    if (view.aiThinking) {
      if (s.analysisNote !== 'waiting') setStudy({ analysisNote: 'waiting' });
      return;
    }
    const over = ply === view.moves.length && view.status.state !== 'playing';
    if (over) {
      if (view.analysing) api.stopThinking().catch(() => {});
      setStudy({ requested: key, analysisNote: 'over', candidates: null });
      return;
    }
    setStudy({ requested: key, analysisNote: '', candidates: null });
    api.analyze(ply, lines).then((v) => showView(v)).catch((err) => {
      // Asked again at the next change of the store.
      setStudy({ requested: '' }, quietly);
      if (err.kind !== 'aiThinking') report(err);
    });
  }

  return {
    currentPly,
    showPly,

    /** Follows every store change (review and analysis requests); called by its subscriber. */
    sync() {
      syncReview();
      syncAnalysis();
    },

    /**
     * A review key: ←/→/Home/End step through the line.
     * @param {string} key
     * @returns {boolean} whether the key was used
     */
    step(key) {
      const { view } = game();
      if (!view || studied().editor) return false;
      const next = stepPly(view, currentPly(), key);
      if (next == null) return false;
      showPly(next);
      return true;
    },

    /** Back to the live position. */
    live: () => setStudy({ shownPly: null, hoverLine: null, winStep: null }),

    /** Shows (all of) the proven win of the position shown, or hides it. */
    toggleWin() {
      const win = provenWinAt(game().view, currentPly());
      setStudy({ winStep: studied().winStep != null || !win ? null : win.line.length });
    },

    /**
     * Steps through the shown win: one move more (`+1`) or less (`-1`), at least the first.
     * @param {number} delta
     */
    stepWin(delta) {
      const win = provenWinAt(game().view, currentPly());
      const step = studied().winStep;
      if (!win || step == null) return;
      setStudy({ winStep: Math.max(1, Math.min(win.line.length, step + delta)) });
    },

    /** Analysis mode on or off. */
    toggleAnalysis() {
      const { view } = game();
      if (studied().analysisOn) {
        setStudy({ analysisOn: false, candidates: null, analysisNote: '', hoverLine: null });
        if (view?.analysing) run(api.stopThinking);
        return;
      }
      setStudy({ analysisOn: true, candidates: null, toggledAt: now(), firstCandidatesMs: null });
    },

    /** @param {any} payload a `game://analysis` event of analysis mode (it has a `ply`) */
    onAnalysis(payload) {
      const { view } = game();
      const { analysisOn, firstCandidatesMs, toggledAt } = studied();
      if (!view || !analysisOn || payload.generation !== view.generation) return;
      if (payload.ply !== currentPly()) return;
      const first = firstCandidatesMs == null && payload.lines?.length
        ? Math.round(now() - toggledAt) : firstCandidatesMs;
      setStudy({ candidates: payload, analysisNote: '', firstCandidatesMs: first });
    },

    /** @param {{x: number, y: number}[] | null} line a candidate's line to show, or null */
    hoverCandidate: (line) => setStudy({ hoverLine: line }),

    /** Starts (or shows again) the evaluation graph. */
    async evaluate() {
      const { view } = game();
      if (!view) return;
      setStudy({ graph: { generation: view.generation, total: lineOf(view).length + 1, evals: [] } });
      const shown = await run(api.evaluateGame);
      if (!shown) setStudy({ graph: null });
    },

    /** @param {any} payload a `game://graph` event */
    onGraph(payload) {
      const { graph } = studied();
      if (!graph) return;
      const evals = graph.evals.slice();
      evals[payload.ply] = payload.evaluation;
      setStudy({ graph: { ...graph, total: payload.total, evals } });
    },

    stopGraph: () => run(api.stopThinking),

    /**
     * A click on the board while reviewing: after confirming, the move is played after the ply
     * shown and the later moves are kept as a variation.
     * @param {{x: number, y: number}} point
     */
    async playFrom(point) {
      const { view } = game();
      const ply = currentPly();
      const count = lineOf(view).length - ply;
      if (!(await confirmBranch({ ply, count }))) return;
      const shown = await run(() => api.playFrom(ply, point.x, point.y), { point });
      if (shown) setStudy({ shownPly: null });
    },

    restoreVariation: () => run(api.restoreVariation),

    /* ---------- the position editor ---------- */

    /** Opens the editor on the position shown. */
    openEditor() {
      const { view } = game();
      if (!view) return;
      const shown = viewAtPly(view, currentPly());
      setStudy({
        editor: { stones: stonesShown(shown), toMove: sideAt(view, currentPly()), tool: 'black' },
        hoverLine: null,
      });
    },

    /** @param {{x: number, y: number}} point */
    editAt(point) {
      const { editor } = studied();
      if (editor) setStudy({ editor: { ...editor, stones: editStones(editor.stones, point, editor.tool) } });
    },

    /** @param {Partial<{tool: string, toMove: string, stones: any[]}>} patch */
    changeEditor(patch) {
      const { editor } = studied();
      if (editor) setStudy({ editor: { ...editor, ...patch } });
    },

    closeEditor: () => setStudy({ editor: null }),

    /** Plays from the edited position; an unplayable one is refused with the reason. */
    async finishEditor() {
      const { editor } = studied();
      if (!editor) return;
      const shown = await run(() => api.setPosition(editor.stones, editor.toMove), { reset: true });
      if (shown) setStudy({ editor: null, shownPly: null });
    },

    /* ---------- in and out ---------- */

    /** Copies the game as a move string. */
    async copy() {
      let text;
      try {
        text = await api.exportText();
      } catch (err) {
        report(err);
        return;
      }
      const copied = await writeClipboard(text);
      notify(t(copied ? 'io.copied' : 'io.copyFailed', { text }), copied ? 'success' : 'info');
    },

    /**
     * Opens a game from text; resolves with the error message, or '' when it opened.
     * @param {string} text
     * @param {string} [name] the file's name, when it came from a file
     * @returns {Promise<string>}
     */
    async openText(text, name = '') {
      try {
        showView(await api.importText(text, name), { reset: true });
        setStudy({ shownPly: null, editor: null });
        notify(t('toast.loaded'), 'success');
        return '';
      } catch (err) {
        return errorMessage(err, t) ?? '';
      }
    },

    /** @param {Uint8Array} png */
    async savePng(png) {
      try {
        await api.exportPng(png);
        notify(t('io.imageSaved'), 'success');
      } catch (err) {
        report(err);
      }
    },
  };
}

/** Writes text to the clipboard; false when the page may not. @param {string} text */
async function writeClipboard(text) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.append(area);
    area.select();
    let ok = false;
    try {
      ok = document.execCommand('copy');
    } catch {
      ok = false;
    }
    area.remove();
    return ok;
  }
}
