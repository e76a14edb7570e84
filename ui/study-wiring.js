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
 * @param {any} deps.store the app's store
 * @param {any} deps.study the study controller
 * @param {any} deps.controller the game controller
 * @param {{show: (message: string, kind: string) => void}} deps.toast
 * @param {(state: any, shown: any) => any} deps.modelOf the board model of a state and view
 */
export function wireStudy({ canvas, store, study, controller, toast, modelOf }) {
  const isTyping = (el) => el && (/^(INPUT|SELECT|TEXTAREA)$/.test(el.tagName) || el.isContentEditable);
  window.addEventListener('keydown', (e) => {
    if (e.defaultPrevented || isModalOpen() || e.ctrlKey || e.metaKey || e.altKey) return;
    if (isTyping(e.target) || e.target === canvas) return;
    if (e.key === 'Escape') {
      const state = store.get();
      if (state.editor) study.closeEditor();
      else if (state.shownPly != null) study.live();
      else return;
      e.preventDefault();
      return;
    }
    if (study.step(e.key)) e.preventDefault();
  });
  let wheel = 0;
  canvas.addEventListener('wheel', (e) => {
    if (store.get().editor) return;
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
  onClick('btn-analyse', () => study.toggleAnalysis());
  $('analysis-lines').addEventListener('change', (e) => {
    controller.savePrefs({ ...store.get().prefs, analysisLines: Number(e.target.value) });
  });
  onClick('btn-graph', () => study.evaluate());
  onClick('btn-graph-stop', () => study.stopGraph());
  bindGraph(() => lineOf(store.get().view ?? { moves: [] }).length, (p) => study.showPly(p));
  onClick('btn-restore', () => study.restoreVariation());
  onClick('btn-edit', () => (store.get().editor ? study.closeEditor() : study.openEditor()));
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
  onClick('opening-clear', () => store.update({ pendingOffer: null }));
  onClick('btn-paste', () => openPasteDialog((text) => study.openText(text)));
  onClick('btn-image', async () => {
    const options = await askImageOptions();
    if (!options) return;
    const state = store.get();
    const model = modelOf({ ...state, hint: null, hoverLine: null, analysisOn: false },
      viewAtPly(state.view, plyShown(state.view, state.shownPly)));
    study.savePng(await boardPng(model, readBoardTheme(), options));
  });

  /** Drag and drop: a game file (or text) dropped on the window opens. */
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
