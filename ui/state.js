// The pure derivation of everything the page shows from a GameView (the state itself lives in
// store.js).
//
// The engine decides every rule; this module only reads the snapshot (docs/ipc.md) and says which
// card is highlighted, who is thinking, what the labels read and which buttons are disabled.
// No DOM here: it is tested with `node --test`.

import { pointLabel } from './board/geometry.js';
import { rawScoreText, setupStones, signed } from './study.js';
import { colourOfRole, openingPrompt } from './opening.js';
import { SHARED } from './shared.js';
import { timedClock } from './timecontrol.js';

/** Board sizes offered in the settings dialog: 15 and 19 first, then the rest the engine accepts. */
export const BOARD_SIZES = Object.freeze([15, 19, ...Array.from(
  { length: SHARED.maxBoardSize - SHARED.minBoardSize + 1 }, (_, i) => SHARED.minBoardSize + i,
).filter((n) => n !== 15 && n !== 19)]);

/**
 * Checks a nickname: trimmed, non-empty, at most `SHARED.nameMaxChars` characters (the engine's
 * limit; CJK and astral characters count one each).
 * @param {string} raw
 * @returns {{ok: true, value: string} | {ok: false, error: 'empty' | 'tooLong'}}
 */
export function validateName(raw) {
  const value = String(raw ?? '').trim();
  if (value === '') return { ok: false, error: 'empty' };
  if ([...value].length > SHARED.nameMaxChars) return { ok: false, error: 'tooLong' };
  return { ok: true, value };
}

/** @param {'black' | 'white'} color @returns {'black' | 'white'} */
export function opponent(color) {
  return color === 'black' ? 'white' : 'black';
}

/**
 * The colour the human plays in human vs AI (the first human side otherwise, or null).
 * @param {any} view
 * @returns {'black' | 'white' | null}
 */
export function humanColorOf(view) {
  if (view.players.black.kind === 'human') return 'black';
  if (view.players.white.kind === 'human') return 'white';
  return null;
}

/**
 * The stones as the `data-stones` attribute lists them: `"x,y,color;..."` in move order.
 * @param {any} view
 * @returns {string}
 */
export function stonesAttribute(view) {
  return [...setupStones(view), ...(view.opening?.stones ?? []), ...view.moves].map((m) => `${m.x},${m.y},${m.color}`).join(';');
}

/**
 * Formats milliseconds as `mm:ss` (`h:mm:ss` past an hour).
 * @param {number} ms
 * @returns {string}
 */
