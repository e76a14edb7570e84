// Wires the page: the board renderer and its input, the side panel, dialogs, shortcuts, sound,
// language and theme, all around the controller's store. Loaded by index.html as a module.

import { api } from './api.js';
import { createController } from './controller.js';
import {
  applyTranslations, getLanguage, resolveLanguage, setLanguage, t,
} from './i18n.js';
import {
  boardModel, clockMs, deriveViewModel, errorMessage, formatAnalysis, formatClock, formatHint,
} from './state.js';
import { BoardRenderer } from './board/render.js';
import { bindBoardKeys, bindPointer } from './board/input.js';
import { pointLabel, pointToClient, pointToPixel } from './board/geometry.js';
import { bindShortcuts } from './keyboard.js';
import { createSound } from './sound.js';
import { applyTheme, prefersReducedMotion, readBoardTheme } from './theme.js';
import { renderAnalysis, renderClock, renderPanel, renderSoundToggle } from './panel.js';
import { createToast } from './toast.js';
import { createBanner } from './dialogs/banner.js';
import { createNicknameDialog } from './dialogs/nickname.js';
import { createSettingsDialog } from './dialogs/settings.js';
import { askResume } from './dialogs/resume.js';
import { isModalOpen } from './dialogs/modal.js';
import { confirmBranch } from './dialogs/branch.js';
import { wireStudy } from './study-wiring.js';
import { createStudy, STUDY_DEFAULTS } from './study-controller.js';
import { candidatesOf, plyShown, viewAtPly } from './study.js';
import { openingButtons, openingClick, openingMarks, openingPrompt } from './opening.js';
import {
  renderCandidates, renderEditorBar, renderGraph, renderMoveList, renderOpeningBar, renderReview,
} from './study-panel.js';

const $ = (id) => /** @type {any} */ (document.getElementById(id));

const canvas = /** @type {HTMLCanvasElement} */ ($('board'));
const board = new BoardRenderer(canvas, {
  reducedMotion: prefersReducedMotion,
  onLayout: (layout) => placePill(layout),
});
const toast = createToast($('toast'));
const sound = createSound();
const banner = createBanner({
  onPlayAgain: () => controller.playAgain(),
  onReview: () => {
    controller.review();
    canvas.focus({ preventScroll: true });
  },
  reducedMotion: prefersReducedMotion,
});
const controller = createController({
  api,
  t,
  notify: (message, kind) => toast.show(message, kind),
  sound,
  onOutcome: (info) => (info ? banner.show({ ...info, place: bannerPlace() }) : banner.hide()),
  askResume,
});
const { store } = controller;
store.update({ ...STUDY_DEFAULTS, pendingOffer: null });
const study = createStudy({
  store,
  api,
  t,
  notify: (message, kind) => toast.show(message, kind),
  showView: (view, opts) => controller.showView(view, opts),
  confirmBranch,
});
const nicknames = createNicknameDialog({ onSubmit: (names) => controller.setNames(names) });
const settings = createSettingsDialog({
  onApply: (prefs, startNewGame) => controller.applySettings(prefs, startNewGame),
  api,
  notify: (message, kind) => toast.show(message, kind),
  describeError: (err) => errorMessage(err, t) ?? '',
});

let cursor = null;
let shown = { key: [], language: '' };
let stopFollowingTheme = () => {};

/* ---------- rendering ---------- */

/** Where the banner covers least of the winning five: the top or bottom band of the board. */
function bannerPlace() {
  const view = store.get().view;
  if (view?.status.state !== 'won') return 'centre';
  const layout = board.layout();
  const ys = view.status.line.map((p) => pointToPixel(layout, p.x, p.y).py / layout.cssHeight);
  const inTop = ys.filter((y) => y < 0.3).length;
  const inBottom = ys.filter((y) => y > 0.7).length;
  if (inTop !== inBottom) return inTop < inBottom ? 'top' : 'bottom';
  return ys.reduce((a, b) => a + b, 0) / ys.length > 0.5 ? 'top' : 'bottom';
}

