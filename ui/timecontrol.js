// Time controls on the page: the presets the new-game dialog offers, the control a preset or
// the custom form makes, and what each player's clock shows between two snapshots (the shell's
// figures counted down). The shell decides when a flag falls: the page only asks it to look
// (`check_time`) when a clock it shows reaches zero.

/** The presets, by id; `custom` is the form. */
export const PRESETS = Object.freeze({
  none: { kind: 'none' },
  bullet1: { kind: 'fischer', mainMs: 60_000, incrementMs: 0 },
  blitz3p2: { kind: 'fischer', mainMs: 180_000, incrementMs: 2_000 },
  blitz5: { kind: 'fischer', mainMs: 300_000, incrementMs: 0 },
  rapid10: { kind: 'fischer', mainMs: 600_000, incrementMs: 0 },
  rapid15p10: { kind: 'fischer', mainMs: 900_000, incrementMs: 10_000 },
  byo5x3x30: { kind: 'byoYomi', mainMs: 300_000, periods: 3, periodMs: 30_000 },
  move30: { kind: 'perMove', moveMs: 30_000 },
});

const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

/** The preset id of a control, or 'custom'. */
export function presetOf(control) {
  const found = Object.entries(PRESETS).find(([, c]) => same(c, control ?? PRESETS.none));
  return found ? found[0] : 'custom';
}

/**
 * The control of the custom form: minutes of main time, seconds of increment / period / move,
 * periods.
 * @param {{kind: string, minutes: number, seconds: number, periods: number}} form
 */
export function customControl(form) {
  const minutes = Math.max(0, Number(form.minutes) || 0);
  const seconds = Math.max(0, Number(form.seconds) || 0);
  const mainMs = Math.round(minutes * 60_000);
  const secMs = Math.round(seconds * 1000);
  switch (form.kind) {
    case 'byoYomi': return { kind: 'byoYomi', mainMs, periods: Math.max(1, Math.round(Number(form.periods) || 1)), periodMs: secMs };
    case 'perMove': return { kind: 'perMove', moveMs: secMs };
    default: return { kind: 'fischer', mainMs, incrementMs: secMs };
  }
}

/** The custom form's values for a control (to edit it). */
export function formOf(control) {
  switch (control?.kind) {
    case 'byoYomi': return { kind: 'byoYomi', minutes: control.mainMs / 60_000, seconds: control.periodMs / 1000, periods: control.periods };
    case 'perMove': return { kind: 'perMove', minutes: 0, seconds: control.moveMs / 1000, periods: 1 };
    case 'fischer': return { kind: 'fischer', minutes: control.mainMs / 60_000, seconds: control.incrementMs / 1000, periods: 1 };
    default: return { kind: 'fischer', minutes: 10, seconds: 0, periods: 1 };
  }
}

/** "m:ss", or "h:mm:ss", or under ten seconds "s.d". */
export function formatCountdown(ms) {
  const left = Math.max(0, ms);
  if (left < 10_000) return (Math.floor(left / 100) / 10).toFixed(1);
  const total = Math.ceil(left / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/**
 * A timed clock `sinceMs` after the snapshot: what it shows, the time to the flag, periods, and
 * whether to warn (ten seconds or less). `null` in an untimed game.
 * @param {any} view
 * @param {'black' | 'white'} color
 * @param {number} sinceMs
 */
export function timedClock(view, color, sinceMs) {
  const clock = view.clocks?.[color];
  if (!clock) return null;
  const running = view.status.state === 'playing' && view.moves.length > 0
    && view.sideToMove === color && !view.clocks.paused;
  const spent = running ? Math.max(0, sinceMs) : 0;
  const leftMs = Math.max(0, clock.leftMs - spent);
  const control = view.clocks.control;
  let text = formatCountdown(leftMs);
  if (control.kind === 'byoYomi') {
    // Main time first, then the periods: the one running shows its own time.
    const { periodMs } = control;
    const periods = clock.periods;
    const inMain = leftMs > periods * periodMs;
    const left = inMain ? periods : Math.max(0, Math.ceil(leftMs / periodMs));
    const shown = inMain ? leftMs - periods * periodMs : leftMs - Math.max(0, left - 1) * periodMs;
    text = `${formatCountdown(shown)} ×${left}`;
  }
  return {
    text,
    leftMs,
    warn: running && leftMs <= 10_000,
    fallen: clock.flagFallen || leftMs === 0,
    running,
  };
}

/** A short label of a control ("3+2", "5:00 + 3×30 s", "30 s/move", "—"). */
export function controlLabel(control, t) {
  switch (control?.kind) {
    case 'fischer': return t('time.fischer', { m: control.mainMs / 60_000, s: control.incrementMs / 1000 });
    case 'byoYomi': return t('time.byoYomi', { m: control.mainMs / 60_000, n: control.periods, s: control.periodMs / 1000 });
    case 'perMove': return t('time.perMove', { s: control.moveMs / 1000 });
    default: return t('time.none');
  }
}
