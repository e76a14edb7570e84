// The side panel: writes a view model (state.js) into the player cards, status line, analysis
// box and action buttons. It owns no state and decides nothing.

import { t } from './i18n.js';

const $ = (id) => /** @type {HTMLElement} */ (document.getElementById(id));

const BUTTONS = Object.freeze({
  undo: 'btn-undo',
  redo: 'btn-redo',
  hint: 'btn-hint',
  save: 'btn-save',
  load: 'btn-load',
  stop: 'btn-stop',
  aiMove: 'btn-ai-move',
  names: 'btn-names',
  pause: 'btn-pause',
});

function setText(el, text) {
  if (el.textContent !== text) el.textContent = text;
}

/**
 * Writes the player cards.
 * @param {any} vm the view model from `deriveViewModel`
 */
export function renderCards(vm) {
  for (const color of ['black', 'white']) {
    const card = vm.cards[color];
    const el = $(`card-${color}`);
    el.classList.toggle('is-active', card.active);
    el.classList.toggle('is-thinking', card.thinking);
    el.classList.toggle('is-winner', card.winner);
    el.classList.toggle('is-ai', card.isAi);
    if (card.active) el.setAttribute('aria-current', 'true');
    else el.removeAttribute('aria-current');
    setText($(`player-name-${color}`), card.name);
    setText($(`player-kind-${color}`), card.kindLabel);
    $(`thinking-${color}`).hidden = !card.thinking;
    renderClock(color, card.clock, card.clockState);
  }
}

/**
 * Writes one clock.
 * @param {'black' | 'white'} color
 * @param {string} text `mm:ss`
 * @param {'' | 'warn' | 'fallen'} [state] a timed clock's last seconds or fallen flag
 */
export function renderClock(color, text, state = '') {
  const el = $(`clock-${color}`);
  setText(el, text);
  el.classList.toggle('is-warn', state === 'warn');
  el.classList.toggle('is-fallen', state === 'fallen');
  el.setAttribute('aria-label', `${t('player.clock', { color: t(`color.${color}`) })} ${text}`);
}

/**
 * Writes the status line, step counter, last move and the buttons' states.
 * @param {any} vm the view model from `deriveViewModel`
 */
export function renderPanel(vm) {
  renderCards(vm);
  setText($('status-text'), vm.statusText);
  $('status-text').dataset.state = vm.thinking && vm.status === 'playing' ? 'thinking' : vm.status;
  setText($('step-count'), vm.stepText);
  setText($('last-move'), vm.lastMoveText);
  for (const [name, id] of Object.entries(BUTTONS)) {
    const button = /** @type {HTMLButtonElement} */ ($(id));
    const state = vm.buttons[name];
    if ('disabled' in state) button.disabled = state.disabled;
    if ('hidden' in state) button.hidden = state.hidden;
  }
}

/**
 * Writes the analysis box; `null` shows the idle hint. `raw` (the engine's score behind a
 * chance) is the headline's tooltip.
 * @param {{headline: string, details: string, line: string, raw?: string} | null} analysis
 * @param {boolean} [live=false] whether a search is still running (dims nothing, adds a pulse)
 */
export function renderAnalysis(analysis, live = false) {
  const box = $('analysis');
  box.classList.toggle('is-live', live);
  box.classList.toggle('is-idle', !analysis);
  setText($('analysis-headline'), analysis ? analysis.headline : t('analysis.idle'));
  $('analysis-headline').title = analysis?.raw ?? '';
  setText($('analysis-details'), analysis ? analysis.details : '');
  setText($('analysis-line'), analysis ? analysis.line : '');
}

/**
 * Shows the sound toggle's state.
 * @param {boolean} on
 */
export function renderSoundToggle(on) {
  const button = $('btn-sound');
  button.setAttribute('aria-pressed', String(on));
  button.classList.toggle('is-off', !on);
}
