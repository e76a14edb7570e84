// The opening on the page: prompts, buttons and what a click decides, per phase.

import test from 'node:test';
import assert from 'node:assert/strict';
import {
  colourOfRole, createOpening, openingButtons, openingChoices, openingClick, openingMarks, openingPrompt,
} from '../opening.js';
import { createAppStore } from '../store.js';
import { deriveViewModel } from '../state.js';

import { makeView } from './fixtures.js';

const tr = (key, params = {}) => `${key}${Object.keys(params).length ? JSON.stringify(params) : ''}`;

function inPhase(phase, extra = {}) {
  return makeView([], {
    opening: {
      rule: extra.rule ?? 'swap2', phase: { phase, ...extra.phaseFields }, turn: extra.turn ?? 'responder',
      decider: extra.decider ?? 'human', stones: [], offered: extra.offered ?? [], offersDue: extra.offersDue ?? null,
      declared: extra.declared ?? null, maxDeclared: extra.maxDeclared ?? null,
    },
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
  const none = { black: false, white: false, clear: false, declare: 0, fifth: false };
  assert.deepEqual(openingButtons(inPhase('responderChooses'), []), { ...none, black: true, white: true });
  assert.deepEqual(openingButtons(inPhase('swapChoice', { rule: 'taraguchi10' }), []), { ...none, black: true, white: true });
  assert.deepEqual(openingButtons(inPhase('responderChooses', { decider: 'ai' }), []), none);
  assert.deepEqual(openingButtons(inPhase('openerPlacesThree', { phaseFields: { placed: 0 } }), []).black, false);
  assert.equal(openingButtons(inPhase('fifthOffers'), [{ x: 1, y: 1 }]).clear, true);
  assert.equal(openingButtons(inPhase('declareOffers', { rule: 'soosorv8', maxDeclared: 8 }), []).declare, 8);
  const taraguchi = inPhase('fifthOrOffers', { rule: 'taraguchi10', offersDue: 10 });
  assert.equal(openingButtons(taraguchi, [{ x: 1, y: 1 }]).fifth, true, 'one picked: it may be played');
  assert.equal(openingButtons(taraguchi, [{ x: 1, y: 1 }, { x: 2, y: 2 }]).fifth, false);
});

test('the later renju rules prompt for declarations, swaps, squares and N offers', () => {
  assert.equal(openingPrompt(inPhase('declareOffers', { maxDeclared: 8 }), tr), 'opening.declare{"max":8}');
  assert.equal(openingPrompt(inPhase('swapChoice', { rule: 'soosorv8', declared: 3 }), tr), 'opening.swapDeclared{"n":3}');
  assert.equal(openingPrompt(inPhase('placeInSquare', { phaseFields: { stone: 1 } }), tr), 'opening.squareCentre{"n":1,"side":1}');
  assert.equal(openingPrompt(inPhase('placeInSquare', { phaseFields: { stone: 3 } }), tr), 'opening.square{"n":3,"side":5}');
  const due4 = inPhase('fifthOffers', { offersDue: 4 });
  assert.equal(openingPrompt(due4, tr, [{ x: 1, y: 1 }]), 'opening.offer{"n":2,"of":4}');
  assert.equal(openingPrompt(inPhase('responderChooses', { rule: 'yamaguchi', declared: 5 }), tr), 'opening.chooseSwapDeclared{"n":5}');
});

test('a click places, starts swap2\'s two stones, picks and offers fifth moves, keeps one', () => {
  const p = { x: 3, y: 4 };
  assert.deepEqual(openingClick(inPhase('openerPlacesThree', { phaseFields: { placed: 0 } }), p, []), { decision: 'place 3,4' });
  assert.deepEqual(openingClick(inPhase('responderChooses'), p, []), { decision: 'place 3,4' });
  assert.deepEqual(openingClick(inPhase('placeInSquare', { phaseFields: { stone: 2 } }), p, []), { decision: 'place 3,4' });
  const swap1 = { ...inPhase('responderChooses'), opening: { ...inPhase('responderChooses').opening, rule: 'swap1' } };
  assert.equal(openingClick(swap1, p, []), null, 'swap1 has no stone to place here');
  assert.deepEqual(openingClick(inPhase('fifthOffers'), p, []), { pending: [p] });
  assert.deepEqual(openingClick(inPhase('fifthOffers'), p, [p]), { pending: [] });
  assert.deepEqual(openingClick(inPhase('fifthOffers'), p, [{ x: 9, y: 9 }]), { decision: 'offer 9,9 3,4' });
  const three = inPhase('fifthOffers', { offersDue: 3 });
  assert.deepEqual(openingClick(three, p, [{ x: 9, y: 9 }]), { pending: [{ x: 9, y: 9 }, p] });
  assert.deepEqual(openingClick(three, p, [{ x: 9, y: 9 }, { x: 1, y: 1 }]), { decision: 'offer 9,9 1,1 3,4' });
  assert.deepEqual(openingClick(inPhase('whiteKeepsFifth'), p, []), { decision: 'keep 3,4' });
  assert.equal(openingClick(inPhase('openerChooses'), p, []), null);
  assert.equal(openingClick(inPhase('swapChoice'), p, []), null);
  assert.equal(openingClick(inPhase('whiteKeepsFifth', { decider: 'ai' }), p, []), null);
  const offered = inPhase('whiteKeepsFifth', { offered: [{ x: 1, y: 1 }, { x: 2, y: 2 }, { x: 3, y: 3 }] });
  assert.deepEqual(openingMarks(offered, []).map((m) => m.rank), ['A', 'B', 'C']);
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
    opening: {
      rule: 'rif', decisions: ['place 7,7', 'place 7,6', 'place 7,5', 'black', 'place 7,9', 'offer 6,8 9,9', 'keep 9,9'],
      deciders: ['opener', 'opener', 'opener', 'responder', 'opener', 'responder', 'opener'], black: 'responder',
    },
  });
  assert.deepEqual(openingChoices(rif, tr, (c) => names[c]), [
    'opening.tookBlack{"name":"Bob"}', 'opening.offered{"points":"G7, J6"}', 'opening.kept{"p":"J6"}',
  ]);
  // Soosõrv-8: the responder declares with the fourth; the opener (black) swaps after it.
  const soosorv = makeView([], {
    opening: {
      rule: 'soosorv8', decisions: ['place 7,7', 'place 7,6', 'place 7,5', 'white', 'place 8,8', 'declare 3', 'white'],
      deciders: ['opener', 'opener', 'opener', 'responder', 'responder', 'responder', 'opener'], black: 'responder',
    },
  });
  assert.deepEqual(openingChoices(soosorv, tr, (c) => names[c]), [
    'opening.tookWhite{"name":"Bob"}', 'opening.declared{"name":"Bob","n":3}', 'opening.tookWhite{"name":"Ann"}',
  ]);
});