/** The board model of what is shown: the editor's stones, a reviewed ply, or the live game. */
function modelOf(state, shownView) {
  const { view, hint, prefs, review, shownPly, editor, hoverLine } = state;
  if (editor) {
    const edited = {
      ...view, moves: [], setup: { stones: editor.stones, toMove: editor.toMove }, lastMove: null,
      status: { state: 'playing' }, forbidden: [], aiThinking: false,
    };
    const model = boardModel(edited, {});
    return { ...model, ghostColor: editor.tool === 'erase' ? null : editor.tool };
  }
  const numbers = Boolean(prefs.showNumbers || review || shownPly != null);
  const live = shownPly == null;
  const candidates = state.analysisOn && state.candidates ? candidatesOf(state.candidates, shownView, t)
    : live ? openingMarks(view, state.pendingOffer) : [];
  return boardModel(shownView, {
    showNumbers: numbers,
    hint: hoverLine ?? (live ? hint : null),
    candidates,
  });
}

function renderBoard(state, shownView) {
  const { view } = state;
  const key = [view, state.hint, state.prefs.showNumbers, state.review, state.shownPly, state.editor,
    state.candidates, state.hoverLine, state.analysisOn, state.pendingOffer];
  if (key.length === shown.key.length && key.every((k, i) => k === shown.key[i])) return;
  shown = { ...shown, key };
  if (cursor && (cursor.x >= view.size || cursor.y >= view.size)) cursor = null;
  const model = modelOf(state, shownView);
  board.setModel(model);
  canvas.dataset.stones = model.stones.map((m) => `${m.x},${m.y},${m.color}`).join(';');
  canvas.dataset.shownPly = state.shownPly == null ? 'live' : String(state.shownPly);
  canvas.dataset.editing = String(Boolean(state.editor));
  canvas.dataset.status = view.status.state;
  canvas.dataset.thinking = String(view.aiThinking);
  canvas.dataset.sideToMove = view.sideToMove;
  canvas.dataset.generation = String(view.generation);
  canvas.dataset.size = String(view.size);
  canvas.setAttribute('aria-label', t('board.label', { size: view.size }));
}

function renderAnalysisBox(state, shownView) {
  const best = state.analysisOn && state.candidates
    ? candidatesOf(state.candidates, shownView, t)[0] : null;
  if (best) {
    renderAnalysis({
      headline: `${best.point}  ${best.score}`,
      details: t('analysis.depth', { depth: best.depth }),
      line: t('analysis.line', { line: best.line }),
    }, Boolean(state.view?.analysing));
    return;
  }
  const a = state.analysis;
  if (!a) {
    renderAnalysis(null, false);
    return;
  }
  const text = a.type === 'hint' ? formatHint(a.payload, a.view, t) : formatAnalysis(a.payload, a.view, t);
  const live = a.type === 'analysis' && state.view?.aiThinking && a.view.generation === state.view.generation;
  renderAnalysis(text, Boolean(live));
}

function render(state) {
  if (!state.view) return;
  const vm = deriveViewModel(state.view, t, { sinceMs: performance.now() - state.receivedAt });
  renderPanel(vm);
  const ply = plyShown(state.view, state.shownPly);
  const shownView = viewAtPly(state.view, ply);
  renderBoard(state, shownView);
  renderAnalysisBox(state, shownView);
  renderStudy(state, ply, shownView);
  $('board-wrap').classList.toggle('is-busy', vm.thinking);
  $('thinking-pill').hidden = !vm.thinking || vm.status !== 'playing';
  $('thinking-pill-text').textContent = vm.statusText;
}

