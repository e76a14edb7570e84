// Wires the page: the board renderer and its input, the side panel, dialogs, shortcuts, sound,
// language and theme, all around the app's one store (store.js). It owns the store's `ui` part,
// the page's bookkeeping of what it drew. Loaded by index.html as a module.

import { api, createEventPump, EVENTS } from './api.js';
import { createAppStore } from './store.js';
import { createController } from './controller.js';
import {
  applyTranslations, getLanguage, resolveLanguage, setLanguage, t,
} from './i18n.js';
import { SHARED } from './shared.js';
import {
  boardModel, clockOf, deriveViewModel, errorMessage, formatAnalysis, formatHint,
} from './state.js';
import { BoardRenderer } from './board/render.js';
import { bindBoardKeys, bindPointer } from './board/input.js';
import { pointLabel, pointToClient, pointToPixel } from './board/geometry.js';
import { bindShortcuts } from './keyboard.js';
import { createSound } from './sound.js';
import { applyTheme, markLinuxWebview, prefersReducedMotion, readBoardTheme } from './theme.js';
import { renderAnalysis, renderClock, renderPanel, renderSoundToggle } from './panel.js';
import { createToast } from './toast.js';
import { createBanner } from './dialogs/banner.js';
import { createNicknameDialog } from './dialogs/nickname.js';
import { createSettingsDialog } from './dialogs/settings.js';
import { askResume } from './dialogs/resume.js';
import { isModalOpen } from './dialogs/modal.js';
import { confirmBranch } from './dialogs/branch.js';
import { wireStudy } from './study-wiring.js';
import { renderPuzzleCard, wirePuzzles } from './puzzle-panel.js';
import { timedClock } from './timecontrol.js';
import { createStudy } from './study-controller.js';
import { candidatesOf, plyShown, provenWinAt, viewAtPly, winStones } from './study.js';
import { createOpening, openingButtons, openingMarks, openingPrompt } from './opening.js';
import {
  renderCandidates, renderEditorBar, renderGraph, renderMoveList, renderOpeningBar, renderReview,
  renderWinBar,
} from './study-panel.js';

const $ = (id) => /** @type {any} */ (document.getElementById(id));

const store = createAppStore();
/** The only writer of the store's `ui` part: quietly, since nothing is drawn from it. */
const remember = (patch) => store.update('ui', patch, { quiet: true });
const ui = () => store.get().ui;

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
// The first frame's data the shell put in the page (start-up asks for it once).
const snapshot = /** @type {any} */ (window).__GOMOKU_BOOT__ ?? null;
const controller = createController({
  store,
  api: { ...api, boot: () => (snapshot ? Promise.resolve(snapshot) : api.boot()) },
  t,
  notify: (message, kind) => toast.show(message, kind),
  sound,
  onOutcome: (info) => (info ? banner.show({ ...info, place: bannerPlace() }) : banner.hide()),
  askResume,
});
const study = createStudy({
  store,
  api,
  t,
  notify: (message, kind) => toast.show(message, kind),
  showView: (view, opts) => controller.showView(view, opts),
  confirmBranch,
});
const opening = createOpening({ store, decide: (decision, point) => controller.decide(decision, point) });
const nicknames = createNicknameDialog({ onSubmit: (names) => controller.setNames(names) });
const settings = createSettingsDialog({
  onApply: (prefs, startNewGame) => controller.applySettings(prefs, startNewGame),
  api,
  notify: (message, kind) => toast.show(message, kind),
  describeError: (err) => errorMessage(err, t) ?? '',
});

/* ---------- rendering ---------- */

/** Where the banner covers least of the winning five: the top or bottom band of the board. */
function bannerPlace() {
  const view = store.get().game.view;
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
  const { view, hint, prefs, review } = state.game;
  const { shownPly, editor, hoverLine, analysisOn, candidates: analysed, winStep } = state.study;
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
  const candidates = analysisOn && analysed ? candidatesOf(analysed, shownView, t)
    : live ? openingMarks(view, state.opening.pendingOffers) : [];
  const win = winStep == null ? null : provenWinAt(view, plyShown(view, shownPly));
  const puzzleHint = view.puzzle?.hint ? [view.puzzle.hint] : null;
  if (win) {
    const model = boardModel(shownView, { showNumbers: numbers, hint: winStones(win, winStep) });
    return { ...model, hintLimit: win.line.length };
  }
  return boardModel(shownView, {
    showNumbers: numbers,
    hint: hoverLine ?? (live ? puzzleHint ?? hint : null),
    candidates,
  });
}

