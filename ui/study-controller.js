// Studying a game: the page's own state for review (the ply shown), analysis mode, the
// evaluation graph's progress and the position editor, and the commands they send. The engine
// decides everything about the game; this module only keeps what is shown and asks the shell.

import { editStones, lineOf, plyShown, sideAt, stepPly, stonesShown, viewAtPly } from './study.js';
import { errorMessage } from './state.js';

/**
 * @typedef {object} StudyState
 * @property {number | null} shownPly      the ply reviewed, or null for the live position
 * @property {boolean} analysisOn          analysis mode is on
 * @property {any | null} candidates       the last analysis-mode event for the shown position
 * @property {string} analysisNote         '' | 'waiting' | 'over'
 * @property {{x: number, y: number}[] | null} hoverLine  a candidate's line shown as ghost stones
 * @property {{generation: number, total: number, evals: any[]} | null} graph  the graph computing
 * @property {{stones: {x: number, y: number, color: string}[], toMove: string,
 *   tool: 'black' | 'white' | 'erase'} | null} editor  the position editor, when open
 */

/** The study fields of a fresh store. */
export const STUDY_DEFAULTS = Object.freeze({
  shownPly: null,
  analysisOn: false,
  candidates: null,
  analysisNote: '',
  hoverLine: null,
  graph: null,
  editor: null,
});

/**
 * Creates the study controller over the main controller's store.
 * @param {object} deps
 * @param {any} deps.store the controller's store
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
  let requested = '';
  let reviewSent = false;
  let toggledAt = 0;
  /** Milliseconds from switching analysis on to the first candidates, for the tests' numbers. */
  const timing = { firstCandidatesMs: null };

  const report = (err, ctx = {}) => {
    const message = errorMessage(err, t, { view: store.get().view, ...ctx });
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
  const currentPly = () => plyShown(store.get().view, store.get().shownPly);

  /** Shows the position after `ply` moves of the line (the live one ends review). */
  function showPly(ply) {
    const { view } = store.get();
    if (!view) return;
    const clamped = plyShown(view, ply);
    store.update({ shownPly: clamped === view.moves.length ? null : clamped, hoverLine: null });
  }

  /** Tells the shell whether the AI must wait (review or editing), when that changes. */
  function syncReview(state) {
    const reviewing = state.shownPly != null || state.editor != null;
    if (reviewing === reviewSent || !state.view) return;
    reviewSent = reviewing;
    api.setReview(reviewing).then((view) => showView(view)).catch(report);
  }

  /** Keeps analysis mode's search on the position shown. */
  function syncAnalysis(state) {
    const { view } = state;
    if (!view) return;
    if (!state.analysisOn || state.editor) {
      requested = '';
      return;
    }
    const ply = plyShown(view, state.shownPly);
    const lines = Number(state.prefs.analysisLines) || 3;
    const key = `${view.generation}:${ply}:${lines}`;
    if (key === requested) return;
    if (view.aiThinking) {
      if (state.analysisNote !== 'waiting') store.update({ analysisNote: 'waiting' });
      return;
    }
    const over = ply === view.moves.length && view.status.state !== 'playing';
    if (over) {
      requested = key;
      if (view.analysing) api.stopThinking().catch(() => {});
      store.update({ analysisNote: 'over', candidates: null });
      return;
    }
    requested = key;
    store.update({ analysisNote: '', candidates: null });
    api.analyze(ply, lines).then((v) => showView(v)).catch((err) => {
      requested = '';
      if (err.kind !== 'aiThinking') report(err);
    });
  }

  return {
    timing,
    currentPly,
    showPly,

    /** Follows every store change (review and analysis requests). @param {any} state */
    sync(state) {
      syncReview(state);
      syncAnalysis(state);
    },

    /**
     * A review key: ←/→/Home/End step through the line.
     * @param {string} key
     * @returns {boolean} whether the key was used
     */
    step(key) {
      const { view } = store.get();
      if (!view || store.get().editor) return false;
      const next = stepPly(view, currentPly(), key);
      if (next == null) return false;
      showPly(next);
      return true;
    },

    /** Back to the live position. */
    live: () => store.update({ shownPly: null, hoverLine: null }),

    /** Analysis mode on or off. */
    toggleAnalysis() {
      const { analysisOn, view } = store.get();
      if (analysisOn) {
        store.update({ analysisOn: false, candidates: null, analysisNote: '', hoverLine: null });
        if (view?.analysing) run(api.stopThinking);
        return;
      }
      toggledAt = now();
      timing.firstCandidatesMs = null;
      store.update({ analysisOn: true, candidates: null });
    },

    /** @param {any} payload a `game://analysis` event of analysis mode (it has a `ply`) */
    onAnalysis(payload) {
      const { view, analysisOn } = store.get();
      if (!view || !analysisOn || payload.generation !== view.generation) return;
      if (payload.ply !== currentPly()) return;
      if (timing.firstCandidatesMs == null && payload.lines?.length) {
        timing.firstCandidatesMs = Math.round(now() - toggledAt);
      }
      store.update({ candidates: payload, analysisNote: '' });
    },

    /** @param {{x: number, y: number}[] | null} line a candidate's line to show, or null */
    hoverCandidate: (line) => store.update({ hoverLine: line }),

    /** Starts (or shows again) the evaluation graph. */
    async evaluate() {
      const view = store.get().view;
      if (!view) return;
      store.update({ graph: { generation: view.generation, total: lineOf(view).length + 1, evals: [] } });
      const shown = await run(api.evaluateGame);
      if (!shown) store.update({ graph: null });
    },

    /** @param {any} payload a `game://graph` event */
    onGraph(payload) {
      const graph = store.get().graph;
      if (!graph) return;
      const evals = graph.evals.slice();
      evals[payload.ply] = payload.evaluation;
      store.update({ graph: { ...graph, total: payload.total, evals } });
    },

    stopGraph: () => run(api.stopThinking),

    /**
     * A click on the board while reviewing: after confirming, the move is played after the ply
     * shown and the later moves are kept as a variation.
     * @param {{x: number, y: number}} point
     */
    async playFrom(point) {
      const { view } = store.get();
      const ply = currentPly();
      const count = lineOf(view).length - ply;
      if (!(await confirmBranch({ ply, count }))) return;
      const shown = await run(() => api.playFrom(ply, point.x, point.y), { point });
      if (shown) store.update({ shownPly: null });
    },

    restoreVariation: () => run(api.restoreVariation),

    /* ---------- the position editor ---------- */

    /** Opens the editor on the position shown. */
    openEditor() {
      const { view } = store.get();
      if (!view) return;
      const shown = viewAtPly(view, currentPly());
      store.update({
        editor: { stones: stonesShown(shown), toMove: sideAt(view, currentPly()), tool: 'black' },
        hoverLine: null,
      });
    },

    /** @param {{x: number, y: number}} point */
    editAt(point) {
      const { editor } = store.get();
      if (editor) store.update({ editor: { ...editor, stones: editStones(editor.stones, point, editor.tool) } });
    },

    /** @param {Partial<{tool: string, toMove: string, stones: any[]}>} patch */
    changeEditor(patch) {
      const { editor } = store.get();
      if (editor) store.update({ editor: { ...editor, ...patch } });
    },

    closeEditor: () => store.update({ editor: null }),

    /** Plays from the edited position; an unplayable one is refused with the reason. */
    async finishEditor() {
      const { editor } = store.get();
      if (!editor) return;
      const shown = await run(() => api.setPosition(editor.stones, editor.toMove), { reset: true });
      if (shown) store.update({ editor: null, shownPly: null });
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
        store.update({ shownPly: null, editor: null });
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
