// The study controls' wiring: review keys and wheel, the move list's buttons, analysis mode, the
// evaluation graph, the position editor, the opening's choice buttons, and games in and out
// (copy, paste, drag and drop, PNG). Called once by main.js; the logic lives in
// study-controller.js, the drawing in study-panel.js.

import { isModalOpen } from './dialogs/modal.js';
import { openPasteDialog } from './dialogs/paste.js';
import { askImageOptions } from './dialogs/image.js';
import { bindGraph } from './study-panel.js';
import { lineOf, plyShown, viewAtPly } from './study.js';
import { boardPng } from './board/snapshot.js';
import { readBoardTheme } from './theme.js';

const $ = (id) => /** @type {any} */ (document.getElementById(id));
const onClick = (id, fn) => $(id).addEventListener('click', fn);

/**
 * Wires the study controls.
 * @param {object} deps
 * @param {HTMLCanvasElement} deps.canvas the board
 * @param {import('./store.js').Store} deps.store the app's store (read only here)
 * @param {any} deps.study the study controller
 * @param {any} deps.controller the game controller
 * @param {{clear: () => void}} deps.opening the opening's controller
 * @param {{show: (message: string, kind: string) => void}} deps.toast
 * @param {(state: any, shown: any) => any} deps.modelOf the board model of a state and view
 */
export function wireStudy({ canvas, store, study, controller, opening, toast, modelOf }) {
  const isTyping = (el) => el && (/^(INPUT|SELECT|TEXTAREA)$/.test(el.tagName) || el.isContentEditable);
  window.addEventListener('keydown', (e) => {
    if (e.defaultPrevented || isModalOpen() || e.ctrlKey || e.metaKey || e.altKey) return;
    if (isTyping(e.target) || e.target === canvas) return;
    if (e.key === 'Escape') {
      const { editor, shownPly } = store.get().study;
      if (editor) study.closeEditor();
      else if (shownPly != null) study.live();
      else return;
      e.preventDefault();
      return;
    }
    if (study.step(e.key)) e.preventDefault();
  });
  // The wheel's travel since the last step (a gesture's own count, kept by this listener).
  let wheel = 0;
  canvas.addEventListener('wheel', (e) => {
    if (store.get().study.editor) return;
    e.preventDefault();
    wheel += e.deltaY;
    if (Math.abs(wheel) < 40) return;
    study.step(wheel > 0 ? 'ArrowRight' : 'ArrowLeft');
    wheel = 0;
  }, { passive: false });
  onClick('btn-first', () => study.step('Home'));
  onClick('btn-prev', () => study.step('ArrowLeft'));
  onClick('btn-next', () => study.step('ArrowRight'));
  onClick('btn-last', () => study.step('End'));
  onClick('btn-live', () => study.live());
  onClick('btn-show-win', () => study.toggleWin());
  onClick('btn-win-prev', () => study.stepWin(-1));
  onClick('btn-win-next', () => study.stepWin(1));
  onClick('btn-analyse', () => study.toggleAnalysis());
  $('analysis-lines').addEventListener('change', (e) => {
    controller.savePrefs({ ...store.get().game.prefs, analysisLines: Number(e.target.value) });
  });
  onClick('btn-graph', () => study.evaluate());
  onClick('btn-graph-stop', () => study.stopGraph());
  bindGraph(() => lineOf(store.get().game.view ?? { moves: [] }).length, (p) => study.showPly(p));
  onClick('btn-restore', () => study.restoreVariation());
  onClick('btn-edit', () => (store.get().study.editor ? study.closeEditor() : study.openEditor()));
  for (const input of document.querySelectorAll('input[name="editTool"]')) {
    input.addEventListener('change', () => study.changeEditor({ tool: input.value }));
  }
  $('editor-to-move').addEventListener('change', (e) => study.changeEditor({ toMove: e.target.value }));
  onClick('editor-clear', () => study.changeEditor({ stones: [] }));
  onClick('editor-cancel', () => study.closeEditor());
  onClick('editor-done', () => study.finishEditor());
  onClick('btn-copy', () => study.copy());
  onClick('opening-black', () => controller.decide('black'));
  onClick('opening-white', () => controller.decide('white'));
  onClick('opening-clear', () => opening.clear());
  onClick('opening-fifth', () => opening.playFifth());
  onClick('opening-declare', () => opening.declare(Number($('opening-count').value)));
  onClick('btn-paste', () => openPasteDialog((text) => study.openText(text)));
  onClick('btn-image', async () => {
    const options = await askImageOptions();
    if (!options) return;
    const state = store.get();
    const { view } = state.game;
    // The picture shows the position without the page's overlays (hint, analysis marks).
    const plain = {
      ...state,
      game: { ...state.game, hint: null },
      study: { ...state.study, hoverLine: null, analysisOn: false },
    };
    const model = modelOf(plain, viewAtPly(view, plyShown(view, state.study.shownPly)));
    study.savePng(await boardPng(model, readBoardTheme(), options));
  });

  /** Drag and drop: a game file (or text) dropped on the window opens. */
  // How many elements the drag is over (enter and leave come in pairs), kept by these listeners.
  let dragDepth = 0;
  window.addEventListener('dragenter', (e) => {
    e.preventDefault();
    dragDepth += 1;
    $('drop-overlay').hidden = false;
  });
  window.addEventListener('dragleave', () => {
    dragDepth = Math.max(0, dragDepth - 1);
    if (dragDepth === 0) $('drop-overlay').hidden = true;
  });
  window.addEventListener('dragover', (e) => e.preventDefault());
  window.addEventListener('drop', async (e) => {
    e.preventDefault();
    dragDepth = 0;
    $('drop-overlay').hidden = true;
    const file = e.dataTransfer?.files?.[0];
    const text = file ? await file.text() : e.dataTransfer?.getData('text/plain') ?? '';
    const problem = await study.openText(text, file?.name ?? '');
    if (problem) toast.show(problem, 'error');
  });
}
