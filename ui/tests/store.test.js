// The app's one store: its parts and first values, how a change reaches the subscribers, each
// part written by its one owner, and no page state left in module-level variables.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createAppStore, initialState } from '../store.js';
import { createController } from '../controller.js';
import { createStudy } from '../study-controller.js';
import { translator } from '../i18n.js';
import { makeView } from './fixtures.js';

const uiDir = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The page's modules (paths relative to ui/), without the tests and the dev tools. */
function modules(dir = uiDir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'tests' || name === 'dev' ? [] : modules(path);
    return name.endsWith('.js') ? [relative(uiDir, path).replaceAll('\\', '/')] : [];
  });
}

test('the first state has every part, with the study part switched off', () => {
  const state = initialState();
  assert.deepEqual(Object.keys(state), ['game', 'study', 'opening', 'ui']);
  assert.equal(state.game.view, null);
  assert.equal(state.game.review, false);
  assert.equal(state.game.moving, false);
  assert.deepEqual(state.study, {
    shownPly: null, analysisOn: false, candidates: null, analysisNote: '', hoverLine: null, winStep: null,
    graph: null, editor: null, requested: '', reviewSent: false, toggledAt: 0, firstCandidatesMs: null,
  });
  assert.deepEqual(state.opening, { pendingOffers: [] });
  assert.equal(state.ui.cursor, null);
  assert.equal(state.ui.listKey, '');
  assert.equal(typeof state.ui.stopFollowingTheme, 'function');
  assert.notEqual(initialState().game.prefs, state.game.prefs, 'each store gets its own copy');
});

test('an update changes one part and tells the subscribers; a quiet one does not', () => {
  const store = createAppStore();
  const seen = [];
  store.subscribe((s) => seen.push(s.game.review));
  const before = store.get();
  store.update('game', { review: true });
  assert.deepEqual(seen, [true]);
  assert.equal(store.get().study, before.study, 'the other parts are the same objects');
  store.update('game', (g) => ({ epoch: g.epoch + 1 }));
  assert.equal(store.get().game.epoch, 1);
  store.update('ui', { cursor: { x: 1, y: 1 } }, { quiet: true });
  assert.equal(seen.length, 2);
  assert.deepEqual(store.get().ui.cursor, { x: 1, y: 1 });
  assert.throws(() => store.update('nope', {}));
});

test('a change made by a subscriber reaches every subscriber after the running round', () => {
  const store = createAppStore();
  const log = [];
  store.subscribe((s) => {
    log.push(`a:${s.study.analysisNote}`);
    if (s.study.analysisNote === '') store.update('study', { analysisNote: 'waiting' });
    log.push('a done');
  });
  store.subscribe((s) => log.push(`b:${s.study.analysisNote}`));
  store.update('game', { review: true });
  assert.deepEqual(log, ['a:', 'a done', 'b:waiting', 'a:waiting', 'a done', 'b:waiting']);
});

test('a follower changes its part in the same update as the part it follows', () => {
  const store = createAppStore();
  store.follow('study', (next, prev) => (next.game.epoch !== prev.game.epoch ? { shownPly: null } : null));
  store.update('study', { shownPly: 3 });
  const seen = [];
  store.subscribe((s) => seen.push([s.game.epoch, s.study.shownPly]));
  store.update('game', { epoch: 1 });
  assert.deepEqual(seen, [[1, null]]);
});

test('a new game closes the editor and ends review in the same step that shows it', async () => {
  const store = createAppStore();
  const api = {
    getPreferences: async () => ({}),
    startupInfo: async () => ({ resumable: false, warnings: [] }),
    boot: async () => ({ preferences: {}, startup: { resumable: false, warnings: [] }, view: makeView([[7, 7], [8, 8]]) }),
    getView: async () => makeView([[7, 7], [8, 8]]),
    // The shell's generations only grow, across new games too.
    newGame: async () => makeView([], { generation: 10 }),
    setReview: async () => makeView([[7, 7], [8, 8]]),
  };
  const deps = { store, api, t: translator('en'), notify: () => {}, now: () => 0 };
  const controller = createController({
    ...deps, sound: { play() {} }, onOutcome() {}, askResume: async () => 'dismiss',
  });
  const study = createStudy({ ...deps, showView: controller.showView, confirmBranch: async () => true });
  await controller.start();
  study.showPly(1);
  study.openEditor();
  assert.ok(store.get().study.editor);
  const seen = [];
  store.subscribe((s) => seen.push([s.game.view.generation, s.study.editor, s.study.shownPly]));
  await controller.newGame();
  assert.deepEqual(seen, [[10, null, null]]);
});

test('each part is written by its one owner', () => {
  const owners = { game: 'controller.js', study: 'study-controller.js', opening: 'opening.js', ui: 'main.js' };
  for (const file of modules()) {
    const text = readFileSync(join(uiDir, file), 'utf8');
    for (const m of text.matchAll(/\.update\(\s*([^,)]*)/g)) {
      const part = m[1].match(/^'(\w+)'$/)?.[1];
      assert.ok(part, `${file}: update with a literal part name, not ${m[1]}`);
      assert.equal(owners[part], file, `${file} writes the ${part} part`);
    }
  }
});

test('no module keeps page state in a module-level variable', () => {
  const allowed = new Set(['i18n.js']); // the language `t` uses; see the comment there
  for (const file of modules()) {
    const text = readFileSync(join(uiDir, file), 'utf8');
    const lets = [...text.matchAll(/^(?:export )?(?:let|var) (\w+)/gm)].map((m) => m[1]);
    if (allowed.has(file)) assert.deepEqual(lets, ['current'], file);
    else assert.deepEqual(lets, [], file);
    for (const m of text.matchAll(/^(?:export )?const (\w+) = (\[|\{|new (?:Map|Set)\b)/gm)) {
      const statement = text.slice(m.index, text.indexOf(';\n', m.index) + 1);
      if (/\]\.join\([^)]*\);$/.test(statement)) continue; // a string made from a list
      if (text.includes(`\nObject.freeze(${m[1]});`)) continue; // frozen once filled
      assert.fail(`${file}: ${m[1]} is a mutable container at module level (freeze it or move it)`);
    }
  }
});
