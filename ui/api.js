// The IPC boundary: the only module that calls `window.__TAURI__` (see docs/ipc.md).
//
// Every command resolves with what the shell returns and rejects with a normalised
// `{ kind, message }`, whatever shape the failure had. Nothing runs at import time.

/**
 * @typedef {{kind: string, message: string}} ApiError
 * @typedef {object} GameView     the snapshot described in docs/ipc.md
 * @typedef {object} Preferences  the preferences described in docs/ipc.md
 */

/** The names of the shell's notices (see createEventPump). */
export const EVENTS = Object.freeze({
  view: 'game://view',
  analysis: 'game://analysis',
  hint: 'game://hint',
  engineError: 'game://engine-error',
  graph: 'game://graph',
});

/**
 * Turns any rejection value into `{ kind, message }`: an `{kind, message}` object as the shell
 * sends it, a JSON string of one, a plain string or an `Error`.
 * @param {unknown} err
 * @returns {ApiError}
 */
export function normaliseError(err) {
  if (err && typeof err === 'object' && typeof (/** @type {any} */ (err).kind) === 'string') {
    const { kind, message } = /** @type {any} */ (err);
    return { kind, message: message == null ? kind : String(message) };
  }
  if (typeof err === 'string') {
    try {
      const parsed = JSON.parse(err);
      if (parsed && typeof parsed.kind === 'string') return normaliseError(parsed);
    } catch {
      // not JSON: a bare message
    }
    return { kind: 'unknown', message: err };
  }
  if (err instanceof Error) return { kind: 'unknown', message: err.message };
  return { kind: 'unknown', message: String(err) };
}

function tauri() {
  const bridge = typeof window !== 'undefined' ? /** @type {any} */ (window).__TAURI__ : undefined;
  if (!bridge?.core?.invoke) throw { kind: 'unavailable', message: 'The Tauri bridge is not available.' };
  return bridge;
}

/**
 * Calls a shell command.
 * @param {string} name
 * @param {Record<string, unknown>} [args]
 * @returns {Promise<any>} rejects with an {@link ApiError}
 */
export async function call(name, args) {
  try {
    return await tauri().core.invoke(name, args ?? {});
  } catch (err) {
    throw normaliseError(err);
  }
}

/**
 * Drains the shell's notices (docs/ipc.md, "Notices"): one `wait_events` request open at a
 * time, answered with the notices waiting (or none after a while), each handed to the handlers
 * of its name. No script is evaluated per notice (pushed events are, and WebKit kept every one:
 * docs/soak-log.md). A failed request is retried after `pauseMs`.
 * @param {() => Promise<{event: string, payload: any}[]>} [wait] the request (tests give their own)
 * @param {number} [pauseMs]
 * @returns {{on: (event: string, fn: (payload: any) => void) => void, start: () => void}}
 */
export function createEventPump(wait = () => call('wait_events'), pauseMs = 1000) {
  const handlers = new Map();
  let started = false;
  const deliver = ({ event, payload }) => {
    for (const fn of handlers.get(event) ?? []) {
      try {
        fn(payload);
      } catch (err) {
        console.error(err);
      }
    }
  };
  async function drain() {
    for (;;) {
      try {
        (await wait() ?? []).forEach(deliver);
      } catch {
        await new Promise((resolve) => setTimeout(resolve, pauseMs));
      }
    }
  }
  return {
    /** Hands the payload of every notice named `event` to `fn`. */
    on(event, fn) {
      handlers.set(event, [...(handlers.get(event) ?? []), fn]);
    },
    /** Starts the requests (once). */
    start() {
      if (started) return;
      started = true;
      drain();
    },
  };
}

