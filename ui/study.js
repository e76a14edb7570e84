// Studying a game, as pure functions of a GameView (docs/ipc.md): the line and the position shown
// at a chosen ply (review), stepping through it, analysis mode's candidates, the evaluation
// graph's points, and the position editor's stones. No DOM here: tested with `node --test`.

import { pointLabel } from './board/geometry.js';

/**
 * The whole line: the moves played, then the undone ones redo would replay.
 * @param {any} view
 * @returns {any[]}
 */
export function lineOf(view) {
  return [...view.moves, ...(view.redo ?? [])];
}

/**
 * The stones of a position set up by hand (before any move), as board stones without numbers.
 * @param {any} view
 * @returns {{x: number, y: number, color: string, number: null}[]}
 */
export function setupStones(view) {
  return (view.setup?.stones ?? []).map((s) => ({ x: s.x, y: s.y, color: s.color, number: null }));
}

/** @param {'black'|'white'} c @returns {'black'|'white'} */
const other = (c) => (c === 'black' ? 'white' : 'black');

/**
 * Who moves after `ply` moves of the line.
 * @param {any} view
 * @param {number} ply
 * @returns {'black'|'white'}
 */
export function sideAt(view, ply) {
  const line = lineOf(view);
  if (ply < line.length) return line[ply].color;
  if (ply === view.moves.length) return view.sideToMove;
  if (ply > 0) return other(line[ply - 1].color);
  return view.setup?.toMove ?? 'black';
}

/**
 * The ply shown: `shownPly` clamped to the line, or the live position (`null`).
 * @param {any} view
 * @param {number | null} shownPly
 * @returns {number}
 */
export function plyShown(view, shownPly) {
  const live = view.moves.length;
  if (shownPly == null) return live;
  return Math.max(0, Math.min(lineOf(view).length, shownPly));
}

/**
 * The game as it stood after `ply` moves of the line, shaped like a GameView so the board and
 * the panel draw it unchanged. The live position is the view itself.
 * @param {any} view
 * @param {number} ply
 * @returns {any}
 */
export function viewAtPly(view, ply) {
  if (ply === view.moves.length) return view;
  const moves = lineOf(view).slice(0, ply);
  return {
    ...view,
    moves,
    lastMove: moves.length ? moves[moves.length - 1] : null,
    sideToMove: sideAt(view, ply),
    status: { state: 'playing' },
    forbidden: [],
    aiThinking: false,
  };
}

/**
 * The ply a review key leads to, or `null` for a key that does not step.
 * ←/→ one move, Home the start, End the end of the line.
 * @param {any} view
 * @param {number} ply the ply shown
 * @param {string} key a KeyboardEvent.key
 * @returns {number | null}
 */
export function stepPly(view, ply, key) {
  const end = lineOf(view).length;
  switch (key) {
    case 'ArrowLeft': return Math.max(0, ply - 1);
    case 'ArrowRight': return Math.min(end, ply + 1);
    case 'Home': return 0;
    case 'End': return end;
    default: return null;
  }
}

/**
 * The proven forced win of the side to move at `ply`, if the graph's proof pass found one.
 * @param {any} view
 * @param {number} ply
 * @returns {{moves: number, byFours: boolean, line: {x: number, y: number}[]} | null}
 */
export function provenWinAt(view, ply) {
  return view?.evaluations?.[ply]?.win ?? null;
}

/**
 * What move `ply` did to a proven win: `{kind: 'missedWin' | 'walkedIntoLoss', moves}` or null.
 * @param {any} view
 * @param {number} ply
 * @returns {{ply: number, kind: string, moves: number} | null}
 */
export function proofFlagOf(view, ply) {
  return (view?.proofFlags ?? []).find((f) => f.ply === ply) ?? null;
}

/**
 * The stones of a shown win: its first `step` moves (all of them when `step` is larger).
 * @param {{line: {x: number, y: number}[]}} win
 * @param {number} step
 * @returns {{x: number, y: number}[]}
 */
export function winStones(win, step) {
  return win.line.slice(0, Math.max(0, Math.min(step, win.line.length)));
}

/**
 * The raw score behind an evaluation, for a tooltip: "Engine score +1823" ('' for a proof).
 * @param {{score: number, mate: number | null}} result
 * @param {(key: string, params?: object) => string} t
 * @returns {string}
 */
export function rawScoreText(result, t) {
  if (result.mate != null && result.mate !== 0) return '';
  return t('analysis.rawTitle', { score: signed(result.score) });
}

/** @param {number} score @returns {string} "+120", "-40", "0" */
export function signed(score) {
  const s = Number(score) || 0;
  return s > 0 ? `+${s}` : String(s);
}

/**
 * What a score means in words: "62%" (the side to move's chance to win), "wins in 3", "loses in
 * 2" (`mate` counts plies; positive for the side to move); a score without a chance is shown
 * raw and says so.
 * @param {{score: number, mate: number | null, chance?: number | null}} line
 * @param {(key: string, params?: object) => string} t
 * @returns {string}
 */
