// DEV ONLY — a fake `window.__TAURI__` for previewing the UI in a plain browser (dev/preview.html).
// Never loaded by index.html. It plays a toy game (freestyle five detection, a naive AI) that is
// just enough to exercise the contract of docs/ipc.md; it is not the engine.
//
// URL parameters: scenario=win|draw|renju|thinking|hint|midgame|hvh, resumable=1, freeze=1.
/* eslint-disable no-use-before-define */
(function installMockTauri() {
  const params = new URLSearchParams(location.search);
  const scenario = params.get('scenario') ?? '';
  const listeners = new Map();
  const emit = (event, payload) => {
    for (const fn of listeners.get(event) ?? []) fn({ event, payload, id: 0 });
  };
  const LEVEL_NAMES = { easy: 'AI · Easy', medium: 'AI · Medium', hard: 'AI · Hard', master: 'AI · Master' };

  let prefs = {
    names: { black: 'Alice', white: 'Bob' }, humanName: 'Alice', level: 'hard', rule: 'freestyle',
    mode: 'humanVsAi', humanColor: 'black', size: 15, centreFirst: false, sound: true,
    language: params.get('language') ?? 'auto', theme: params.get('theme') ?? 'auto', showNumbers: false,
  };
  let game;
  let generation = 0;
  let aiTimer = 0;

  function newGame(settings) {
    clearTimeout(aiTimer);
    game = {
      settings: { ...settings },
      moves: [],
      undone: [],
      status: { state: 'playing' },
      clocks: { blackMs: 0, whiteMs: 0 },
      turnStart: Date.now(),
      aiThinking: false,
      forbidden: [],
    };
    generation += 1;
  }

  const colorAt = (x, y) => game.moves.find((m) => m.x === x && m.y === y)?.color;
  const side = () => (game.moves.length % 2 === 0 ? 'black' : 'white');
  const notation = (x, y) => String.fromCharCode(97 + x) + (game.settings.size - y);
  const playerKind = (color) => {
    const { mode, humanColor } = game.settings;
    if (mode === 'humanVsHuman') return 'human';
    if (mode === 'aiVsAi') return 'ai';
    return color === humanColor ? 'human' : 'ai';
  };

  function fiveThrough(x, y, color) {
    for (const [dx, dy] of [[1, 0], [0, 1], [1, 1], [1, -1]]) {
      const line = [{ x, y }];
      for (const s of [1, -1]) {
        let cx = x + dx * s;
        let cy = y + dy * s;
        while (colorAt(cx, cy) === color) {
          if (s === 1) line.push({ x: cx, y: cy });
          else line.unshift({ x: cx, y: cy });
          cx += dx * s;
          cy += dy * s;
        }
      }
      if (line.length >= 5) return line.slice(0, 5);
    }
    return null;
  }

  function place(x, y) {
    const size = game.settings.size;
    if (x < 0 || y < 0 || x >= size || y >= size) throw { kind: 'outOfBoard', message: 'out of board' };
    if (game.status.state !== 'playing') throw { kind: 'gameOver', message: 'the game is over' };
    if (colorAt(x, y)) throw { kind: 'occupied', message: 'occupied' };
    const f = game.forbidden.find((p) => p.x === x && p.y === y);
    if (f) throw { kind: 'forbidden', message: `forbidden: ${f.kind === 'doubleThree' ? 'double three' : f.kind}` };
    const color = side();
    const now = Date.now();
    game.clocks[`${color}Ms`] += now - game.turnStart;
    game.turnStart = now;
    game.moves.push({ x, y, color, number: game.moves.length + 1, notation: notation(x, y) });
    game.forbidden = [];
    const line = fiveThrough(x, y, color);
    if (line) game.status = { state: 'won', winner: color, line };
    else if (game.moves.length === size * size) game.status = { state: 'draw' };
    generation += 1;
  }

  function view() {
    const s = game.settings;
    const player = (color) => {
      const kind = playerKind(color);
      return kind === 'ai'
        ? { name: LEVEL_NAMES[s.level], kind, level: s.level }
        : { name: s.names[color], kind };
    };
    const running = game.status.state === 'playing' ? Date.now() - game.turnStart : 0;
    const clocks = { ...game.clocks };
    clocks[`${side()}Ms`] += running;
    return {
      generation,
      size: s.size,
      rule: s.rule,
      centreFirst: s.centreFirst,
      mode: s.mode,
      moves: game.moves.map((m) => ({ ...m })),
      sideToMove: side(),
      status: game.status,
      forbidden: game.forbidden,
      players: { black: player('black'), white: player('white') },
      clocks,
      canUndo: game.moves.length > 0,
      canRedo: game.undone.length > 0,
      lastMove: game.moves.at(-1) ?? null,
      aiThinking: game.aiThinking,
      level: s.level,
    };
  }

  function bestMove() {
    const size = game.settings.size;
    if (!game.moves.length) return { x: size >> 1, y: size >> 1 };
    let best = null;
    for (let y = 0; y < size; y += 1) {
      for (let x = 0; x < size; x += 1) {
        if (colorAt(x, y)) continue;
        let score = 0;
        for (const m of game.moves) {
          const d = Math.max(Math.abs(m.x - x), Math.abs(m.y - y));
          if (d <= 2) score += (3 - d) * (m.color === side() ? 2 : 1.6);
        }
        score += Math.random();
        if (!best || score > best.score) best = { x, y, score };
      }
    }
    return best;
  }

  function maybeStartAi() {
    if (game.status.state !== 'playing' || playerKind(side()) !== 'ai' || game.aiThinking) return;
    game.aiThinking = true;
    const gen = generation;
    let depth = 0;
    const tick = () => {
      if (gen !== generation || !game.aiThinking) return;
      depth += 2;
      const move = bestMove();
      emit('game://analysis', {
        generation: gen, depth, score: 40 + depth * 9, mate: null, pv: [move, { x: move.x + 1, y: move.y }],
        nodes: depth * 41000, nps: 812000, forHint: false,
      });
      if (depth < 10 || params.get('freeze')) {
        aiTimer = setTimeout(tick, 160);
        return;
      }
      game.aiThinking = false;
      place(move.x, move.y);
      emit('game://view', view());
      maybeStartAi();
    };
    aiTimer = setTimeout(tick, 120);
  }

  function hint() {
    const gen = generation;
    game.aiThinking = true;
    setTimeout(() => {
      if (gen !== generation) return;
      game.aiThinking = false;
      const move = bestMove();
      const pv = [move, { x: move.x + 1, y: move.y + 1 }, { x: move.x - 1, y: move.y + 1 }];
      emit('game://hint', { generation: gen, x: move.x, y: move.y, notation: notation(move.x, move.y), score: 120, mate: null, depth: 12, pv });
      emit('game://view', view());
    }, 500);
  }

  function undo() {
    if (!game.moves.length) throw { kind: 'nothingToUndo', message: 'nothing to undo' };
    clearTimeout(aiTimer);
    game.aiThinking = false;
    do {
      game.undone.push(game.moves.pop());
    } while (game.settings.mode === 'humanVsAi' && game.moves.length && playerKind(side()) === 'ai');
    game.status = { state: 'playing' };
    generation += 1;
  }

  function redo() {
    if (!game.undone.length) throw { kind: 'nothingToRedo', message: 'nothing to redo' };
    const m = game.undone.pop();
    place(m.x, m.y);
  }

  const settingsFromPrefs = () => ({
    size: prefs.size, rule: prefs.rule, centreFirst: prefs.centreFirst, mode: prefs.mode,
    humanColor: prefs.humanColor, level: prefs.level,
    names: prefs.mode === 'humanVsAi'
      ? { ...prefs.names, [prefs.humanColor]: prefs.humanName } : { ...prefs.names },
  });

  function loadScenario() {
    newGame(settingsFromPrefs());
    const c = 7;
    const scripts = {
      midgame: [[7, 7], [8, 8], [8, 6], [6, 8], [9, 5], [10, 4], [6, 7], [9, 7], [7, 6], [7, 5]],
      win: [[3, 7], [3, 8], [4, 7], [4, 8], [5, 7], [9, 9], [6, 7], [6, 8], [7, 7]],
      winlive: [[3, 7], [3, 8], [4, 7], [4, 8], [5, 7], [9, 9], [6, 7], [6, 8]],
      renju: [[7, 7], [7, 8], [8, 7], [8, 8], [6, 5], [10, 10], [9, 5], [11, 3]],
      thinking: [[7, 7], [8, 8], [6, 6]],
      hint: [[7, 7], [8, 8], [8, 7], [6, 7], [9, 6]],
    };
    if (scenario === 'hvh') game.settings.mode = 'humanVsHuman';
    if (scenario === 'renju') game.settings.rule = 'renju';
    if (scenario === 'draw') {
      game.settings.size = 7;
      game.settings.mode = 'humanVsHuman';
      for (let y = 0; y < 7; y += 1) {
        for (let x = 0; x < 7; x += 1) {
          const color = ((x >> 1) + y) % 2 === 0 ? 'black' : 'white';
          game.moves.push({ x, y, color, number: game.moves.length + 1, notation: notation(x, y) });
        }
      }
      game.status = { state: 'draw' };
      return;
    }
    const mode = game.settings.mode;
    game.settings.mode = 'humanVsHuman';
    for (const [x, y] of scripts[scenario] ?? []) place(x, y);
    game.settings.mode = mode;
    game.clocks = { blackMs: 83000, whiteMs: 47000 };
    if (scenario === 'renju') {
      game.forbidden = [{ x: c + 3, y: c - 2, kind: 'doubleThree' }, { x: 8, y: 5, kind: 'doubleFour' }];
    }
  }

  const commands = {
    get_view: () => view(),
    new_game: ({ settings }) => {
      newGame(settings);
      setTimeout(maybeStartAi, 50);
      return view();
    },
    play: ({ x, y }) => {
      if (game.aiThinking) throw { kind: 'aiThinking', message: 'AI is thinking' };
      if (playerKind(side()) === 'ai') throw { kind: 'notYourTurn', message: 'not your turn' };
      place(x, y);
      game.undone = [];
      setTimeout(maybeStartAi, 30);
      if (playerKind(side()) === 'ai' && game.status.state === 'playing') game.aiThinking = true;
      const v = view();
      game.aiThinking = false;
      return v;
    },
    undo: () => { undo(); return view(); },
    redo: () => { redo(); return view(); },
    ai_move: () => { maybeStartAi(); return view(); },
    hint: () => { hint(); return view(); },
    stop_thinking: () => { game.aiThinking = false; return view(); },
    set_names: ({ names }) => { game.settings.names = { ...names }; generation += 1; return view(); },
    set_level: ({ level }) => { game.settings.level = level; generation += 1; return view(); },
    save_game: () => { throw { kind: 'cancelled', message: 'cancelled' }; },
    load_game: () => { throw { kind: 'badRecord', message: 'bad record at move 3' }; },
    resume_autosave: () => view(),
    discard_autosave: () => { newGame(settingsFromPrefs()); return view(); },
    get_preferences: () => ({ ...prefs }),
    set_preferences: ({ preferences }) => { prefs = { ...preferences }; return { ...prefs }; },
    startup_info: () => ({ resumable: params.get('resumable') === '1', warnings: [] }),
  };

  loadScenario();
  if (scenario === 'thinking') {
    setTimeout(() => {
      maybeStartAi();
      emit('game://view', view());
    }, 300);
  }
  if (scenario === 'winlive') {
    game.settings.mode = 'humanVsHuman';
    setTimeout(() => {
      place(7, 7);
      emit('game://view', view());
    }, 400);
  }
  if (scenario === 'hint') setTimeout(() => { hint(); emit('game://view', view()); }, 300);

  window.__TAURI__ = {
    core: {
      invoke: (name, args) => new Promise((resolve, reject) => {
        setTimeout(() => {
          try {
            if (!commands[name]) throw { kind: 'unknown', message: `no command ${name}` };
            resolve(commands[name](args ?? {}));
          } catch (err) {
            reject(err);
          }
        }, 15);
      }),
    },
    event: {
      listen: async (event, handler) => {
        if (!listeners.has(event)) listeners.set(event, new Set());
        listeners.get(event).add(handler);
        return () => listeners.get(event).delete(handler);
      },
    },
  };
}());
