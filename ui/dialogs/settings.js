// The new-game / settings dialog: mode, your colour, AI level, rule, board size, centre-first
// opening, and the app's language, theme, sound and move numbers.
//
// "Apply" keeps the current game (the level applies at once, the rest waits for the next game);
// "Start new game" applies and starts one. Esc or Cancel closes without changes.

import { t } from '../i18n.js';
import { BOARD_SIZES } from '../state.js';
import { openModal } from './modal.js';
import { createEnginePanel } from './engines.js';
import { PRESETS, customControl, formOf, presetOf } from '../timecontrol.js';

/**
 * Wires the dialog in index.html (`#settings-dialog`).
 * @param {{onApply: (prefs: any, startNewGame: boolean) => Promise<void> | void,
 *   api: any, notify: (message: string, kind: string) => void,
 *   describeError: (err: any) => string}} handlers
 * @returns {{open: (prefs: any, options?: {focusStart?: boolean}) => void}}
 */
export function createSettingsDialog(handlers) {
  const backdrop = /** @type {HTMLElement} */ (document.getElementById('settings-dialog'));
  const form = /** @type {HTMLFormElement} */ (backdrop.querySelector('form'));
  const el = (id) => /** @type {any} */ (document.getElementById(id));
  let base = null;
  let close = () => {};

  const radio = (name) => /** @type {HTMLInputElement | null} */ (form.querySelector(`input[name="${name}"]:checked`));
  const setRadio = (name, value) => {
    for (const r of form.querySelectorAll(`input[name="${name}"]`)) r.checked = r.value === value;
  };
  const syncMode = () => {
    el('row-color').hidden = radio('mode')?.value !== 'humanVsAi';
  };
  form.addEventListener('change', syncMode);
  /** The chosen opening rule's one-line explanation (and what "your colour" then means). */
  const syncOpening = () => {
    const rule = el('set-opening').value;
    el('opening-help').textContent = rule === 'none' ? '' : t(`opening.help.${rule}`);
    el('opening-help').hidden = rule === 'none';
  };
  el('set-opening').addEventListener('change', syncOpening);

  /** The custom form shows under "Custom…", with the fields its kind uses. */
  const syncTime = () => {
    el('time-custom').hidden = el('set-time').value !== 'custom';
    const kind = el('time-kind').value;
    el('time-minutes-field').hidden = kind === 'perMove';
    el('time-periods-field').hidden = kind !== 'byoYomi';
  };
  el('set-time').addEventListener('change', syncTime);
  el('time-kind').addEventListener('change', syncTime);
  const timeControl = () => {
    const preset = el('set-time').value;
    if (preset !== 'custom') return PRESETS[preset] ?? PRESETS.none;
    return customControl({
      kind: el('time-kind').value,
      minutes: el('time-minutes').value,
      seconds: el('time-seconds').value,
      periods: el('time-periods').value,
    });
  };
  const showTime = (control) => {
    el('set-time').value = presetOf(control);
    const form = formOf(control);
    el('time-kind').value = form.kind;
    el('time-minutes').value = String(form.minutes);
    el('time-seconds').value = String(form.seconds);
    el('time-periods').value = String(form.periods);
    syncTime();
  };
  const engines = createEnginePanel(handlers);
  const syncEngines = () => engines.setGame(el('set-rule').value, Number(el('set-size').value));
  el('set-rule').addEventListener('change', syncEngines);
  el('set-size').addEventListener('change', syncEngines);

  const fillSizes = (current) => {
    const select = el('set-size');
    select.replaceChildren(...BOARD_SIZES.slice().sort((a, b) => a - b).map((n) => {
      const option = document.createElement('option');
      option.value = String(n);
      option.textContent = t('size.option', { n });
      return option;
    }));
    select.value = String(current);
  };

  /** Search threads: automatic (all cores but one), or a number up to the cores. */
  const fillThreads = (current) => {
    const cores = Math.max(1, navigator.hardwareConcurrency || 1);
    const options = [0, ...Array.from({ length: cores }, (_, i) => i + 1)].map((n) => {
      const option = document.createElement('option');
      option.value = String(n);
      option.textContent = n === 0 ? t('threads.auto', { n: Math.max(1, cores - 1) }) : String(n);
      return option;
    });
    el('set-threads').replaceChildren(...options);
    el('set-threads').value = String(Math.min(current, cores));
  };

  const collect = () => ({
    ...base,
    mode: radio('mode')?.value ?? base.mode,
    humanColor: radio('humanColor')?.value ?? base.humanColor,
    level: radio('level')?.value ?? base.level,
    rule: el('set-rule').value,
    opening: el('set-opening').value,
    timeControl: timeControl(),
    flagWarns: el('set-flag-warns').checked,
    size: Number(el('set-size').value),
    centreFirst: el('set-centre').checked,
    language: el('set-language').value,
    theme: el('set-theme').value,
    sound: el('set-sound').checked,
    showNumbers: el('set-numbers').checked,
    searchThreads: Number(el('set-threads').value),
    engine: engines.selected(),
  });

  const finish = async (startNewGame) => {
    const prefs = collect();
    close();
    await handlers.onApply(prefs, startNewGame);
  };
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    finish(true);
  });
  el('settings-apply').addEventListener('click', () => finish(false));
  el('settings-cancel').addEventListener('click', () => close());

  return {
    open(prefs, options = {}) {
      base = prefs;
      setRadio('mode', prefs.mode);
      setRadio('humanColor', prefs.humanColor);
      setRadio('level', prefs.level);
      el('set-rule').value = prefs.rule;
      el('set-opening').value = prefs.opening ?? 'none';
      syncOpening();
      showTime(prefs.timeControl ?? PRESETS.none);
      el('set-flag-warns').checked = Boolean(prefs.flagWarns);
      fillSizes(prefs.size);
      el('set-centre').checked = prefs.centreFirst;
      el('set-language').value = prefs.language;
      el('set-theme').value = prefs.theme;
      el('set-sound').checked = prefs.sound;
      el('set-numbers').checked = prefs.showNumbers;
      fillThreads(prefs.searchThreads ?? 0);
      syncMode();
      engines.refresh(prefs.engine ?? null, prefs.rule, prefs.size);
      const focus = options.focusStart ? el('settings-start') : radio('mode');
      close = openModal(backdrop, { onCancel: () => close(), initialFocus: focus, dismissOnBackdrop: true });
    },
  };
}