export function scoreText(line, t) {
  if (line.mate != null && line.mate !== 0) {
    const n = Math.ceil(Math.abs(line.mate) / 2);
    return t(line.mate > 0 ? 'cand.win' : 'cand.lose', { n });
  }
  if (line.chance != null) return t('cand.chance', { p: line.chance });
  return t('cand.raw', { score: signed(line.score) });
}

/**
 * A candidate's tone, by how its value compares with the best one: `best`, `good` (close to it),
 * `fair`, or `bad`.
 * @param {{score: number, mate: number | null}} line
 * @param {{score: number, mate: number | null}} best
 * @returns {'best' | 'good' | 'fair' | 'bad'}
 */
export function toneOf(line, best) {
  const value = (l) => (l.mate ? Math.sign(l.mate) * (100000 - Math.abs(l.mate)) : l.score);
  const gap = value(best) - value(line);
  if (gap <= 0) return 'best';
  if (line.mate != null && line.mate < 0) return 'bad';
  if (gap <= 60) return 'good';
  if (gap <= 250) return 'fair';
  return 'bad';
}

/**
 * Analysis mode's candidates for the list and the board: rank, point, tone, score text and line.
 * @param {any} event a `game://analysis` payload with `lines`
 * @param {any} shown the view shown (for notation)
 * @param {(key: string, params?: object) => string} t
 * @returns {{rank: number, x: number, y: number, tone: string, score: string, raw: string, point: string,
 *   line: string, pv: {x: number, y: number}[], depth: number}[]}
 */
export function candidatesOf(event, shown, t) {
  const lines = (event?.lines ?? []).filter((l) => l.pv?.length);
  return lines.map((l, i) => ({
    rank: i + 1,
    x: l.pv[0].x,
    y: l.pv[0].y,
    tone: toneOf(l, lines[0]),
    score: scoreText(l, t),
    raw: rawScoreText(l, t),
    point: pointLabel(l.pv[0].x, l.pv[0].y, shown.size),
    line: l.pv.slice(0, 8).map((p) => pointLabel(p.x, p.y, shown.size)).join(' '),
    pv: l.pv,
    depth: event.depth,
  }));
}

/** The largest score the graph draws; wins sit on its edge. */
export const GRAPH_CAP = 3000;

/**
 * An evaluation as a value for the graph, black's view, in -1..1 (wins at ±1): black's chance to
 * win when the engine gives it (50% in the middle), else the score on a soft curve.
 * @param {{score: number, mate: number | null, blackChance?: number | null}} e
 * @returns {number}
 */
export function graphValue(e) {
  if (e.mate != null && e.mate !== 0) return Math.sign(e.mate);
  if (e.blackChance != null) return (Number(e.blackChance) - 50) / 50;
  const s = Math.max(-GRAPH_CAP, Math.min(GRAPH_CAP, Number(e.score) || 0));
  // A soft curve: small differences stay visible, big ones do not flatten the rest.
  return Math.tanh(s / 800) / Math.tanh(GRAPH_CAP / 800);
}

/**
 * The graph's points in a box of `width`×`height`: ply `i` at x, black winning at the top.
 * @param {({score: number, mate: number | null} | undefined)[]} evals by ply (gaps allowed)
 * @param {number} plies the line's length (so the x scale stays put while computing)
 * @param {number} width
 * @param {number} height
 * @returns {{ply: number, x: number, y: number}[]}
 */
export function graphPoints(evals, plies, width, height) {
  const step = plies > 0 ? width / plies : 0;
  const points = [];
  evals.forEach((e, ply) => {
    if (!e) return;
    points.push({ ply, x: ply * step, y: (1 - graphValue(e)) * height / 2 });
  });
  return points;
}

/**
 * The ply nearest to x in the graph.
 * @param {number} x
 * @param {number} plies
 * @param {number} width
 * @returns {number}
 */
export function plyAtX(x, plies, width) {
  if (plies <= 0 || width <= 0) return 0;
  return Math.max(0, Math.min(plies, Math.round((x / width) * plies)));
}

/**
 * The editor's stones after a click at `point` with `tool`: a stone of the tool's colour is put
 * there (replacing another colour), clicking a stone of that colour again — or the eraser —
 * removes it.
 * @param {{x: number, y: number, color: string}[]} stones
 * @param {{x: number, y: number}} point
 * @param {'black' | 'white' | 'erase'} tool
 * @returns {{x: number, y: number, color: string}[]}
 */
export function editStones(stones, point, tool) {
  const at = stones.find((s) => s.x === point.x && s.y === point.y);
  const rest = stones.filter((s) => s !== at);
  if (tool === 'erase' || (at && at.color === tool)) return rest;
  return [...rest, { x: point.x, y: point.y, color: tool }];
}

/**
 * The stones of the position shown, for starting the editor from it.
 * @param {any} shown a view (or `viewAtPly`)
 * @returns {{x: number, y: number, color: string}[]}
 */
export function stonesShown(shown) {
  return [...setupStones(shown), ...shown.moves].map((s) => ({ x: s.x, y: s.y, color: s.color }));
}
