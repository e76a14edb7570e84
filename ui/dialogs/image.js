// "Export image": coordinates and move numbers on or off, then the shell's save dialog.

import { openModal } from './modal.js';

/**
 * Asks for the picture's options.
 * @returns {Promise<{coordinates: boolean, numbers: boolean} | null>} null when cancelled
 */
export function askImageOptions() {
  const $ = (id) => /** @type {any} */ (document.getElementById(id));
  const form = $('image-dialog').querySelector('form');
  return new Promise((resolve) => {
    const done = (answer) => {
      form.removeEventListener('submit', onSubmit);
      $('image-cancel').removeEventListener('click', onCancel);
      close();
      resolve(answer);
    };
    const onSubmit = (e) => {
      e.preventDefault();
      done({ coordinates: $('image-coords').checked, numbers: $('image-numbers').checked });
    };
    const onCancel = () => done(null);
    form.addEventListener('submit', onSubmit);
    $('image-cancel').addEventListener('click', onCancel);
    const close = openModal($('image-dialog'), { onCancel, initialFocus: $('image-ok') });
  });
}
