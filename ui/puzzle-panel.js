// Draws the puzzle card (shown only in puzzle mode) from the GameView's `puzzle`, and wires its
// buttons, the "Puzzles" button and the opening explorer's button to the controller. The texts
// come from puzzle.js and explorer.js.

import { puzzleCard } from './puzzle.js';
import { openPuzzlesDialog } from './dialogs/puzzles.js';
import { openExplorer } from './dialogs/explorer.js';

const $ = (id) => /** @type {any} */ (document.getElementById(id));

/**
 * Shows or hides the card for `view`.
 * @param {any} view
 * @param {(key: string, params?: object) => string} t
 */
export function renderPuzzleCard(view, t) {
  const card = $('puzzle-card');
  card.hidden = !view?.puzzle;
  document.body.classList.toggle('in-puzzle', Boolean(view?.puzzle));
  if (!view?.puzzle) return;
  const c = puzzleCard(view, t);
  $('puzzle-title').textContent = c.title;
  $('puzzle-streak').textContent = c.streak;
  $('puzzle-task').textContent = c.task;
  const status = $('puzzle-status');
  status.textContent = c.status;
  status.dataset.tone = c.tone;
  status.dataset.state = view.puzzle.status;
  $('btn-puzzle-hint').disabled = !c.canHint;
  $('btn-puzzle-retry').disabled = !c.canRetry;
  $('btn-puzzle-next').disabled = !c.canNext;
}

/**
 * Wires the puzzle buttons.
 * @param {object} deps
 * @param {ReturnType<typeof import('./controller.js').createController>} deps.controller
 * @param {typeof import('./api.js').api} deps.api
 * @param {(message: string, kind: 'error' | 'info' | 'success') => void} deps.notify
 * @param {() => void} [deps.onAnalyse] turns analysis mode on (an opening opened for analysis)
 */
export function wirePuzzles({ controller, api, notify, onAnalyse }) {
  const on = (id, fn) => $(id).addEventListener('click', fn);
  on('btn-puzzles', () => {
    const view = controller.store.get().game.view;
    const rule = view?.puzzle?.rule ?? view?.rule ?? 'freestyle';
    openPuzzlesDialog({ api, notify, rule, open: (id) => controller.openPuzzle(id) });
  });
  on('btn-puzzle-hint', () => controller.hint());
  on('btn-puzzle-retry', () => controller.retryPuzzle());
  on('btn-puzzle-next', () => controller.nextPuzzle());
  on('btn-puzzle-close', () => controller.closePuzzle());
  on('btn-openings', () => {
    const rule = controller.store.get().game.view?.rule ?? 'freestyle';
    const start = async (index, chosen, study) => {
      const view = await controller.playOpening(index, chosen, study);
      if (view && study && onAnalyse) onAnalyse();
    };
    openExplorer({ api, notify, rule, start });
  });
}
