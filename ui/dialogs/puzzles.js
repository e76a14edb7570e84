// The puzzles dialog: the shipped puzzles and those found in the person's games, filtered by
// rule, length and source, each a tile coloured by the person's progress; a tile opens its
// puzzle. The list and the progress come from the shell (`puzzles`, `find_own_puzzles`).

import { openModal } from './modal.js';
import { t } from '../i18n.js';
import { filterPuzzles, gradeLines, puzzleSummary, puzzleTile } from '../puzzle.js';

/**
 * Opens the dialog.
 * @param {object} deps
 * @param {typeof import('../api.js').api} deps.api
 * @param {(id: string) => Promise<unknown>} deps.open opens a puzzle
 * @param {(message: string, kind: 'error' | 'info' | 'success') => void} deps.notify
 * @param {string} deps.rule the rule to show first ('freestyle' or 'renju')
 */
export async function openPuzzlesDialog({ api, open, notify, rule }) {
  const $ = (id) => /** @type {any} */ (document.getElementById(id));
  let list;
  try {
    list = await api.puzzles();
  } catch (err) {
    notify(String(err?.message ?? err), 'error');
    return;
  }
  const filter = { rule: rule === 'renju' ? 'renju' : 'freestyle', grade: 'all', source: 'all' };
  $('puzzles-rule').value = filter.rule;
  $('puzzles-grade').value = filter.grade;
  $('puzzles-source').value = filter.source;

  const draw = () => {
    $('puzzles-summary').textContent = puzzleSummary(list, filter.rule, t);
    $('puzzles-grades').textContent = gradeLines(list, filter.rule, t).join(' · ');
    const notice = $('puzzles-notice');
    notice.hidden = !list.notice;
    notice.textContent = list.notice ?? '';
    const box = $('puzzles-list');
    box.replaceChildren();
    const shown = filterPuzzles(list, filter);
    if (shown.length === 0) {
      const empty = document.createElement('p');
      empty.textContent = t('puzzles.none');
      box.append(empty);
    }
    for (const entry of shown) {
      const tile = puzzleTile(entry, t);
      const button = document.createElement('button');
      button.type = 'button';
      button.className = 'puzzle-tile';
      button.role = 'listitem';
      button.dataset.id = entry.id;
      button.dataset.state = tile.state;
      button.textContent = tile.label;
      button.title = tile.name;
      button.setAttribute('aria-label', tile.name);
      box.append(button);
    }
  };

  const onFilter = () => {
    filter.rule = $('puzzles-rule').value;
    filter.grade = $('puzzles-grade').value;
    filter.source = $('puzzles-source').value;
    draw();
  };
  const onPick = async (e) => {
    const id = e.target?.closest?.('.puzzle-tile')?.dataset.id;
    if (!id) return;
    finish();
    await open(id);
  };
  const onMine = async () => {
    const button = $('btn-puzzles-mine');
    button.disabled = true;
    try {
      list = await api.findOwnPuzzles();
      const mine = list.entries.filter((e) => e.source.kind === 'mine').length;
      notify(t('puzzles.found', { n: mine }), 'info');
      filter.source = 'mine';
      $('puzzles-source').value = 'mine';
      draw();
    } catch (err) {
      notify(String(err?.message ?? err), 'error');
    } finally {
      button.disabled = false;
    }
  };
  const selects = ['puzzles-rule', 'puzzles-grade', 'puzzles-source'].map($);
  let close = () => {};
  function finish() {
    for (const s of selects) s.removeEventListener('change', onFilter);
    $('puzzles-list').removeEventListener('click', onPick);
    $('btn-puzzles-mine').removeEventListener('click', onMine);
    $('puzzles-close').removeEventListener('click', finish);
    close();
  }
  for (const s of selects) s.addEventListener('change', onFilter);
  $('puzzles-list').addEventListener('click', onPick);
  $('btn-puzzles-mine').addEventListener('click', onMine);
  $('puzzles-close').addEventListener('click', finish);
  draw();
  close = openModal($('puzzles-dialog'), { onCancel: finish, initialFocus: $('puzzles-rule') });
}