function renderBoard(state, shownView) {
  const { game, study: studied } = state;
  const { view } = game;
  const key = [view, game.hint, game.prefs.showNumbers, game.review, studied.shownPly, studied.editor,
    studied.candidates, studied.hoverLine, studied.analysisOn, studied.winStep,
    state.opening.pendingOffers];
  const { boardKey, cursor } = ui();
  if (key.length === boardKey.length && key.every((k, i) => k === boardKey[i])) return;
  remember({ boardKey: key });
  if (cursor && (cursor.x >= view.size || cursor.y >= view.size)) remember({ cursor: null });
  const model = modelOf(state, shownView);
  board.setModel(model);
  canvas.dataset.stones = model.stones.map((m) => `${m.x},${m.y},${m.color}`).join(';');
  canvas.dataset.shownPly = studied.shownPly == null ? 'live' : String(studied.shownPly);
  canvas.dataset.editing = String(Boolean(studied.editor));
  canvas.dataset.status = view.status.state;
  canvas.dataset.thinking = String(view.aiThinking);
  canvas.dataset.sideToMove = view.sideToMove;
  canvas.dataset.generation = String(view.generation);
  canvas.dataset.size = String(view.size);
  canvas.setAttribute('aria-label', t('board.label', { size: view.size }));
}

function renderAnalysisBox(state, shownView) {
  const { analysisOn, candidates } = state.study;
  const { view, analysis: a } = state.game;
  const best = analysisOn && candidates ? candidatesOf(candidates, shownView, t)[0] : null;
  if (best) {
    renderAnalysis({
      headline: `${best.point}  ${best.score}`,
      raw: best.raw,
      details: t('analysis.depth', { depth: best.depth }),
      line: t('analysis.line', { line: best.line }),
    }, Boolean(view?.analysing));
    return;
  }
  if (!a) {
    renderAnalysis(null, false);
    return;
  }
  const text = a.type === 'hint' ? formatHint(a.payload, a.view, t) : formatAnalysis(a.payload, a.view, t);
  const live = a.type === 'analysis' && view?.aiThinking && a.view.generation === view.generation;
  renderAnalysis(text, Boolean(live));
}

function render(state) {
  const { view, receivedAt } = state.game;
  if (!view) return;
  const vm = deriveViewModel(view, t, { sinceMs: performance.now() - receivedAt });
  renderPanel(vm);
  renderPuzzleCard(view, t);
  $('btn-pause-label').textContent = t(view.clocks?.paused ? 'btn.resume' : 'btn.pause');
  const ply = plyShown(view, state.study.shownPly);
  const shownView = viewAtPly(view, ply);
  renderBoard(state, shownView);
  renderAnalysisBox(state, shownView);
  renderStudy(state, ply, shownView);
  $('board-wrap').classList.toggle('is-busy', vm.thinking);
  $('thinking-pill').hidden = !vm.thinking || vm.status !== 'playing';
  $('thinking-pill-text').textContent = vm.statusText;
}

function renderStudy(state, ply, shownView) {
  const { view, prefs } = state.game;
  const { editor, shownPly } = state.study;
  const { pendingOffers } = state.opening;
  remember({ listKey: renderMoveList(view, ply, (p) => study.showPly(p), ui().listKey) });
  renderReview(view, editor ? null : shownPly);
  renderEditorBar(editor);
  const candidates = state.study.candidates ? candidatesOf(state.study.candidates, shownView, t) : [];
  renderCandidates({
    on: state.study.analysisOn,
    lines: Number(prefs.analysisLines) || SHARED.defaultPreferences.analysisLines,
    note: state.study.analysisNote,
    candidates,
  }, (line) => study.hoverCandidate(line));
  renderGraph(view, state.study.graph, ply);
  renderWinBar(editor ? null : provenWinAt(view, ply), state.study.winStep, shownView, t);
  const live = shownPly == null && !editor;
  renderOpeningBar(live ? openingPrompt(view, t, pendingOffers) : '', openingButtons(view, pendingOffers));
  $('btn-edit').setAttribute('aria-pressed', String(Boolean(editor)));
}

/** Keeps the "thinking" pill in the board's top margin, above the first line. */
function placePill(layout) {
  $('thinking-pill').style.top = `${Math.max(0, layout.boardTop + layout.cell * 0.6)}px`;
}

/** The side to move's clock between snapshots; under a time control, the last seconds tick
 * and a clock run to zero asks the shell whether the flag fell. */
