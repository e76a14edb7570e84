// The nickname dialog (seed 001's custom dialog, done as a modern modal).
//
// Mode-aware: human vs human asks both names; human vs AI asks only the human's and shows the
// AI's name read-only. Fields start with the current names; each is validated (trimmed,
// non-empty, at most SHARED.nameMaxChars characters) with an inline message. Enter confirms, Esc
// cancels.

import { t } from '../i18n.js';
import { displayName, validateName } from '../state.js';
import { SHARED } from '../shared.js';
import { openModal } from './modal.js';

const COLORS = Object.freeze(/** @type {const} */ (['black', 'white']));

/**
 * Wires the dialog in index.html (`#nickname-dialog`).
 * @param {{onSubmit: (names: {black: string, white: string}) => Promise<void> | void}} handlers
 * @returns {{open: (view: any) => void}}
 */
export function createNicknameDialog(handlers) {
  const backdrop = /** @type {HTMLElement} */ (document.getElementById('nickname-dialog'));
  const form = /** @type {HTMLFormElement} */ (backdrop.querySelector('form'));
  const fields = Object.fromEntries(COLORS.map((c) => [c, {
    input: /** @type {HTMLInputElement} */ (document.getElementById(`name-${c}`)),
    label: document.getElementById(`label-name-${c}`),
    error: document.getElementById(`error-name-${c}`),
    count: document.getElementById(`count-name-${c}`),
    box: document.getElementById(`field-${c}`),
  }]));
  let close = () => {};

  const showError = (color, error) => {
    const f = fields[color];
    const text = !error ? '' : error === 'empty' ? t('names.empty') : t('names.tooLong', { max: SHARED.nameMaxChars });
    f.error.textContent = text;
    f.box.classList.toggle('has-error', Boolean(error));
    f.input.setAttribute('aria-invalid', error ? 'true' : 'false');
  };

  const updateCount = (color) => {
    const f = fields[color];
    const n = [...f.input.value.trim()].length;
    f.count.textContent = f.input.readOnly ? '' : `${n}/${SHARED.nameMaxChars}`;
    f.count.classList.toggle('over', n > SHARED.nameMaxChars);
    const check = validateName(f.input.value);
    showError(color, !check.ok && check.error === 'tooLong' ? 'tooLong' : null);
  };

  for (const color of COLORS) fields[color].input.addEventListener('input', () => updateCount(color));

  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    const names = {};
    let firstBad = null;
    for (const color of COLORS) {
      const f = fields[color];
      if (f.input.readOnly) {
        names[color] = f.input.value;
        continue;
      }
      updateCount(color);
      const check = validateName(f.input.value);
      showError(color, check.ok ? null : check.error);
      if (check.ok) names[color] = check.value;
      else firstBad ??= f.input;
    }
    if (firstBad) {
      firstBad.focus();
      return;
    }
    close();
    await handlers.onSubmit(/** @type {{black: string, white: string}} */ (names));
  });
  document.getElementById('names-cancel').addEventListener('click', () => close());

  return {
    open(view) {
      const vsAi = view.mode === 'humanVsAi';
      document.getElementById('names-subtitle').textContent =
        t(vsAi ? 'names.subtitleHva' : 'names.subtitleHvh');
      let focus = null;
      for (const color of COLORS) {
        const f = fields[color];
        const isAi = view.players[color].kind === 'ai';
        f.input.value = displayName(view, color, t);
        f.input.readOnly = isAi;
        f.input.setAttribute('aria-readonly', String(isAi));
        f.box.classList.toggle('is-readonly', isAi);
        const who = isAi ? t('names.ai') : vsAi ? t('names.you') : null;
        f.label.textContent = who
          ? t('names.fieldLabel', { color: t(`color.${color}`), who })
          : t(`color.${color}`);
        showError(color, null);
        updateCount(color);
        if (!isAi && !focus) focus = f.input;
      }
      close = openModal(backdrop, { onCancel: () => close(), initialFocus: focus, dismissOnBackdrop: true });
      focus?.select();
    },
  };
}
