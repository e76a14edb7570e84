// The study parts of the page: the move list, analysis mode's candidate list, the evaluation
// graph, the review bar and the editor bar. They draw the state they are given and report clicks;
// they decide nothing.

import { t } from './i18n.js';
import { graphPoints, lineOf, plyAtX, proofFlagOf } from './study.js';
import { pointLabel } from './board/geometry.js';
import { openingChoices } from './opening.js';
import { displayName } from './state.js';

const $ = (id) => /** @type {any} */ (document.getElementById(id));

/**
 * Writes the move list (moves, then undone ones dimmed), marking the ply shown and the mistakes.
 * The items are rebuilt only when what they show changed.
 * @param {any} view
 * @param {number} ply the ply shown
 * @param {(ply: number) => void} onPick
 * @param {string} drawnKey what the list was last built from (the key this returned)
 * @returns {string} what the list is built from now
 */
export function renderMoveList(view, ply, onPick, drawnKey) {
  const list = $('move-list');
  const line = lineOf(view);
  const mistakes = new Set(view.mistakes ?? []);
  const opening = view.opening?.stones ?? [];
  const key = JSON.stringify([view.size, view.setup?.stones.length ?? 0, line.map((m) => m.notation),
    opening.map((m) => m.notation), view.opening?.decisions, view.players, view.moves.length,
    [...mistakes], view.proofFlags, t('moves.title')]);
  if (key !== drawnKey) {
    list.replaceChildren(
      startItem(view, onPick),
      ...opening.map((m) => openingItem(view, m, onPick)),
      ...openingChoices(view, t, (c) => displayName(view, c, t)).map(noteItem),
      ...line.map((m, i) => moveItem(view, m, i + 1, mistakes, onPick)),
    );
  }
  for (const item of list.children) {
    const current = item.dataset.ply != null && Number(item.dataset.ply) === ply
      && !item.classList.contains('is-opening');
    item.classList.toggle('is-current', current);
    if (current) {
      item.setAttribute('aria-current', 'step');
      keepInView(list, item);
    } else {
      item.removeAttribute('aria-current');
    }
  }
  return key;
}

/** Scrolls the list (and only the list) so that `item` is visible. */
function keepInView(list, item) {
  const top = item.offsetTop;
  const bottom = top + item.offsetHeight;
  if (top < list.scrollTop) list.scrollTop = top;
  else if (bottom > list.scrollTop + list.clientHeight) list.scrollTop = bottom - list.clientHeight;
}

function startItem(view, onPick) {
  const n = view.setup?.stones.length ?? 0;
  const item = listItem(0, onPick);
  item.classList.add('is-start');
  const rule = view.opening?.rule;
  item.textContent = n ? t('moves.setup', { n })
    : rule && rule !== 'none' ? t('moves.opening', { rule: t(`opening.${rule}`) })
      : t(lineOf(view).length ? 'moves.start' : 'moves.empty');
  return item;
}

/** A line of text in the list (an opening's choice). */
function noteItem(text) {
  const item = document.createElement('li');
  item.className = 'is-note';
  item.dataset.testid = 'opening-choice';
  item.textContent = text;
  return item;
}

/** A stone the opening placed: shown in the list, the position after the opening on a click. */
function openingItem(view, move, onPick) {
  const item = moveItem(view, move, 0, new Set(), onPick);
  item.classList.add('is-opening');
  item.classList.remove('is-undone');
  item.removeAttribute('title');
  item.dataset.testid = `opening-${move.number}`;
  return item;
}