function tickClocks() {
  const { view, receivedAt } = store.get().game;
  if (!view || view.status.state !== 'playing') return;
  const side = view.sideToMove;
  const since = performance.now() - receivedAt;
  const { clock, clockState } = clockOf(view, side, since);
  renderClock(side, clock, clockState);
  const timed = timedClock(view, side, since);
  if (!timed?.running) return;
  const second = Math.ceil(timed.leftMs / 1000);
  if (timed.leftMs > 0 && second <= 5 && second !== ui().tickedSecond) {
    remember({ tickedSecond: second });
    sound.play('tick');
  }
  // Asked again every half second while the clock shows zero: the shell may see a few
  // milliseconds less than the page.
  const now = performance.now();
  if (timed.leftMs === 0 && now - (ui().timeCheckedAt ?? -Infinity) >= 500) {
    remember({ timeCheckedAt: now });
    controller.checkTime();
  }
}

/* ---------- preferences: language, theme, sound ---------- */

function applyPreferences(prefs) {
  const lang = resolveLanguage(prefs.language, navigator.language);
  if (lang !== getLanguage() || ui().language === '') {
    setLanguage(lang);
    applyTranslations(document);
    // The board's labels are redrawn in the new language.
    remember({ language: lang, boardKey: [] });
    banner.refresh();
    document.title = t('app.title');
    canvas.setAttribute('aria-roledescription', t('board.role'));
    canvas.setAttribute('aria-label', t('board.label', { size: store.get().game.view?.size ?? 15 }));
  }
  $('lang-select').value = prefs.language;
  if (document.documentElement.dataset.themePreference !== prefs.theme) {
    ui().stopFollowingTheme();
    remember({ stopFollowingTheme: applyTheme(prefs.theme, () => board.setTheme(readBoardTheme())) });
  }
  sound.setEnabled(prefs.sound);
  renderSoundToggle(prefs.sound);
}

store.subscribe((state) => {
  if (state.game.prefs !== ui().lastPrefs) {
    remember({ lastPrefs: state.game.prefs });
    applyPreferences(state.game.prefs);
  }
  render(state);
  study.sync();
});

/* ---------- board input ---------- */

function announce(point) {
  const view = store.get().game.view;
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
    remember({ cursor: p });
    board.setCursor(p, false);
    placeAt(p);
  },
});

/** Hovering a candidate mark of analysis mode shows its line. */
function hoverCandidateAt(p) {
  const { analysisOn, candidates, editor } = store.get().study;
  if (!analysisOn || !candidates || editor) return;
  const c = p && candidates.lines?.find((l) => l.pv?.[0]?.x === p.x && l.pv?.[0]?.y === p.y);
  if (c) {
    remember({ hoveredMark: c });
    study.hoverCandidate(c.pv);
  } else if (ui().hoveredMark) {
    remember({ hoveredMark: null });
    study.hoverCandidate(null);
  }
}

/** A click or Enter on the board: edit, continue from a reviewed move, or play. */
function placeAt(p) {
  const { game, study: studied } = store.get();
  if (studied.editor) study.editAt(p);
  else if (studied.shownPly != null) study.playFrom(p);
  else if (game.view?.opening?.turn) opening.click(p);
  else controller.play(p);
}

bindBoardKeys(canvas, {
  getSize: () => store.get().game.view?.size ?? 15,
  getCursor: () => ui().cursor,
  setCursor: (p, visible) => {
    remember({ cursor: p });
    board.setCursor(p, visible);
    if (visible) announce(p);
  },
  onPlace: (p) => placeAt(p),
});
board.observe();
// The evaluation graph is drawn at its box's size, which follows the window (styles.css, "window
// sizes"): drawn again when the box changes.
new ResizeObserver(() => {
  const { game, study: studied } = store.get();
  if (game.view) renderGraph(game.view, studied.graph, plyShown(game.view, studied.shownPly));
}).observe($('eval-graph'));

/* ---------- buttons and shortcuts ---------- */