test('the opening part: fifth moves picked wait until the number due, then are offered', () => {
  const store = createAppStore();
  store.update('game', { view: inPhase('fifthOffers') });
  const sent = [];
  const opening = createOpening({ store, decide: (decision, point) => sent.push([decision, point]) });
  opening.click({ x: 3, y: 4 });
  assert.deepEqual(store.get().opening.pendingOffers, [{ x: 3, y: 4 }]);
  assert.deepEqual(sent, []);
  opening.click({ x: 9, y: 9 });
  assert.deepEqual(store.get().opening.pendingOffers, []);
  assert.deepEqual(sent, [['offer 3,4 9,9', { x: 9, y: 9 }]]);
  opening.click({ x: 1, y: 1 });
  opening.clear();
  assert.deepEqual(store.get().opening.pendingOffers, [], 'cleared');
  store.update('game', { view: inPhase('fifthOrOffers', { rule: 'taraguchi10', offersDue: 10 }) });
  opening.click({ x: 6, y: 6 });
  opening.playFifth();
  assert.deepEqual(sent.at(-1), ['place 6,6', { x: 6, y: 6 }]);
  opening.declare(4);
  assert.deepEqual(sent.at(-1), ['declare 4', undefined]);
});

test('in the opening the card of the player who decides is the active one', () => {
  // Soosõrv-8: the responder took black; white (the opener) keeps a fifth move.
  const view = makeView([], {
    opening: {
      rule: 'soosorv8', phase: { phase: 'whiteKeepsFifth' }, turn: 'opener', decider: 'human', stones: [],
      offered: [{ x: 1, y: 1 }], black: 'responder',
    },
  });
  assert.equal(colourOfRole(view.opening, 'opener'), 'white');
  const vm = deriveViewModel(view, tr);
  assert.equal(vm.cards.white.active, true, 'white decides, though black is the next stone');
  assert.equal(vm.cards.black.active, false);
});
