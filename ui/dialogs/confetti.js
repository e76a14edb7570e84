// A short confetti-and-sparkle burst on a canvas overlay, for the win banner.

const GRAVITY = 900; // CSS px / s²

/**
 * Throws confetti upwards from the centre of `canvas` (or `originY`) for about `durationMs`, then clears it.
 * @param {HTMLCanvasElement} canvas an overlay sized by CSS
 * @param {{colors?: string[], durationMs?: number, count?: number, originY?: number}} [options]
 *   originY: where the pieces start, in CSS px from the canvas top
 * @returns {() => void} stops the burst early
 */
export function burst(canvas, options = {}) {
  const colors = options.colors ?? ['#f5b83d', '#e0442a', '#2f9e74', '#3b82f6', '#f4efe6', '#1d1b18'];
  const duration = options.durationMs ?? 2200;
  const dpr = window.devicePixelRatio || 1;
  const w = canvas.clientWidth;
  const h = canvas.clientHeight;
  canvas.width = Math.max(1, Math.round(w * dpr));
  canvas.height = Math.max(1, Math.round(h * dpr));
  const ctx = canvas.getContext('2d');
  const count = options.count ?? Math.round(Math.min(160, 60 + w / 8));
  const pieces = Array.from({ length: count }, (_, i) => {
    const angle = -Math.PI / 2 + (Math.random() - 0.5) * 2.2;
    const speed = 300 + Math.random() * 480;
    return {
      x: w / 2 + (Math.random() - 0.5) * w * 0.25,
      y: options.originY ?? h * 0.38,
      vx: Math.cos(angle) * speed,
      vy: Math.sin(angle) * speed,
      size: 5 + Math.random() * 6,
      spin: (Math.random() - 0.5) * 14,
      turn: Math.random() * Math.PI,
      color: colors[i % colors.length],
      round: Math.random() < 0.3,
    };
  });
  let frame = 0;
  let last = performance.now();
  const start = last;
  const step = (now) => {
    const dt = Math.min(0.05, (now - last) / 1000);
    last = now;
    const age = now - start;
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.clearRect(0, 0, w, h);
    ctx.globalAlpha = Math.max(0, 1 - Math.max(0, age - duration * 0.6) / (duration * 0.4));
    for (const p of pieces) {
      p.vy += GRAVITY * dt;
      p.vx *= 0.985;
      p.x += p.vx * dt;
      p.y += p.vy * dt;
      p.turn += p.spin * dt;
      ctx.save();
      ctx.translate(p.x, p.y);
      ctx.rotate(p.turn);
      ctx.fillStyle = p.color;
      if (p.round) {
        ctx.beginPath();
        ctx.arc(0, 0, p.size * 0.4, 0, Math.PI * 2);
        ctx.fill();
      } else {
        ctx.fillRect(-p.size / 2, -p.size / 4, p.size, p.size / 2 * Math.abs(Math.cos(p.turn)) + 1);
      }
      ctx.restore();
    }
    if (age < duration) frame = requestAnimationFrame(step);
    else ctx.clearRect(0, 0, w, h);
  };
  frame = requestAnimationFrame(step);
  return () => {
    cancelAnimationFrame(frame);
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, canvas.width, canvas.height);
  };
}
