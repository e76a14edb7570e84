// The opening on the page: prompts, buttons and what a click decides, per phase.

import test from 'node:test';
import assert from 'node:assert/strict';
import {
  createOpening, openingButtons, openingChoices, openingClick, openingMarks, openingPrompt,
} from '../opening.js';
import { createAppStore } from '../store.js';
import { deriveViewModel } from '../state.js';

import { makeView } from './fixtures.js';

const tr = (key, params = {}) => `${key}${Object.keys(params).length ? JSON.stringify(params) : ''}`;

function inPhase(phase, extra = {}) {
  return makeView([], {
    opening: { rule: 'swap2', phase: { phase, ...extra.phaseFields }, turn: extra.turn ?? 'responder', decider: extra.decider ?? 'human', stones: [], offered: extra.offered ?? [] },
  });
}

test('each phase has its prompt; the AI deciding is said so', () => {
  assert.equal(openingPrompt(inPhase('openerPlacesThree', { phaseFields: { placed: 1 } }), tr), 'opening.placeThree{"n":2}');
  assert.equal(openingPrompt(inPhase('responderChooses'), tr), 'opening.chooseSwap2');
  assert.equal(openingPrompt(inPhase('openerChooses'), tr), 'opening.openerChooses');
  assert.equal(openingPrompt(inPhase('whiteKeepsFifth'), tr), 'opening.keep');
  assert.equal(openingPrompt(inPhase('responderChooses', { decider: 'ai' }), tr), 'opening.aiDeciding{"who":"opening.role.responder"}');
  assert.equal(openingPrompt(makeView([]), tr), '', 'no opening');
  assert.equal(deriveViewModel(inPhase('openerChooses'), tr).statusText, 'opening.openerChooses');
  assert.equal(deriveViewModel(inPhase('openerChooses'), tr).buttons.hint.disabled, true);
});

test('colour choices show their buttons only to a person who chooses', () => {
  assert.deepEqual(openingButtons(inPhase('responderChooses'), null), { black: true, white: true, clear: false });
  assert.deepEqual(openingButtons(inPhase('responderChooses', { decider: 'ai' }), null), { black: false, white: false, clear: false });
  assert.deepEqual(openingButtons(inPhase('openerPlacesThree', { phaseFields: { placed: 0 } }), null).black, false);
  assert.equal(openingButtons(inPhase('fifthOffers'), { x: 1, y: 1 }).clear, true);
});

test('a click places, starts swap2\'s two stones, picks and offers fifth moves, keeps one', () => {
  const p = { x: 3, y: 4 };
  assert.deepEqual(openingClick(inPhase('openerPlacesThree', { phaseFields: { placed: 0 } }), p, null), { decision: 'place 3,4' });
  assert.deepEqual(openingClick(inPhase('responderChooses'), p, null), { decision: 'place 3,4' });
  const swap1 = { ...inPhase('responderChooses'), opening: { ...inPhase('responderChooses').opening, rule: 'swap1' } };
  assert.equal(openingClick(swap1, p, null), null, 'swap1 has no stone to place here');
  assert.deepEqual(openingClick(inPhase('fifthOffers'), p, null), { pending: p });
  assert.deepEqual(openingClick(inPhase('fifthOffers'), p, p), { pending: null });
  assert.deepEqual(openingClick(inPhase('fifthOffers'), p, { x: 9, y: 9 }), { decision: 'offer 9,9 3,4' });
  assert.deepEqual(openingClick(inPhase('whiteKeepsFifth'), p, null), { decision: 'keep 3,4' });
  assert.equal(openingClick(inPhase('openerChooses'), p, null), null);
  assert.equal(openingClick(inPhase('whiteKeepsFifth', { decider: 'ai' }), p, null), null);
  const offered = inPhase('whiteKeepsFifth', { offered: [{ x: 1, y: 1 }, { x: 2, y: 2 }] });
  assert.deepEqual(openingMarks(offered, null).map((m) => m.rank), ['A', 'B']);
});

test('the move list words the opening\'s choices with the players\' names', () => {
  const view = makeView([], {
    opening: {
      rule: 'swap2', phase: { phase: 'done' }, turn: null, decider: null, stones: [], offered: [],
      decisions: ['place 7,7', 'place 8,8', 'place 6,8', 'place 9,9', 'place 5,9', 'white'],
      black: 'responder',
    },
  });
  const names = { black: 'Bob', white: 'Ann' };
  assert.deepEqual(openingChoices(view, tr, (c) => names[c]), ['opening.tookWhite{"name":"Ann"}']);
  const rif = makeView([], {
    opening: { rule: 'rif', decisions: ['place 7,7', 'place 7,6', 'place 7,5', 'black', 'place 7,9', 'offer 6,8 9,9', 'keep 9,9'], black: 'responder' },
  });
  assert.deepEqual(openingChoices(rif, tr, (c) => names[c]), [
    'opening.tookBlack{"name":"Bob"}', 'opening.offered{"a":"G7","b":"J6"}', 'opening.kept{"p":"J6"}',
  ]);
});

test('the opening part: a fifth move picked waits for its pair, then the pair is offered', () => {
  const store = createAppStore();
  store.update('game', { view: inPhase('fifthOffers') });
  const sent = [];
  const opening = createOpening({ store, decide: (decision, point) => sent.push([decision, point]) });
  opening.click({ x: 3, y: 4 });
  assert.deepEqual(store.get().opening.pendingOffer, { x: 3, y: 4 });
  assert.deepEqual(sent, []);
  opening.click({ x: 9, y: 9 });
  assert.equal(store.get().opening.pendingOffer, null);
  assert.deepEqual(sent, [['offer 3,4 9,9', { x: 9, y: 9 }]]);
  opening.click({ x: 1, y: 1 });
  opening.clear();
  assert.equal(store.get().opening.pendingOffer, null, 'cleared');
});