function moveItem(view, move, ply, mistakes, onPick) {
  const flag = proofFlagOf(view, ply);
  const item = listItem(ply, onPick);
  const undone = ply > view.moves.length;
  item.classList.toggle('is-undone', undone);
  if (undone) item.title = t('moves.undone');
  const num = document.createElement('span');
  num.className = 'mv-num';
  num.textContent = `${move.number}.`;
  const dot = document.createElement('i');
  dot.className = `stone-dot small stone-${move.color}`;
  dot.setAttribute('aria-hidden', 'true');
  const at = document.createElement('span');
  at.className = 'mv-at';
  at.textContent = pointLabel(move.x, move.y, view.size);
  item.append(num, dot, at);
  if (flag) {
    // Throwing away a proven win (or walking into one) is the most serious mistake there is.
    const missed = flag.kind === 'missedWin';
    item.classList.add(missed ? 'is-missed-win' : 'is-walked-loss');
    const mark = document.createElement('b');
    mark.className = 'mv-proof';
    mark.textContent = '??';
    mark.title = t(missed ? 'moves.missedWin' : 'moves.walkedLoss', { n: flag.moves });
    mark.dataset.testid = `proof-flag-${ply}`;
    item.append(mark);
  } else if (mistakes.has(ply)) {
    item.classList.add('is-mistake');
    const mark = document.createElement('b');
    mark.className = 'mv-mistake';
    mark.textContent = '?';
    mark.title = t('moves.mistake');
    item.append(mark);
  }
  item.setAttribute('aria-label', `${move.number}. ${t(`color.${move.color}`)} ${at.textContent}`);
  return item;
}

function listItem(ply, onPick) {
  const item = document.createElement('li');
  item.dataset.ply = String(ply);
  item.dataset.testid = `move-${ply}`;
  item.addEventListener('click', () => onPick(ply));
  return item;
}

/**
 * The review bar over the board and the kept variation's note.
 * @param {any} view
 * @param {number | null} shownPly
 */
export function renderReview(view, shownPly) {
  const bar = $('review-bar');
  bar.hidden = shownPly == null;
  if (shownPly != null) {
    const placed = view.opening?.stones.length ?? 0;
    $('review-text').textContent = shownPly === 0
      ? t('review.start')
      : t('review.bar', { n: shownPly + placed, total: lineOf(view).length + placed });
  }
  const v = view.variation;
  $('variation-note').hidden = !v;
  if (v) $('variation-text').textContent = t('variation.kept', { n: v.moves.length, from: v.fromPly + 1 });
  const end = lineOf(view).length;
  const ply = shownPly ?? view.moves.length;
  $('btn-first').disabled = ply === 0;
  $('btn-prev').disabled = ply === 0;
  $('btn-next').disabled = ply >= end;
  $('btn-last').disabled = ply >= end;
}

/**
 * Analysis mode's button and candidate list.
 * @param {{on: boolean, lines: number, note: string, candidates: any[]}} state
 * @param {(line: {x: number, y: number}[] | null) => void} onHover
 */
export function renderCandidates(state, onHover) {
  const button = $('btn-analyse');
  button.setAttribute('aria-pressed', String(state.on));
  button.classList.toggle('is-on', state.on);
  $('analysis-lines').value = String(state.lines);
  const list = $('candidates');
  list.hidden = !state.on;
  if (!state.on) return;
  const key = JSON.stringify([state.note, state.candidates.map((c) => [c.point, c.score, c.line, c.depth])]);
  if (list.dataset.key === key) return;
  list.dataset.key = key;
  if (state.note || !state.candidates.length) {
    const li = document.createElement('li');
    li.className = 'cand-note';
    li.textContent = t(state.note === 'over' ? 'analysis.over'
      : state.note === 'waiting' ? 'analysis.waiting' : 'analysis.modeOn');
    list.replaceChildren(li);
    return;
  }
  list.replaceChildren(...state.candidates.map((c) => candidateItem(c, onHover)));
}

