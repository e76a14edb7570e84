// The start-up prompt offered when the shell has an unfinished autosaved game.

import { openModal } from './modal.js';

/**
 * Asks whether to resume the autosaved game.
 * @returns {Promise<'resume' | 'discard' | 'dismiss'>} `dismiss` on Esc (decide nothing)
 */
export function askResume() {
  const backdrop = /** @type {HTMLElement} */ (document.getElementById('resume-dialog'));
  const resume = /** @type {HTMLButtonElement} */ (document.getElementById('btn-resume'));
  const discard = /** @type {HTMLButtonElement} */ (document.getElementById('btn-discard'));
  return new Promise((resolve) => {
    const done = (answer) => {
      resume.removeEventListener('click', onResume);
      discard.removeEventListener('click', onDiscard);
      close();
      resolve(answer);
    };
    const onResume = () => done('resume');
    const onDiscard = () => done('discard');
    resume.addEventListener('click', onResume);
    discard.addEventListener('click', onDiscard);
    const close = openModal(backdrop, { onCancel: () => done('dismiss'), initialFocus: resume });
  });
}