export function formatClock(ms) {
  const total = Math.max(0, Math.floor((Number(ms) || 0) / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const two = (n) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${two(m)}:${two(s)}`;
}

/**
 * A player's clock: the shell's figure plus, for the side to move in a running game that has
 * begun, the time since the snapshot arrived.
 * @param {any} view
 * @param {'black' | 'white'} color
 * @param {number} [sinceMs=0]
 * @returns {number}
 */
export function clockMs(view, color, sinceMs = 0) {
  const base = color === 'black' ? view.clocks.blackMs : view.clocks.whiteMs;
  // The clocks start with the first stone (the engine's rule; the page only extrapolates).
  const running = view.status.state === 'playing' && view.moves.length > 0 && view.sideToMove === color;
  return base + (running ? Math.max(0, sinceMs) : 0);
}

/**
 * A player's clock as the card shows it: counting down under a time control (with its warning
 * in the last ten seconds, or its fallen flag), else the time used.
 * @param {any} view
 * @param {'black' | 'white'} color
 * @param {number} sinceMs
 * @returns {{clock: string, clockState: '' | 'warn' | 'fallen'}}
 */
export function clockOf(view, color, sinceMs) {
  const timed = timedClock(view, color, sinceMs);
  if (!timed) return { clock: formatClock(clockMs(view, color, sinceMs)), clockState: '' };
  const fallen = timed.fallen || (view.status.state === 'timeOut' && view.status.winner !== color);
  return { clock: timed.text, clockState: fallen ? 'fallen' : timed.warn ? 'warn' : '' };
}

/**
 * A player's name as the page shows it: the AI by its level, in the page's language ("AI · Easy",
 * "电脑 · 简单"); a person never renamed by their colour (or "Player") in the page's language; any
 * other nickname as given.
 * @param {any} view
 * @param {'black'|'white'} color
 * @param {(key: string, params?: object) => string} t
 */
export function displayName(view, color, t) {
  const player = view.players[color];
  if (player.kind === 'ai' && view.engine?.name) return view.engine.name;
  if (player.kind === 'ai' && player.level) {
    return t('player.aiName', { level: t(`level.${player.level}`) });
  }
  if (player.name === SHARED.defaultNames[color]) return t(`color.${color}`);
  if (player.name === SHARED.defaultNames.human) return t('player.defaultHuman');
  return player.name;
}

function kindLabel(player, t) {
  return t(player.kind === 'ai' ? 'kind.ai' : 'kind.human');
}

function statusText(view, t) {
  const side = view.sideToMove;
  const player = view.players[side];
  if (view.status.state === 'won') return t('status.won', { name: displayName(view, view.status.winner, t) });
  if (view.status.state === 'timeOut') return t('status.timeOut', { name: displayName(view, view.status.winner, t) });
  if (view.status.state === 'draw') return t('status.draw');
  if (view.opening?.turn) return openingPrompt(view, t);
  if (view.aiThinking) {
    return player.kind === 'ai' ? t('status.thinking', { name: displayName(view, side, t) }) : t('status.analysing');
  }
  if (player.kind === 'ai') return t('status.aiWaiting', { name: displayName(view, side, t) });
  return t('status.toMove', { name: displayName(view, side, t) });
}

function lastMoveText(view, t) {
  const last = view.lastMove;
  if (!last) return t('last.none');
  const name = displayName(view, last.color, t);
  return t('last.move', { name, point: pointLabel(last.x, last.y, view.size) });
}

/**
 * Everything the page shows, derived from a GameView.
 * @param {any} view
 * @param {(key: string, params?: object) => string} t translator
 * @param {{sinceMs?: number}} [opts] time since the view arrived, for the running clock
 * @returns {object} the view model (see the returned fields)
 */
export function deriveViewModel(view, t, opts = {}) {
  const playing = view.status.state === 'playing';
  const side = view.sideToMove;
  const inOpening = Boolean(view.opening?.turn);
  const toMoveIsAi = inOpening ? view.opening.decider === 'ai' : view.players[side].kind === 'ai';
  // In the opening the player who decides is the one to act, whatever colour the next stone is.
  const acting = inOpening ? colourOfRole(view.opening, view.opening.turn) : side;
  const card = (color) => ({
    name: displayName(view, color, t),
    kindLabel: kindLabel(view.players[color], t),
    isAi: view.players[color].kind === 'ai',
    active: playing && acting === color,
    thinking: playing && view.aiThinking && acting === color && toMoveIsAi,
    winner: ['won', 'timeOut'].includes(view.status.state) && view.status.winner === color,
    ...clockOf(view, color, opts.sinceMs ?? 0),
  });
  return {
    status: view.status.state,
    winner: view.status.state === 'won' ? view.status.winner : null,
    winLine: view.status.state === 'won' ? view.status.line : null,
    sideToMove: side,
    thinking: view.aiThinking,
    canPlay: playing && !view.aiThinking && !toMoveIsAi,
    cards: { black: card('black'), white: card('white') },
    statusText: statusText(view, t),
    lastMoveText: lastMoveText(view, t),
    stepText: view.moves.length ? t('step.count', { n: view.moves.length }) : t('step.start'),
    stonesAttr: stonesAttribute(view),
    buttons: {
      // In a puzzle its card has the hint and retry; the game's undo and redo wait.
      undo: { disabled: !view.canUndo || Boolean(view.puzzle) },
      redo: { disabled: !view.canRedo || view.aiThinking || Boolean(view.puzzle) },
      hint: { disabled: !playing || view.aiThinking || toMoveIsAi || inOpening
        || (Boolean(view.puzzle) && view.puzzle.status !== 'playing') },
      save: { disabled: false },
      load: { disabled: false },
      stop: { hidden: !view.aiThinking },
      aiMove: { hidden: view.aiThinking || !playing || !toMoveIsAi },
      names: { disabled: view.mode === 'aiVsAi' },
      pause: {
        hidden: !view.clocks?.black || view.mode === 'aiVsAi' || !playing || Boolean(view.puzzle),
      },
    },
  };
}

function formatNps(nps) {
  if (!(nps > 0)) return '0';
  if (nps >= 1e6) return `${(nps / 1e6).toFixed(1)}M`;
  if (nps >= 1e3) return `${Math.round(nps / 1e3)}k`;
  return String(Math.round(nps));
}

/**
 * The evaluation as words: "Alice 62%" (the side to move's chance to win, as the engine
 * computed it), "AI · Hard wins in 3" (`mate` counts plies; positive means the searching side —
 * the side to move — wins); a score without a chance (an external engine's, in its own units)
 * is shown raw and says so.
 * @param {{score: number, mate: number | null, chance?: number | null}} result
 * @param {any} view
 * @param {(key: string, params?: object) => string} t
 * @returns {string}
 */
export function evaluationText(result, view, t) {
  const side = displayName(view, view.sideToMove, t);
  if (result.mate != null && result.mate !== 0) {
    const n = Math.ceil(Math.abs(result.mate) / 2);
    return t(result.mate > 0 ? 'analysis.win' : 'analysis.lose', { side, n });
  }
  if (result.chance != null) return t('analysis.chance', { side, p: result.chance });
  return t('analysis.raw', { side, score: signed(result.score) });
}


function lineText(pv, view, t) {
  if (!pv?.length) return '';
  const moves = pv.slice(0, 10).map((p) => pointLabel(p.x, p.y, view.size));
  return t('analysis.line', { line: moves.join(' ') });
}

/**
 * The analysis panel for a `game://analysis` payload.
 * @param {any} analysis
 * @param {any} view
 * @param {(key: string, params?: object) => string} t
 * @returns {{headline: string, details: string, line: string}}
 */
export function formatAnalysis(analysis, view, t) {
  const details = [t('analysis.depth', { depth: analysis.depth })];
  if (analysis.nps > 0) details.push(t('analysis.speed', { nps: formatNps(analysis.nps) }));
  return {
    headline: evaluationText(analysis, view, t),
    details: details.join(' · '),
    line: lineText(analysis.pv, view, t),
    raw: rawScoreText(analysis, t),
  };
}

/**
 * The analysis panel for a `game://hint` payload.
 * @param {any} hint
 * @param {any} view
 * @param {(key: string, params?: object) => string} t
 * @returns {{headline: string, details: string, line: string}}
 */
export function formatHint(hint, view, t) {
  const details = [evaluationText(hint, view, t)];
  if (hint.depth != null) details.push(t('analysis.depth', { depth: hint.depth }));
  return {
    headline: t('analysis.hint', { point: pointLabel(hint.x, hint.y, view.size) }),
    details: details.join(' · '),
    line: lineText(hintLine(hint), view, t),
    raw: rawScoreText(hint, t),
  };
}

/**
 * The hint's line for the board: the suggested move first, then the rest of its variation.
 * @param {{x: number, y: number, pv?: {x: number, y: number}[]}} hint
 * @returns {{x: number, y: number}[]}
 */
export function hintLine(hint) {
  const pv = hint.pv ?? [];
  if (pv.length && pv[0].x === hint.x && pv[0].y === hint.y) return pv;
  return [{ x: hint.x, y: hint.y }, ...pv];
}

/**
 * What changed between two snapshots, for sounds and the win/draw banner.
 * @param {any | null} prev
 * @param {any} next
 * @returns {{sound: 'place' | 'undo' | 'win' | 'draw' | null, banner: 'won' | 'draw' | 'timeOut' | null, newGame: boolean}}
 */
export function viewChange(prev, next) {
  const none = { sound: null, banner: null, newGame: false };
  if (!prev) return { ...none, banner: next.status.state === 'playing' ? null : next.status.state };
  const prevOver = prev.status.state !== 'playing';
  const nextOver = next.status.state !== 'playing';
  const newGame = next.moves.length === 0 && !next.canRedo && prev.moves.length > 0;
  if (nextOver && !prevOver) {
    const won = ['won', 'timeOut'].includes(next.status.state);
    return { sound: won ? 'win' : 'draw', banner: next.status.state, newGame };
  }
  let sound = null;
  if (next.moves.length > prev.moves.length) sound = 'place';
  else if (next.moves.length < prev.moves.length && !newGame) sound = 'undo';
  return { ...none, sound, newGame };
}

/**
 * Whether a snapshot should replace the one shown: the shell's generations only grow (across
 * new games too), so an older one is stale — even the answer to a new game, load or resume
 * (`reset`), when an event of that game (the AI's first move) overtook it.
 * @param {any | null} current
 * @param {any} next
 * @returns {boolean}
 */
export function shouldAcceptView(current, next) {
  if (!next || typeof next.generation !== 'number') return false;
  return !current || next.generation >= current.generation;
}

function forbiddenKindAt(view, point, message) {
  const found = point && view?.forbidden?.find((f) => f.x === point.x && f.y === point.y);
  if (found) return found.kind;
  if (/double[\s-]*three/i.test(message)) return 'doubleThree';
  if (/double[\s-]*four/i.test(message)) return 'doubleFour';
  if (/overline/i.test(message)) return 'overline';
  return null;
}

/**
 * The translated message for a failed command, or `null` when nothing should be shown
 * (`cancelled` dialogs are silent).
 * @param {{kind: string, message: string}} err
 * @param {(key: string, params?: object) => string} t
 * @param {{view?: any, point?: {x: number, y: number}}} [ctx] the move that failed, for `forbidden`
 * @returns {string | null}
 */
export function errorMessage(err, t, ctx = {}) {
  if (err.kind === 'cancelled') return null;
  if (err.kind === 'engine') return t('error.engine', { message: err.message ?? '' });
  if (err.kind === 'forbidden') {
    const kind = forbiddenKindAt(ctx.view, ctx.point, err.message ?? '');
    return t('error.forbidden', { kind: kind ? t(`forbidden.${kind}`) : err.message });
  }
  // The kinds with a message of their own; any other kind is worded as unknown.
  if (SHARED.errorKinds.includes(err.kind)) return t(`error.${err.kind}`);
  return t('error.unknown', { message: err.message ?? err.kind });
}

/**
 * The `new_game` settings from the preferences.
 * @param {any} prefs
 * @returns {object}
 */
export function newGameSettings(prefs) {
  const names = { black: prefs.names.black, white: prefs.names.white };
  if (prefs.mode === 'humanVsAi') names[prefs.humanColor] = prefs.humanName;
  return {
    size: prefs.size,
    rule: prefs.rule,
    centreFirst: prefs.centreFirst,
    mode: prefs.mode,
    humanColor: prefs.humanColor,
    level: prefs.level,
    names,
    engine: prefs.engine ?? null,
    opening: prefs.opening ?? 'none',
    timeControl: prefs.timeControl ?? { kind: 'none' },
    flagWarns: Boolean(prefs.flagWarns),
  };
}

/**
 * The `new_game` settings that replay the game shown ("Play again"): same board, rule, mode,
 * colours, level and names.
 * @param {any} view
 * @param {any} prefs
 * @returns {object}
 */
export function replaySettings(view, prefs) {
  let human = view.mode === 'humanVsAi' ? humanColorOf(view) : null;
  let names = { black: view.players.black.name, white: view.players.white.name };
  if (view.opening?.black === 'responder') {
    // The opening gave black to the responder: the players' roles (black = the opener) are the
    // colours exchanged back.
    human = human && opponent(human);
    names = { black: names.white, white: names.black };
  }
  return {
    size: view.size,
    rule: view.rule,
    centreFirst: view.centreFirst,
    mode: view.mode,
    humanColor: human ?? prefs.humanColor,
    level: view.level,
    names,
    engine: view.engine?.id ?? null,
    opening: view.opening?.rule ?? 'none',
    timeControl: view.clocks?.control ?? { kind: 'none' },
    flagWarns: Boolean(view.clocks?.flagWarns),
  };
}

/**
 * What the board canvas draws, from a view and the page's own state (hover, hint, options).
 * @param {any} view
 * @param {{showNumbers?: boolean, hint?: {x: number, y: number}[] | null}} [extra]
 * @returns {object}
 */
export function boardModel(view, extra = {}) {
  const playing = view.status.state === 'playing';
  const decider = view.opening?.turn ? view.opening.decider : view.players[view.sideToMove].kind;
  const canPlay = playing && !view.aiThinking && decider !== 'ai';
  return {
    size: view.size,
    stones: [...setupStones(view), ...(view.opening?.stones ?? []), ...view.moves],
    lastMove: view.lastMove,
    winLine: view.status.state === 'won' ? view.status.line : null,
    forbidden: view.forbidden ?? [],
    ghostColor: canPlay ? view.sideToMove : null,
    showNumbers: Boolean(extra.showNumbers),
    hint: extra.hint ?? null,
    hintColor: view.sideToMove,
    busy: view.aiThinking,
    candidates: extra.candidates ?? [],
  };
}