function candidateItem(c, onHover) {
  const li = document.createElement('li');
  li.className = `cand tone-${c.tone}`;
  li.tabIndex = 0;
  li.dataset.testid = `candidate-${c.rank}`;
  const rank = document.createElement('span');
  rank.className = 'cand-rank';
  rank.textContent = String(c.rank);
  const main = document.createElement('span');
  main.className = 'cand-main';
  main.textContent = `${c.point}  ${c.score}`;
  main.title = c.raw;
  const line = document.createElement('span');
  line.className = 'cand-line';
  line.textContent = `${t('analysis.depth', { depth: c.depth })} · ${c.line}`;
  li.append(rank, main, line);
  li.setAttribute('aria-label', t('analysis.candidate', c));
  const show = () => onHover(c.pv);
  const hide = () => onHover(null);
  li.addEventListener('pointerenter', show);
  li.addEventListener('pointerleave', hide);
  li.addEventListener('focus', show);
  li.addEventListener('blur', hide);
  return li;
}

/**
 * The evaluation graph: black's advantage above the middle, white's below, mistakes in red, the
 * ply shown marked.
 * @param {any} view
 * @param {{total: number, evals: any[]} | null} progress the graph being computed, if any
 * @param {number} ply the ply shown
 */
export function renderGraph(view, progress, ply) {
  const box = $('graph-box');
  const evals = mergedEvaluations(view, progress);
  const computing = Boolean(view.evaluating);
  box.hidden = !computing && evals.filter(Boolean).length === 0 && !progress;
  if (box.hidden) return;
  const plies = lineOf(view).length;
  const done = evals.filter(Boolean).length;
  $('graph-status').textContent = computing
    ? t('graph.progress', { done, total: plies + 1 })
    : done < plies + 1 ? t('graph.stopped', { done, total: plies + 1 }) : t('graph.done');
  $('btn-graph-stop').hidden = !computing;
  // Once complete, the legend moves to the graph's tooltip and the list gets the room.
  $('graph-foot').hidden = !computing && done >= plies + 1;
  $('eval-graph').title = t('graph.done');
  const flagged = new Set((view.proofFlags ?? []).map((f) => f.ply));
  drawGraph($('eval-graph'), evals, plies, new Set(view.mistakes ?? []), ply, flagged);
}

/** The evaluations kept with the game, completed by the ones the running graph reported. */
export function mergedEvaluations(view, progress) {
  const evals = (view.evaluations ?? []).slice();
  for (const [ply, e] of (progress?.evals ?? []).entries()) if (e && !evals[ply]) evals[ply] = e;
  return evals;
}

function drawGraph(canvas, evals, plies, mistakes, ply, flagged) {
  const dpr = window.devicePixelRatio || 1;
  const w = canvas.clientWidth;
  const h = canvas.clientHeight;
  if (!w || !h) return;
  if (canvas.width !== Math.round(w * dpr)) canvas.width = Math.round(w * dpr);
  if (canvas.height !== Math.round(h * dpr)) canvas.height = Math.round(h * dpr);
  const ctx = canvas.getContext('2d');
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  ctx.clearRect(0, 0, w, h);
  const style = getComputedStyle(canvas);
  const pad = 4;
  const points = graphPoints(evals, plies, w - 2 * pad, h - 2 * pad)
    .map((p) => ({ ...p, x: p.x + pad, y: p.y + pad }));
  ctx.fillStyle = style.getPropertyValue('--graph-white').trim() || '#e9e4da';
  ctx.fillRect(0, h / 2, w, h / 2);
  ctx.fillStyle = style.getPropertyValue('--graph-black').trim() || '#3a3631';
  if (points.length) {
    ctx.beginPath();
    ctx.moveTo(points[0].x, h / 2);
    for (const p of points) ctx.lineTo(p.x, p.y);
    ctx.lineTo(points[points.length - 1].x, h / 2);
    ctx.closePath();
    ctx.fill();
  }
  ctx.strokeStyle = 'rgba(128, 128, 128, 0.6)';
  ctx.lineWidth = 1;
  ctx.beginPath();
  ctx.moveTo(0, h / 2 + 0.5);
  ctx.lineTo(w, h / 2 + 0.5);
  ctx.stroke();
  const x = pad + (plies ? (ply / plies) * (w - 2 * pad) : 0);
  ctx.strokeStyle = style.getPropertyValue('--accent').trim() || '#e0442a';
  ctx.lineWidth = 2;
  ctx.beginPath();
  ctx.moveTo(x, 0);
  ctx.lineTo(x, h);
  ctx.stroke();
  ctx.fillStyle = '#d6452b';
  for (const p of points) {
    if (!mistakes.has(p.ply) || flagged.has(p.ply)) continue;
    ctx.beginPath();
    ctx.arc(p.x, p.y, 3.5, 0, Math.PI * 2);
    ctx.fill();
  }
  // A thrown-away or walked-into proven win: the biggest mark, ringed.
  for (const p of points) {
    if (!flagged.has(p.ply)) continue;
    ctx.fillStyle = '#a3161b';
    ctx.strokeStyle = '#ffffff';
    ctx.lineWidth = 1.5;
    ctx.beginPath();
    ctx.arc(p.x, p.y, 5.5, 0, Math.PI * 2);
    ctx.fill();
    ctx.stroke();
  }
}

