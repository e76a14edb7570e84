// The question asked before a move is played on an earlier position during review.

import { openModal } from './modal.js';
import { t } from '../i18n.js';

/**
 * Asks whether to continue the game from move `ply`, keeping the `count` later moves as a
 * variation.
 * @param {{ply: number, count: number}} info
 * @returns {Promise<boolean>}
 */
export function confirmBranch({ ply, count }) {
  const $ = (id) => /** @type {HTMLElement} */ (document.getElementById(id));
  $('branch-title').textContent = t('branch.title', { n: ply });
  $('branch-body').textContent = t('branch.body', { n: ply, count });
  const ok = $('branch-ok');
  const cancel = $('branch-cancel');
  return new Promise((resolve) => {
    const done = (answer) => {
      ok.removeEventListener('click', onOk);
      cancel.removeEventListener('click', onCancel);
      close();
      resolve(answer);
    };
    const onOk = () => done(true);
    const onCancel = () => done(false);
    ok.addEventListener('click', onOk);
    cancel.addEventListener('click', onCancel);
    const close = openModal($('branch-dialog'), { onCancel: () => done(false), initialFocus: ok });
  });
}
