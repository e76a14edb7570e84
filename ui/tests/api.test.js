// The IPC boundary: error normalisation and the command names/arguments of docs/ipc.md.

import { test, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { api, EVENTS, normaliseError } from '../api.js';

afterEach(() => {
  delete globalThis.window;
});

function fakeTauri(answer) {
  const calls = [];
  const listeners = {};
  globalThis.window = {
    __TAURI__: {
      core: { invoke: async (name, args) => { calls.push([name, args]); return answer(name, args); } },
      event: { listen: async (name, fn) => { listeners[name] = fn; return () => delete listeners[name]; } },
    },
  };
  return { calls, listeners };
}

test('errors become {kind, message} whatever their shape', () => {
  assert.deepEqual(normaliseError({ kind: 'occupied', message: 'occupied at h8' }), { kind: 'occupied', message: 'occupied at h8' });
  assert.deepEqual(normaliseError({ kind: 'io' }), { kind: 'io', message: 'io' });
  assert.deepEqual(normaliseError('{"kind":"cancelled","message":"no file"}'), { kind: 'cancelled', message: 'no file' });
  assert.deepEqual(normaliseError('plain failure'), { kind: 'unknown', message: 'plain failure' });
  assert.deepEqual(normaliseError(new Error('boom')), { kind: 'unknown', message: 'boom' });
  assert.deepEqual(normaliseError(undefined), { kind: 'unknown', message: 'undefined' });
});

test('commands use the contract names and argument shapes', async () => {
  const { calls } = fakeTauri(() => ({ generation: 1 }));
  await api.play(7, 8);
  await api.newGame({ size: 15 });
  await api.setNames({ black: 'A', white: 'B' });
  await api.setLevel('hard');
  await api.setPreferences({ sound: false });
  await api.undo();
  await api.stopThinking();
  assert.deepEqual(calls, [
    ['play', { x: 7, y: 8 }],
    ['new_game', { settings: { size: 15 } }],
    ['set_names', { names: { black: 'A', white: 'B' } }],
    ['set_level', { level: 'hard' }],
    ['set_preferences', { preferences: { sound: false } }],
    ['undo', {}],
    ['stop_thinking', {}],
  ]);
});

test('a rejected command rejects with the normalised error', async () => {
  fakeTauri(() => { throw { kind: 'forbidden', message: 'double three' }; });
  await assert.rejects(api.play(1, 1), { kind: 'forbidden', message: 'double three' });
});

test('no Tauri bridge: a clear error instead of a crash', async () => {
  await assert.rejects(api.getView(), (err) => err.kind === 'unavailable');
});

test('events hand the payload to the handler', async () => {
  const { listeners } = fakeTauri(() => null);
  const seen = [];
  const unlisten = await api.onHint((p) => seen.push(p));
  listeners[EVENTS.hint]({ event: EVENTS.hint, payload: { x: 1, y: 2 } });
  assert.deepEqual(seen, [{ x: 1, y: 2 }]);
  assert.equal(typeof unlisten, 'function');
  assert.deepEqual(Object.values(EVENTS), ['game://view', 'game://analysis', 'game://hint', 'game://engine-error', 'game://graph']);
});