/** The typed commands of docs/ipc.md. Each returns a GameView unless said otherwise. */
export const api = Object.freeze({
  getView: () => call('get_view'),
  /** @param {object} settings */
  newGame: (settings) => call('new_game', { settings }),
  /** @param {number} x @param {number} y */
  play: (x, y) => call('play', { x, y }),
  undo: () => call('undo'),
  redo: () => call('redo'),
  aiMove: () => call('ai_move'),
  hint: () => call('hint'),
  stopThinking: () => call('stop_thinking'),
  /** @param {{black: string, white: string}} names */
  setNames: (names) => call('set_names', { names }),
  /** @param {string} level */
  setLevel: (level) => call('set_level', { level }),
  saveGame: () => call('save_game'),
  loadGame: () => call('load_game'),
  resumeAutosave: () => call('resume_autosave'),
  discardAutosave: () => call('discard_autosave'),
  /** @returns {Promise<Preferences>} */
  getPreferences: () => call('get_preferences'),
  /** @param {Preferences} preferences @returns {Promise<Preferences>} */
  setPreferences: (preferences) => call('set_preferences', { preferences }),
  /** @returns {Promise<{resumable: boolean, warnings: string[]}>} */
  startupInfo: () => call('startup_info'),
  /** The first frame's data in one answer: `{ preferences, startup, view }` (no view when a
   * game can be resumed). */
  boot: () => call('boot'),
  /**
   * Tells the shell the board's first frame is on screen, with the page's start-up milestones.
   * @param {Record<string, number>} marks ms since navigation
   * @returns {Promise<null>}
   */
  pageReady: (marks) => call('page_ready', { marks }),
  /** @returns {Promise<EngineView[]>} the external engines added */
  listEngines: () => call('list_engines'),
  /** The shell opens the file dialog and probes the program. @param {string} args */
  addEngine: (args) => call('add_engine', { args }),
  /** @param {string} id @param {string} name @param {number} moveMs */
  editEngine: (id, name, moveMs) => call('edit_engine', { id, name, moveMs }),
  /** @param {string} id */
  removeEngine: (id) => call('remove_engine', { id }),
  /** @param {string | null} engine an engine id, or null for the built-in AI */
  setOpponent: (engine) => call('set_opponent', { engine }),
  /** Review or editing on (the AI waits) or off. @param {boolean} on */
  setReview: (on) => call('set_review', { on }),
  /** @param {number} ply @param {number} x @param {number} y */
  playFrom: (ply, x, y) => call('play_from', { ply, x, y }),
  restoreVariation: () => call('restore_variation'),
  /** Analysis mode on the position after `ply` moves. @param {number} ply @param {number} lines */
  analyze: (ply, lines) => call('analyze', { ply, lines }),
  evaluateGame: () => call('evaluate_game'),
  /** @param {{x: number, y: number, color: string}[]} stones @param {string} toMove */
  setPosition: (stones, toMove) => call('set_position', { stones, toMove }),
  /** @returns {Promise<string>} the game as a move string */
  exportText: () => call('export_text'),
  /** @param {string} text @param {string} name the file's name, or '' */
  importText: (text, name) => call('import_text', { text, name }),
  /** The shell opens the save dialog. @param {Uint8Array} png @returns {Promise<null>} */
  exportPng: (png) => call('export_png', { png: Array.from(png) }),
  /** A person's opening decision. @param {string} decision */
  decide: (decision) => call('decide', { decision }),
  /** Lets the flag fall if the side to move's time ran out. */
  checkTime: () => call('check_time'),
  /** @param {boolean} on pause (true) or restart the clocks */
  pauseClock: (on) => call('pause_clock', { on }),
  /** Every puzzle with the person's progress. */
  puzzles: () => call('puzzles'),
  /** @param {string} id */
  openPuzzle: (id) => call('open_puzzle', { id }),
  /** The person's move in the puzzle; resolves once it is judged and answered. */
  puzzleMove: (x, y) => call('puzzle_move', { x, y }),
  retryPuzzle: () => call('retry_puzzle'),
  puzzleHint: () => call('puzzle_hint'),
  nextPuzzle: () => call('next_puzzle'),
  closePuzzle: () => call('close_puzzle'),
  /** The opening explorer under `rule`. @param {string} rule */
  explorer: (rule) => call('explorer', { rule }),
  /** A new game from explorer opening `index`; `study`: between two people, for analysis. */
  playOpening: (index, rule, study) => call('play_opening', { index, rule, study }),
  /** Looks for puzzles in the person's kept games; resolves with the whole list. */
  findOwnPuzzles: () => call('find_own_puzzles'),
});
