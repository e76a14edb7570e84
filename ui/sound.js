// Sound effects synthesised with WebAudio (no audio files): place, win, draw, undo.
//
// The AudioContext is created on first use (after a user gesture), never at import time.

/**
 * Creates the sound player.
 * @param {{enabled?: boolean, afterPaint?: (cb: () => void) => void}} [options]
 * @returns {{play: (name: 'place' | 'win' | 'draw' | 'undo') => void,
 *   setEnabled: (on: boolean) => void, isEnabled: () => boolean}}
 */
export function createSound(options = {}) {
  const afterPaint = options.afterPaint ?? defaultAfterPaint;
  let enabled = options.enabled ?? true;
  /** @type {AudioContext | null} */
  let ctx = null;

  const audio = () => {
    if (!ctx) {
      const Ctor = globalThis.AudioContext ?? /** @type {any} */ (globalThis).webkitAudioContext;
      if (!Ctor) return null;
      ctx = new Ctor();
    }
    if (ctx.state === 'suspended') ctx.resume().catch(() => {});
    return ctx;
  };

  /** A tone with a quick attack and exponential decay. */
  const tone = (ac, { freq, start = 0, dur = 0.2, type = 'sine', gain = 0.2, slideTo }) => {
    const t0 = ac.currentTime + start;
    const osc = ac.createOscillator();
    const amp = ac.createGain();
    osc.type = type;
    osc.frequency.setValueAtTime(freq, t0);
    if (slideTo) osc.frequency.exponentialRampToValueAtTime(slideTo, t0 + dur);
    amp.gain.setValueAtTime(0.0001, t0);
    amp.gain.exponentialRampToValueAtTime(gain, t0 + 0.008);
    amp.gain.exponentialRampToValueAtTime(0.0001, t0 + dur);
    osc.connect(amp).connect(ac.destination);
    osc.start(t0);
    osc.stop(t0 + dur + 0.02);
  };

  /** A short filtered noise burst: the "tock" of a stone on wood. */
  const knock = (ac) => {
    const len = Math.floor(ac.sampleRate * 0.06);
    const buffer = ac.createBuffer(1, len, ac.sampleRate);
    const data = buffer.getChannelData(0);
    for (let i = 0; i < len; i += 1) data[i] = (Math.random() * 2 - 1) * (1 - i / len) ** 3;
    const src = ac.createBufferSource();
    src.buffer = buffer;
    const filter = ac.createBiquadFilter();
    filter.type = 'bandpass';
    filter.frequency.value = 1800;
    filter.Q.value = 1.2;
    const amp = ac.createGain();
    amp.gain.value = 0.5;
    src.connect(filter).connect(amp).connect(ac.destination);
    src.start();
  };

  const sounds = {
    place: (ac) => {
      knock(ac);
      tone(ac, { freq: 220, slideTo: 140, dur: 0.09, type: 'triangle', gain: 0.22 });
    },
    undo: (ac) => {
      tone(ac, { freq: 520, slideTo: 300, dur: 0.14, type: 'sine', gain: 0.12 });
    },
    win: (ac) => {
      [523.25, 659.25, 783.99, 1046.5].forEach((freq, i) => {
        tone(ac, { freq, start: i * 0.11, dur: 0.42, type: 'triangle', gain: 0.16 });
      });
      tone(ac, { freq: 1567.98, start: 0.44, dur: 0.6, type: 'sine', gain: 0.06 });
    },
    draw: (ac) => {
      tone(ac, { freq: 440, dur: 0.3, type: 'sine', gain: 0.12 });
      tone(ac, { freq: 392, start: 0.18, dur: 0.4, type: 'sine', gain: 0.12 });
    },
    /** A clock's last seconds. */
    tick: (ac) => {
      tone(ac, { freq: 1320, dur: 0.05, type: 'square', gain: 0.05 });
    },
  };

  const synthesise = (name) => {
    try {
      const ac = audio();
      if (ac) sounds[name](ac);
    } catch {
      // sound is a nicety: never let it break the game
    }
  };

  return {
    play(name) {
      if (!enabled || !sounds[name]) return;
      // After the next frame is painted: starting the audio engine the first time can take a
      // few hundred milliseconds, and the stone must appear without waiting for it.
      afterPaint(() => synthesise(name));
    },
    setEnabled(on) {
      enabled = Boolean(on);
    },
    isEnabled: () => enabled,
  };
}

/** Runs `cb` once the next frame has been painted (or soon, where there are no frames). */
function defaultAfterPaint(cb) {
  if (typeof globalThis.requestAnimationFrame === 'function') {
    globalThis.requestAnimationFrame(() => setTimeout(cb, 0));
  } else {
    setTimeout(cb, 0);
  }
}