const prefsNow = () => store.get().game.prefs;
const openNewGame = () => settings.open(prefsNow(), { focusStart: true });
const actions = Object.freeze({
  new: openNewGame,
  undo: () => controller.undo(),
  redo: () => controller.redo(),
  hint: () => controller.hint(),
  save: () => controller.save(),
  load: () => controller.load(),
});
const onClick = (id, fn) => $(id).addEventListener('click', fn);
onClick('btn-new', actions.new);
onClick('btn-undo', actions.undo);
onClick('btn-redo', actions.redo);
onClick('btn-hint', actions.hint);
onClick('btn-pause', () => controller.togglePause());
onClick('btn-save', actions.save);
onClick('btn-load', actions.load);
onClick('btn-stop', () => controller.stop());
onClick('btn-ai-move', () => controller.aiMove());
onClick('btn-settings', () => settings.open(prefsNow()));
onClick('btn-names', () => {
  const view = store.get().game.view;
  if (view) nicknames.open(view);
});
onClick('btn-sound', () => {
  const prefs = prefsNow();
  controller.savePrefs({ ...prefs, sound: !prefs.sound });
});
onClick('btn-theme', () => {
  const shownTheme = document.documentElement.dataset.theme;
  controller.savePrefs({ ...prefsNow(), theme: shownTheme === 'dark' ? 'light' : 'dark' });
});
$('lang-select').addEventListener('change', (e) => {
  controller.savePrefs({ ...prefsNow(), language: e.target.value });
});
bindShortcuts(window, (action) => {
  const view = store.get().game.view;
  const button = { undo: 'btn-undo', redo: 'btn-redo', hint: 'btn-hint' }[action];
  if (button && $(button).disabled) return;
  if (view || action === 'new') actions[action]();
}, { isBlocked: isModalOpen });

/* ---------- review, analysis, graph, editor, in and out ---------- */

wireStudy({ canvas, store, study, controller, opening, toast, modelOf });
wirePuzzles({
  controller, api, notify: (message, kind) => toast.show(message, kind),
  onAnalyse: () => { if (!store.get().study.analysisOn) study.toggleAnalysis(); },
});

/* ---------- shell events, start-up ---------- */

/** Test hook for WebDriver: the client coordinates of an intersection. */
window.__gomokuTest = {
  pointFor(x, y) {
    return pointToClient(board.layout(), canvas.getBoundingClientRect(), x, y);
  },
  /** Milliseconds from switching analysis mode on to the first candidates drawn. */
  analysisTiming: () => store.get().study.firstCandidatesMs,
};

/** Hands the shell's notices to their owners and starts taking them. */
async function listenAll() {
  const pump = createEventPump();
  pump.on(EVENTS.view, () => controller.pullView());
  pump.on(EVENTS.analysis, (payload) => (payload.ply != null ? study.onAnalysis(payload) : controller.onAnalysis(payload)));
  pump.on(EVENTS.graph, (payload) => study.onGraph(payload));
  pump.on(EVENTS.hint, (payload) => controller.onHint(payload));
  pump.on(EVENTS.engineError, ({ message }) => toast.show(t('error.engine', { message }), 'error'));
  pump.start();
}

/**
 * Listens to the shell, shows the first view, then reports the start-up milestones (ms since
 * navigation) with `page_ready` (footprint.sh) once the board is painted.
 * @param {number} modulesLoaded when the modules were loaded and wired
 */
async function startUp(modulesLoaded) {
  // The listeners are asked for while the first frame is drawn.
  let listening = null;
  const listened = listenAll().then(() => { listening = performance.now(); });
  await controller.start();
  // The shell's snapshot may be older than the game by now: look again once listening.
  if (snapshot) listened.then(() => api.getView()).then((view) => controller.showView(view)).catch(() => {});
  const firstView = performance.now();
  // Two frames after the first view: the board is painted (whether or not every listener is
  // attached yet).
  requestAnimationFrame(() => requestAnimationFrame(() => {
    const painted = performance.now();
    listened.then(() => api.pageReady({ ...loadingMarks(), modulesLoaded, listening, firstView, painted }))
      .catch(() => {});
  }));
}

/** When the document and its files arrived (ms since navigation), for the start-up marks. */
function loadingMarks() {
  const nav = /** @type {any} */ (performance.getEntriesByType('navigation')[0]);
  const files = performance.getEntriesByType('resource')
    .map((r) => `${r.name.split('/').pop()} ${Math.round(r.startTime)}–${Math.round(r.responseEnd)}`);
  return {
    documentArrived: nav?.responseEnd,
    domInteractive: nav?.domInteractive,
    scriptStart: globalThis.__scriptStart,
    files: files.join(', '),
  };
}

markLinuxWebview();
applyPreferences(prefsNow());
window.addEventListener('load', () => board.setTheme(readBoardTheme()));
setInterval(tickClocks, 100);
startUp(performance.now());
