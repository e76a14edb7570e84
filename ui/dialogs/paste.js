// "Paste moves": a text box for a move string, a .psq record or a saved game; the shell reads it
// and a bad one is explained in the dialog, changing nothing.

import { openModal } from './modal.js';
import { t } from '../i18n.js';

/**
 * Opens the paste dialog.
 * @param {(text: string) => Promise<string>} open opens the text; resolves with an error message
 *   or '' when it opened
 */
export function openPasteDialog(open) {
  const $ = (id) => /** @type {any} */ (document.getElementById(id));
  const form = $('paste-dialog').querySelector('form');
  const area = $('paste-text');
  const error = $('paste-error');
  error.textContent = '';
  area.value = '';
  let close = () => {};
  const finish = () => {
    form.removeEventListener('submit', onSubmit);
    $('paste-cancel').removeEventListener('click', finish);
    close();
  };
  const onSubmit = async (e) => {
    e.preventDefault();
    if (!area.value.trim()) {
      error.textContent = t('paste.empty');
      return;
    }
    const problem = await open(area.value);
    if (problem) error.textContent = problem;
    else finish();
  };
  form.addEventListener('submit', onSubmit);
  $('paste-cancel').addEventListener('click', finish);
  close = openModal($('paste-dialog'), { onCancel: finish, initialFocus: area });
}
