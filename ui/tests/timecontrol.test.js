// Time controls on the page: presets and the custom form, and the clocks counted down between
// two snapshots (byo-yomi periods included). Whether a flag fell is the shell's to say.

import test from 'node:test';
import assert from 'node:assert/strict';
import { PRESETS, controlLabel, customControl, formOf, formatCountdown, presetOf, timedClock } from '../timecontrol.js';
import { clockOf } from '../state.js';
import { makeView } from './fixtures.js';

const tr = (key, params = {}) => `${key}${Object.keys(params).length ? JSON.stringify(params) : ''}`;

test('a preset is found again from its control; anything else is custom', () => {
  assert.equal(presetOf(PRESETS.blitz3p2), 'blitz3p2');
  assert.equal(presetOf({ kind: 'none' }), 'none');
  assert.equal(presetOf(undefined), 'none');
  assert.equal(presetOf({ kind: 'fischer', mainMs: 120_000, incrementMs: 0 }), 'custom');
});

test('the custom form makes each kind of control and reads one back', () => {
  assert.deepEqual(customControl({ kind: 'fischer', minutes: 2, seconds: 3, periods: 1 }), { kind: 'fischer', mainMs: 120_000, incrementMs: 3_000 });
  assert.deepEqual(customControl({ kind: 'byoYomi', minutes: 1, seconds: 20, periods: 0 }), { kind: 'byoYomi', mainMs: 60_000, periods: 1, periodMs: 20_000 });
  assert.deepEqual(customControl({ kind: 'perMove', minutes: 9, seconds: 15, periods: 3 }), { kind: 'perMove', moveMs: 15_000 });
  assert.deepEqual(formOf(PRESETS.byo5x3x30), { kind: 'byoYomi', minutes: 5, seconds: 30, periods: 3 });
  assert.equal(controlLabel(PRESETS.blitz3p2, tr), 'time.fischer{"m":3,"s":2}');
});

test('countdowns read m:ss, and tenths in the last ten seconds', () => {
  assert.equal(formatCountdown(185_000), '3:05');
  assert.equal(formatCountdown(3_600_000), '1:00:00');
  assert.equal(formatCountdown(9_950), '9.9');
  assert.equal(formatCountdown(-5), '0.0');
});

function timedView(control, clocks, extra = {}) {
  return makeView([[7, 7]], {
    sideToMove: 'white',
    clocks: { blackMs: 0, whiteMs: 0, control, paused: false, flagWarns: false, ...clocks },
    ...extra,
  });
}

test('the side to move counts down from the snapshot, warns in its last ten seconds and falls at zero', () => {
  const view = timedView({ kind: 'fischer', mainMs: 60_000, incrementMs: 0 }, {
    black: { shownMs: 60_000, periods: 0, leftMs: 60_000, flagFallen: false },
    white: { shownMs: 12_000, periods: 0, leftMs: 12_000, flagFallen: false },
  });
  assert.deepEqual(clockOf(view, 'black', 5_000), { clock: '1:00', clockState: '' }, 'not to move');
  assert.deepEqual(clockOf(view, 'white', 3_000), { clock: '9.0', clockState: 'warn' });
  const zero = timedClock(view, 'white', 13_000);
  assert.equal(zero.leftMs, 0);
  assert.equal(zero.fallen, true);
  const paused = timedView(view.clocks.control, { black: view.clocks.black, white: view.clocks.white, paused: true });
  assert.equal(timedClock(paused, 'white', 30_000).leftMs, 12_000, 'a pause stops it');
});

test('byo-yomi shows the main time with its periods, then each period afresh', () => {
  const control = { kind: 'byoYomi', mainMs: 5_000, periods: 3, periodMs: 10_000 };
  const view = timedView(control, {
    black: { shownMs: 5_000, periods: 3, leftMs: 35_000, flagFallen: false },
    white: { shownMs: 5_000, periods: 3, leftMs: 35_000, flagFallen: false },
  });
  assert.equal(timedClock(view, 'white', 1_000).text, '4.0 ×3');
  assert.equal(timedClock(view, 'white', 7_000).text, '8.0 ×3', 'into the first period');
  assert.equal(timedClock(view, 'white', 16_000).text, '9.0 ×2', 'a period ran out');
});

test('an untimed game shows the time used, and a lost flag shows as fallen', () => {
  const untimed = makeView([[7, 7]], {});
  assert.equal(clockOf(untimed, 'black', 0).clockState, '');
  const view = timedView({ kind: 'perMove', moveMs: 5_000 }, {
    black: { shownMs: 5_000, periods: 0, leftMs: 5_000, flagFallen: false },
    white: { shownMs: 0, periods: 0, leftMs: 0, flagFallen: false },
  }, { status: { state: 'timeOut', winner: 'black' } });
  assert.equal(clockOf(view, 'white', 0).clockState, 'fallen');
});
