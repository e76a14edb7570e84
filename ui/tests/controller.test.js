// The controller against a fake shell: what is sent, what is shown, what is reported.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { translator } from '../i18n.js';
import { createController } from '../controller.js';
import { SHARED } from '../shared.js';
import { makeView, renjuView, wonView } from './fixtures.js';

function setup(overrides = {}, options = {}) {
  const calls = [];
  const notes = [];
  const sounds = [];
  const outcomes = [];
  const record = (name, result) => (...args) => {
    calls.push([name, ...args]);
    return typeof result === 'function' ? result(...args) : Promise.resolve(result);
  };
  const api = {
    getPreferences: record('getPreferences', { ...SHARED.defaultPreferences, humanName: 'Alice' }),
    setPreferences: record('setPreferences', (p) => Promise.resolve(p)),
    startupInfo: record('startupInfo', { resumable: false, warnings: [] }),
    // The first view: the test's own getView answer, when it gives one.
    boot: record('boot', async () => ({
      preferences: { ...SHARED.defaultPreferences, humanName: 'Alice' },
      startup: { resumable: false, warnings: [] },
      view: await (overrides.getView ?? (() => Promise.resolve(makeView([]))))(),
    })),
    getView: record('getView', makeView([])),
    resumeAutosave: record('resumeAutosave', makeView([[7, 7], [8, 8]])),
    discardAutosave: record('discardAutosave', makeView([])),
    play: record('play', makeView([[7, 7]], { aiThinking: true })),
    undo: record('undo', makeView([])),
    saveGame: record('saveGame', () => Promise.reject({ kind: 'cancelled', message: 'cancelled' })),
    loadGame: record('loadGame', () => Promise.reject({ kind: 'badRecord', message: 'bad' })),
    setNames: record('setNames', makeView([])),
    setLevel: record('setLevel', makeView([], { level: 'easy' })),
    newGame: record('newGame', makeView([], { generation: 1 })),
    hint: record('hint', makeView([], { aiThinking: true })),
    ...overrides,
  };
  const controller = createController({
    api,
    t: translator('en'),
    notify: (message, kind) => notes.push([kind, message]),
    sound: { play: (name) => sounds.push(name) },
    onOutcome: (info) => outcomes.push(info),
    askResume: async () => options.resumeAnswer ?? 'resume',
    now: () => 0,
  });
  return { controller, calls, notes, sounds, outcomes, api };
}

test('start: preferences, start-up info and the current game in one round trip — silently', async () => {
  const { controller, calls, sounds, outcomes } = setup();
  await controller.start();
  assert.deepEqual(calls.map((c) => c[0]), ['boot'], 'no second round trip');
  assert.equal(controller.store.get().game.prefs.humanName, 'Alice');
  assert.equal(controller.store.get().game.view.moves.length, 0);
  assert.deepEqual(sounds, []);
  assert.deepEqual(outcomes, []);
});

/** A fake command answering `result`. */
const record2 = (_name, result) => () => Promise.resolve(result);

test('start when the boot answer fails: the error is shown and the view asked for', async () => {
  const failing = {
    boot: () => Promise.reject({ kind: 'io', message: 'disk' }),
    getView: record2('getView', makeView([[7, 7]])),
  };
  const { controller, notes } = setup(failing);
  await controller.start();
  assert.equal(controller.store.get().game.view.moves.length, 1, 'the view asked for is shown');
  assert.equal(notes.length, 1);
});

test('start with an autosave: asks, then resumes or discards; warnings are shown', async () => {
  const resumable = {
    boot: () => Promise.resolve({ preferences: {}, startup: { resumable: true, warnings: ['settings were reset'] }, view: null }),
  };
  const a = setup(resumable, { resumeAnswer: 'resume' });
  await a.controller.start();
  assert.equal(a.calls.at(-1)[0], 'resumeAutosave');
  assert.equal(a.controller.store.get().game.view.moves.length, 2);
  assert.deepEqual(a.notes, [['info', 'settings were reset']]);
  const b = setup(resumable, { resumeAnswer: 'discard' });
  await b.controller.start();
  assert.equal(b.calls.at(-1)[0], 'discardAutosave');
});

test('a click sends play {x, y} and shows what comes back', async () => {
  const { controller, calls, sounds } = setup();
  await controller.start();
  await controller.play({ x: 7, y: 7 });
  assert.deepEqual(calls.at(-1), ['play', 7, 7]);
  const { view } = controller.store.get().game;
  assert.equal(view.moves.length, 1);
  assert.equal(view.aiThinking, true);
  assert.deepEqual(sounds, ['place']);
});

test('while the AI thinks, clicks are not sent and the player is told', async () => {
  const { controller, calls, notes } = setup({ getView: () => Promise.resolve(makeView([[7, 7]], { aiThinking: true })) });
  await controller.start();
  await controller.play({ x: 3, y: 3 });
  assert.ok(!calls.some((c) => c[0] === 'play'));
  assert.deepEqual(notes, [['info', 'The AI is thinking — board clicks are paused.']]);
});

test('a refused move shows the translated reason and leaves the board as it was', async () => {
  const { controller, notes } = setup({
    getView: () => Promise.resolve(renjuView()),
    play: () => Promise.reject({ kind: 'forbidden', message: 'forbidden move: double three' }),
  });
  await controller.start();
  const before = controller.store.get().game.view;
  await controller.play({ x: 9, y: 6 });
  assert.deepEqual(notes, [['error', 'Forbidden point: double three']]);
  assert.equal(controller.store.get().game.view, before);
});

