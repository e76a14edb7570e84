// Sample GameViews (docs/ipc.md) for the tests, built from a move list.

const notation = (x, y, size) => String.fromCharCode(97 + x) + (size - y);

/**
 * A GameView after playing `points` alternately from black.
 * @param {[number, number][]} points
 * @param {object} [overrides] fields replaced in the result
 * @returns {object}
 */
export function makeView(points = [], overrides = {}) {
  const size = overrides.size ?? 15;
  const moves = points.map(([x, y], i) => ({
    x, y, color: i % 2 === 0 ? 'black' : 'white', number: i + 1, notation: notation(x, y, size),
  }));
  return {
    generation: moves.length + 1,
    size,
    rule: 'freestyle',
    centreFirst: false,
    mode: 'humanVsAi',
    moves,
    sideToMove: moves.length % 2 === 0 ? 'black' : 'white',
    status: { state: 'playing' },
    forbidden: [],
    players: {
      black: { name: 'Alice', kind: 'human' },
      white: { name: 'AI · Hard', kind: 'ai', level: 'hard' },
    },
    clocks: { blackMs: 12000, whiteMs: 800 },
    canUndo: moves.length > 0,
    canRedo: false,
    lastMove: moves.at(-1) ?? null,
    aiThinking: false,
    level: 'hard',
    ...overrides,
  };
}

/** Black has five on row 8 (y = 7) from D8 to H8; white to move but the game is over. */
export function wonView() {
  const points = [[3, 7], [3, 8], [4, 7], [4, 8], [5, 7], [5, 8], [6, 7], [6, 8], [7, 7]];
  const line = [3, 4, 5, 6, 7].map((x) => ({ x, y: 7 }));
  return makeView(points, { status: { state: 'won', winner: 'black', line } });
}

/** A two-player game in renju, black to move with two forbidden points. */
export function renjuView() {
  return makeView([[7, 7], [7, 8], [8, 7], [8, 8]], {
    rule: 'renju',
    mode: 'humanVsHuman',
    players: { black: { name: 'Alice', kind: 'human' }, white: { name: 'Bob', kind: 'human' } },
    forbidden: [{ x: 9, y: 6, kind: 'doubleThree' }, { x: 10, y: 5, kind: 'overline' }],
  });
}
