// The opening explorer dialog: the 26 openings (direct, then indirect) under the rule chosen,
// each a card with its diagram, black's chance, white's best replies and the person's results,
// and two buttons: play it against the AI, or set it up for analysis.

import { openModal } from './modal.js';
import { getLanguage, t } from '../i18n.js';
import { openingCard } from '../explorer.js';

/**
 * Opens the explorer.
 * @param {object} deps
 * @param {typeof import('../api.js').api} deps.api
 * @param {(index: number, rule: string, study: boolean) => Promise<unknown>} deps.start
 * @param {(message: string, kind: 'error' | 'info' | 'success') => void} deps.notify
 * @param {string} deps.rule the rule to show first
 */
export async function openExplorer({ api, start, notify, rule }) {
  const $ = (id) => /** @type {any} */ (document.getElementById(id));
  const select = $('explorer-rule');
  select.value = rule === 'renju' ? 'renju' : 'freestyle';
  let current = null;

  const card = (o) => {
    const c = openingCard(o, current.rule, t, getLanguage());
    const item = document.createElement('li');
    item.className = 'opening-card';
    item.dataset.index = String(o.index);
    const diagram = document.createElement('div');
    diagram.className = 'opening-diagram';
    diagram.setAttribute('aria-hidden', 'true');
    for (const cell of c.cells) {
      const dot = document.createElement('i');
      if (cell) dot.dataset.stone = cell;
      diagram.append(dot);
    }
    const text = document.createElement('div');
    text.className = 'opening-text';
    const line = (cls, value) => {
      const p = document.createElement('p');
      p.className = cls;
      p.textContent = value;
      if (value) text.append(p);
      return p;
    };
    line('opening-title', c.title);
    line('opening-sub', c.subtitle);
    line('opening-chance', c.chance).dataset.tone = c.tone;
    line('opening-replies', c.replies);
    line('opening-mine', c.mine);
    const buttons = document.createElement('div');
    buttons.className = 'opening-actions';
    for (const [key, study] of [['explorer.play', false], ['explorer.analyse', true]]) {
      const b = document.createElement('button');
      b.type = 'button';
      b.className = 'btn btn-small';
      b.textContent = t(key);
      b.dataset.study = String(study);
      b.setAttribute('aria-label', `${t(key)}: ${c.title}`);
      buttons.append(b);
    }
    text.append(buttons);
    item.append(diagram, text);
    return item;
  };

  const draw = () => {
    const list = $('explorer-list');
    list.replaceChildren(...current.openings.map(card));
  };
  const load = async () => {
    try {
      current = await api.explorer(select.value);
      draw();
    } catch (err) {
      notify(String(err?.message ?? err), 'error');
    }
  };
  const onPick = async (e) => {
    const button = e.target?.closest?.('button[data-study]');
    const item = e.target?.closest?.('.opening-card');
    if (!button || !item) return;
    finish();
    await start(Number(item.dataset.index), current.rule, button.dataset.study === 'true');
  };
  let close = () => {};
  function finish() {
    select.removeEventListener('change', load);
    $('explorer-list').removeEventListener('click', onPick);
    $('explorer-close').removeEventListener('click', finish);
    close();
  }
  select.addEventListener('change', load);
  $('explorer-list').addEventListener('click', onPick);
  $('explorer-close').addEventListener('click', finish);
  await load();
  if (!current) return;
  close = openModal($('explorer-dialog'), { onCancel: finish, initialFocus: select });
}
