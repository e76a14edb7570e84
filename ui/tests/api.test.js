// The IPC boundary: error normalisation and the command names/arguments of docs/ipc.md.

import { test, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { api, createEventPump, EVENTS, normaliseError } from '../api.js';

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

test('the notices are drained one request at a time and handed to their handlers', async () => {
  const batches = [
    [{ event: EVENTS.hint, payload: { x: 1, y: 2 } }, { event: EVENTS.view, payload: { generation: 3 } }],
    () => Promise.reject(new Error('gone')),
    [{ event: EVENTS.hint, payload: { x: 5, y: 5 } }],
  ];
  let asked = 0;
  const wait = () => {
    asked += 1;
    const batch = batches[asked - 1];
    if (!batch) return new Promise(() => {});
    return typeof batch === 'function' ? batch() : Promise.resolve(batch);
  };
  const pump = createEventPump(wait, 1);
  const seen = [];
  pump.on(EVENTS.hint, (p) => seen.push(['hint', p]));
  pump.on(EVENTS.view, () => { throw new Error('a bad handler does not stop the others'); });
  pump.on(EVENTS.view, (p) => seen.push(['view', p]));
  pump.start();
  pump.start();
  await new Promise((r) => setTimeout(r, 30));
  assert.deepEqual(seen, [['hint', { x: 1, y: 2 }], ['view', { generation: 3 }], ['hint', { x: 5, y: 5 }]]);
  assert.equal(asked, 4, 'one request after another, a failed one retried');
  assert.deepEqual(Object.values(EVENTS), ['game://view', 'game://analysis', 'game://hint', 'game://engine-error', 'game://graph']);
});