/**
 * The "Show the win" bar: shown when the position shown has a proven win, with the win's
 * length, and — while the win is drawn — buttons that step through its moves.
 * @param {{moves: number, line: any[]} | null} win
 * @param {number | null} step how many of its moves are drawn (null: not drawn)
 * @param {any} shownView the view of the position shown (whose side wins)
 * @param {(key: string, params?: object) => string} tr
 */
export function renderWinBar(win, step, shownView, tr) {
  const bar = $('win-bar');
  bar.hidden = !win;
  if (!win) return;
  const side = tr(`color.${shownView.sideToMove}`);
  const button = $('btn-show-win');
  button.textContent = tr(step == null ? 'win.show' : 'win.hide', { side, n: win.moves });
  button.setAttribute('aria-pressed', String(step != null));
  const stepping = step != null && win.line.length > 1;
  for (const id of ['btn-win-prev', 'btn-win-next', 'win-step']) $(id).hidden = !stepping;
  if (stepping) {
    $('win-step').textContent = tr('win.step', { k: step, n: win.line.length });
    $('btn-win-prev').disabled = step <= 1;
    $('btn-win-next').disabled = step >= win.line.length;
  }
}

/**
 * Listens for clicks on the graph.
 * @param {() => number} getPlies the line's length
 * @param {(ply: number) => void} onPick
 */
export function bindGraph(getPlies, onPick) {
  const canvas = $('eval-graph');
  canvas.addEventListener('click', (e) => {
    const rect = canvas.getBoundingClientRect();
    onPick(plyAtX(e.clientX - rect.left - 4, getPlies(), rect.width - 8));
  });
}

/**
 * The opening's prompt and controls over the board.
 * @param {string} prompt '' once the opening is over
 * @param {{black: boolean, white: boolean, clear: boolean, declare: number, fifth: boolean}} buttons
 *   `declare`: the largest number that may be declared (0: no declaration now)
 */
export function renderOpeningBar(prompt, buttons) {
  $('opening-bar').hidden = !prompt;
  $('opening-prompt').textContent = prompt;
  $('opening-black').hidden = !buttons.black;
  $('opening-white').hidden = !buttons.white;
  $('opening-clear').hidden = !buttons.clear;
  $('opening-fifth').hidden = !buttons.fifth;
  const count = $('opening-count');
  count.hidden = !buttons.declare;
  $('opening-declare').hidden = !buttons.declare;
  if (buttons.declare && count.options.length !== buttons.declare) {
    count.replaceChildren(...Array.from({ length: buttons.declare }, (_, i) => new Option(String(i + 1), String(i + 1))));
    count.value = '2';
  }
}

/**
 * The editor bar's controls.
 * @param {{tool: string, toMove: string} | null} editor
 */
export function renderEditorBar(editor) {
  $('editor-bar').hidden = !editor;
  if (!editor) return;
  for (const input of document.querySelectorAll('input[name="editTool"]')) {
    input.checked = input.value === editor.tool;
  }
  $('editor-to-move').value = editor.toMove;
}