function renderStudy(state, ply, shownView) {
  const { view } = state;
  renderMoveList(view, ply, (p) => study.showPly(p));
  renderReview(view, state.editor ? null : state.shownPly);
  renderEditorBar(state.editor);
  const candidates = state.candidates ? candidatesOf(state.candidates, shownView, t) : [];
  renderCandidates({
    on: state.analysisOn,
    lines: Number(state.prefs.analysisLines) || 3,
    note: state.analysisNote,
    candidates,
  }, (line) => study.hoverCandidate(line));
  renderGraph(view, state.graph, ply);
  const live = state.shownPly == null && !state.editor;
  renderOpeningBar(live ? openingPrompt(view, t, state.pendingOffer) : '', openingButtons(view, state.pendingOffer));
  $('btn-edit').setAttribute('aria-pressed', String(Boolean(state.editor)));
}

/** Keeps the "thinking" pill in the board's top margin, above the first line. */
function placePill(layout) {
  $('thinking-pill').style.top = `${Math.max(0, layout.boardTop + layout.cell * 0.6)}px`;
}

function tickClocks() {
  const { view, receivedAt } = store.get();
  if (!view || view.status.state !== 'playing') return;
  const side = view.sideToMove;
  renderClock(side, formatClock(clockMs(view, side, performance.now() - receivedAt)));
}

/* ---------- preferences: language, theme, sound ---------- */

function applyPreferences(prefs) {
  const lang = resolveLanguage(prefs.language, navigator.language);
  if (lang !== getLanguage() || shown.language === '') {
    setLanguage(lang);
    applyTranslations(document);
    shown = { ...shown, language: lang, key: [] };
    banner.refresh();
    document.title = t('app.title');
    canvas.setAttribute('aria-roledescription', t('board.role'));
    canvas.setAttribute('aria-label', t('board.label', { size: store.get().view?.size ?? 15 }));
  }
  $('lang-select').value = prefs.language;
  if (document.documentElement.dataset.themePreference !== prefs.theme) {
    stopFollowingTheme();
    stopFollowingTheme = applyTheme(prefs.theme, () => board.setTheme(readBoardTheme()));
  }
  sound.setEnabled(prefs.sound);
  renderSoundToggle(prefs.sound);
}

let lastPrefs = null;
store.subscribe((state) => {
  if (state.prefs !== lastPrefs) {
    lastPrefs = state.prefs;
    applyPreferences(state.prefs);
  }
  render(state);
  study.sync(state);
});

/* ---------- board input ---------- */

function announce(point) {
  const view = store.get().view;
  if (!view || !point) return;
  const stone = view.moves.find((m) => m.x === point.x && m.y === point.y);
  const label = pointLabel(point.x, point.y, view.size);
  $('board-live').textContent = stone
    ? t('board.cursorStone', { point: label, color: t(`color.${stone.color}`) })
    : t('board.cursorEmpty', { point: label });
}

bindPointer(canvas, () => board.layout(), {
  onHover: (p) => {
    board.setHover(p);
    hoverCandidateAt(p);
  },
  onPick: (p) => {
    cursor = p;
    board.setCursor(p, false);
    placeAt(p);
  },
});

/** Hovering a candidate mark of analysis mode shows its line. */
let hoveredMark = null;
function hoverCandidateAt(p) {
  const state = store.get();
  if (!state.analysisOn || !state.candidates || state.editor) return;
  const c = p && state.candidates.lines?.find((l) => l.pv?.[0]?.x === p.x && l.pv?.[0]?.y === p.y);
  if (c) {
    hoveredMark = c;
    study.hoverCandidate(c.pv);
  } else if (hoveredMark) {
    hoveredMark = null;
    study.hoverCandidate(null);
  }
}

/** A click or Enter on the board: edit, continue from a reviewed move, or play. */
function placeAt(p) {
  const state = store.get();
  if (state.editor) study.editAt(p);
  else if (state.shownPly != null) study.playFrom(p);
  else if (state.view?.opening?.turn) openingAt(p);
  else controller.play(p);
}