test('a cancelled save dialog is silent; a bad record is reported', async () => {
  const { controller, notes } = setup();
  await controller.start();
  await controller.save();
  assert.deepEqual(notes, []);
  await controller.load();
  assert.deepEqual(notes, [['error', 'This file is not a valid game record.']]);
});

test('an event older than the shown snapshot is dropped', async () => {
  const { controller } = setup();
  await controller.start();
  controller.showView(makeView([[7, 7], [8, 8]], { generation: 20 }));
  assert.equal(controller.showView(makeView([[7, 7]], { generation: 19 })), false);
  assert.equal(controller.store.get().game.view.generation, 20);
});

test('the AI move that wins arrives as an event: win sound and banner', async () => {
  const { controller, sounds, outcomes } = setup({ undo: () => Promise.resolve(makeView([], { generation: 100 })) });
  await controller.start();
  const won = wonView();
  controller.showView(makeView(won.moves.slice(0, -1).map((m) => [m.x, m.y]), { generation: won.generation - 1 }));
  controller.showView(won);
  assert.deepEqual(sounds.slice(-1), ['win']);
  assert.deepEqual(outcomes.at(-1), { kind: 'won', color: 'black', name: 'Alice', moves: 9, onTime: false });
  await controller.undo();
  assert.equal(outcomes.at(-1), null, 'undo reopens the game and hides the banner');
});

test('hints and analysis are kept only for the snapshot they are about', async () => {
  const { controller } = setup();
  await controller.start();
  const generation = controller.store.get().game.view.generation;
  controller.onHint({ generation: generation - 1, x: 1, y: 1, pv: [] });
  assert.equal(controller.store.get().game.hint, null);
  controller.onHint({ generation, x: 7, y: 7, score: 10, mate: null, depth: 4, pv: [{ x: 7, y: 7 }, { x: 8, y: 8 }] });
  assert.deepEqual(controller.store.get().game.hint, [{ x: 7, y: 7 }, { x: 8, y: 8 }]);
  assert.equal(controller.store.get().game.analysis.type, 'hint');
  controller.showView(makeView([[7, 7]], { generation: generation + 1 }));
  assert.equal(controller.store.get().game.hint, null, 'a new position clears the hint');
  controller.onAnalysis({ generation: generation + 1, depth: 8, score: 30, mate: null, pv: [], nodes: 1, nps: 1 });
  assert.equal(controller.store.get().game.analysis.payload.depth, 8);
});

test('renaming in human vs AI remembers the human name as a preference', async () => {
  const { controller, calls } = setup();
  await controller.start();
  await controller.setNames({ black: 'Zoe', white: 'AI · Hard' });
  assert.deepEqual(calls.find((c) => c[0] === 'setNames'), ['setNames', { black: 'Zoe', white: 'AI · Hard' }]);
  assert.equal(calls.at(-1)[0], 'setPreferences');
  assert.equal(calls.at(-1)[1].humanName, 'Zoe');
});

test('settings: Apply changes the level of the running game; Start begins a new one', async () => {
  const { controller, calls } = setup();
  await controller.start();
  const prefs = { ...controller.store.get().game.prefs, level: 'easy' };
  await controller.applySettings(prefs, false);
  assert.deepEqual(calls.slice(-2).map((c) => c[0]), ['setPreferences', 'setLevel']);
  await controller.applySettings({ ...prefs, size: 19 }, true);
  const last = calls.at(-1);
  assert.equal(last[0], 'newGame');
  assert.equal(last[1].size, 19);
  assert.equal(controller.store.get().game.view.generation, 1, 'a new game is shown even with a lower generation');
});

test('the analysis of the move just played stays; an undo clears it', async () => {
  const { controller } = setup({ undo: () => Promise.resolve(makeView([], { generation: 50 })) });
  await controller.start();
  controller.showView(makeView([[7, 7]], { generation: 10, aiThinking: true }));
  controller.onAnalysis({ generation: 10, depth: 6, score: 15, mate: null, pv: [{ x: 8, y: 8 }], nodes: 1, nps: 1 });
  controller.showView(makeView([[7, 7], [8, 8]], { generation: 11 }));
  assert.equal(controller.store.get().game.analysis?.payload.depth, 6, 'kept after the AI played');
  await controller.undo();
  assert.equal(controller.store.get().game.analysis, null);
});

test('view notices: one request at a time, and notices meanwhile make exactly one more', async () => {
  let answered = 0;
  const pending = [];
  const getView = () => new Promise((resolve) => {
    pending.push(() => { answered += 1; resolve(makeView([[7, 7]], { generation: answered + 1 })); });
  });
  const { controller } = setup({ getView });
  const first = controller.pullView();
  controller.pullView();
  controller.pullView();
  assert.equal(pending.length, 1, 'one request in flight');
  pending.shift()();
  await new Promise((r) => setTimeout(r, 0));
  assert.equal(pending.length, 1, 'the notices that came meanwhile make one more');
  pending.shift()();
  await first;
  assert.equal(pending.length, 0);
  assert.equal(answered, 2);
  assert.equal(controller.store.get().game.view.generation, 3, 'the newest view is shown');
});