/** A click in the opening: a stone, an offered fifth move picked, or one kept. */
function openingAt(p) {
  const state = store.get();
  const action = openingClick(state.view, p, state.pendingOffer);
  if (!action) return;
  if ('pending' in action) store.update({ pendingOffer: action.pending });
  else {
    store.update({ pendingOffer: null });
    controller.decide(action.decision, p);
  }
}
bindBoardKeys(canvas, {
  getSize: () => store.get().view?.size ?? 15,
  getCursor: () => cursor,
  setCursor: (p, visible) => {
    cursor = p;
    board.setCursor(p, visible);
    if (visible) announce(p);
  },
  onPlace: (p) => placeAt(p),
});
board.observe();

/* ---------- buttons and shortcuts ---------- */

const openNewGame = () => settings.open(store.get().prefs, { focusStart: true });
const actions = {
  new: openNewGame,
  undo: () => controller.undo(),
  redo: () => controller.redo(),
  hint: () => controller.hint(),
  save: () => controller.save(),
  load: () => controller.load(),
};
const onClick = (id, fn) => $(id).addEventListener('click', fn);
onClick('btn-new', actions.new);
onClick('btn-undo', actions.undo);
onClick('btn-redo', actions.redo);
onClick('btn-hint', actions.hint);
onClick('btn-save', actions.save);
onClick('btn-load', actions.load);
onClick('btn-stop', () => controller.stop());
onClick('btn-ai-move', () => controller.aiMove());
onClick('btn-settings', () => settings.open(store.get().prefs));
onClick('btn-names', () => {
  const view = store.get().view;
  if (view) nicknames.open(view);
});
onClick('btn-sound', () => {
  const prefs = store.get().prefs;
  controller.savePrefs({ ...prefs, sound: !prefs.sound });
});
onClick('btn-theme', () => {
  const shownTheme = document.documentElement.dataset.theme;
  controller.savePrefs({ ...store.get().prefs, theme: shownTheme === 'dark' ? 'light' : 'dark' });
});
$('lang-select').addEventListener('change', (e) => {
  controller.savePrefs({ ...store.get().prefs, language: e.target.value });
});
bindShortcuts(window, (action) => {
  const view = store.get().view;
  const button = { undo: 'btn-undo', redo: 'btn-redo', hint: 'btn-hint' }[action];
  if (button && $(button).disabled) return;
  if (view || action === 'new') actions[action]();
}, { isBlocked: isModalOpen });

/* ---------- review, analysis, graph, editor, in and out ---------- */

wireStudy({ canvas, store, study, controller, toast, modelOf });

/* ---------- shell events, start-up ---------- */

/** Test hook for WebDriver: the client coordinates of an intersection. */
window.__gomokuTest = {
  pointFor(x, y) {
    return pointToClient(board.layout(), canvas.getBoundingClientRect(), x, y);
  },
  /** Milliseconds from switching analysis mode on to the first candidates drawn. */
  analysisTiming: () => study.timing.firstCandidatesMs,
};

async function listenAll() {
  const subscriptions = [
    api.onView((view) => controller.showView(view)),
    api.onAnalysis((payload) => (payload.ply != null ? study.onAnalysis(payload) : controller.onAnalysis(payload))),
    api.onGraph((payload) => study.onGraph(payload)),
    api.onHint((payload) => controller.onHint(payload)),
    api.onEngineError(({ message }) => toast.show(t('error.engine', { message }), 'error')),
  ];
  const results = await Promise.allSettled(subscriptions);
  const failed = results.find((r) => r.status === 'rejected');
  if (failed) toast.show(t('error.unknown', { message: failed.reason?.message ?? '' }), 'error');
}

applyPreferences(store.get().prefs);
window.addEventListener('load', () => board.setTheme(readBoardTheme()));
setInterval(tickClocks, 250);
/** Start-up milestones (ms since navigation), reported with `page_ready` (footprint.sh). */
const startMarks = { modulesLoaded: performance.now() };

listenAll()
  .then(() => { startMarks.listening = performance.now(); return controller.start(); })
  .then(() => {
    startMarks.firstView = performance.now();
    // Two frames after the first view: the board is painted.
    requestAnimationFrame(() => requestAnimationFrame(() => {
      startMarks.painted = performance.now();
      api.pageReady(startMarks).catch(() => {});
    }));
  });
