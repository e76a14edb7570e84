// DEV ONLY — drives headless Chromium over the DevTools protocol to take screenshots of the
// preview page (dev/preview.html) in real time, with pointer and keyboard input.
//
//   python3 -m http.server 8765 --bind 127.0.0.1 &        # from the repository root
//   node --experimental-websocket ui/dev/shoot.mjs plan.json out-dir
//
// plan.json: [{ "name": "mid", "query": "scenario=midgame", "width": 1280, "height": 820,
//   "dpr": 1, "reducedMotion": false, "steps": [{ "wait": 800 }, { "hover": [7, 7] },
//   { "click": [7, 7] }, { "key": "ArrowLeft" }, { "eval": "js" }, { "shot": "file-suffix" }] }]
// Not part of the app or its tests; needs `chromium` (Debian package) and node ≥ 20.10.

import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const [planFile, outDir = '.'] = process.argv.slice(2);
const plan = JSON.parse(readFileSync(planFile, 'utf8'));
const base = process.env.PREVIEW_BASE ?? 'http://127.0.0.1:8765/ui/dev/preview.html';
// SHOOT_PORT lets two runs side by side use their own Chromium.
const port = Number(process.env.SHOOT_PORT) || 9333;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const browser = spawn('chromium', [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--no-first-run', '--hide-scrollbars',
  `--user-data-dir=${mkdtempSync(join(tmpdir(), 'shoot-'))}`, `--remote-debugging-port=${port}`,
  'about:blank',
], { stdio: 'ignore' });

async function pageSocket() {
  for (let i = 0; i < 50; i += 1) {
    try {
      const list = await (await fetch(`http://127.0.0.1:${port}/json/list`)).json();
      const page = list.find((t) => t.type === 'page');
      if (page) return page.webSocketDebuggerUrl;
    } catch {
      // not up yet
    }
    await sleep(200);
  }
  throw new Error('chromium did not start');
}

const ws = new WebSocket(await pageSocket());
await new Promise((r) => ws.addEventListener('open', r, { once: true }));
let nextId = 1;
const pending = new Map();
const waiters = [];
ws.addEventListener('message', (e) => {
  const msg = JSON.parse(e.data);
  if (msg.id && pending.has(msg.id)) {
    pending.get(msg.id)(msg);
    pending.delete(msg.id);
  } else if (msg.method === 'Runtime.consoleAPICalled') {
    console.log(`  console.${msg.params.type}:`, msg.params.args.map((a) => a.value ?? a.description).join(' '));
  } else if (msg.method === 'Log.entryAdded') {
    console.log(`  log.${msg.params.entry.level}:`, msg.params.entry.text);
  } else if (msg.method === 'Runtime.exceptionThrown') {
    console.log('  EXCEPTION:', msg.params.exceptionDetails.exception?.description ?? msg.params.exceptionDetails.text);
  } else if (msg.method) {
    for (const w of waiters.splice(0)) w(msg);
  }
});
const send = (method, params = {}) => new Promise((resolve, reject) => {
  const id = nextId++;
  pending.set(id, (msg) => (msg.error ? reject(new Error(`${method}: ${msg.error.message}`)) : resolve(msg.result)));
  ws.send(JSON.stringify({ id, method, params }));
});
const evaluate = async (expression) => {
  const r = await send('Runtime.evaluate', { expression, awaitPromise: true, returnByValue: true });
  if (r.exceptionDetails) throw new Error(r.exceptionDetails.exception?.description ?? 'eval failed');
  return r.result.value;
};

await send('Page.enable');
await send('Runtime.enable');
await send('Log.enable');

const KEYS = {
  ArrowLeft: 37, ArrowUp: 38, ArrowRight: 39, ArrowDown: 40, Enter: 13, Escape: 27, Tab: 9, ' ': 32,
};
async function key(name, modifiers = 0) {
  const code = KEYS[name] ?? name.toUpperCase().charCodeAt(0);
  const text = name.length === 1 && !modifiers ? name : undefined;
  await send('Input.dispatchKeyEvent', { type: text ? 'keyDown' : 'rawKeyDown', key: name, windowsVirtualKeyCode: code, modifiers, text });
  await send('Input.dispatchKeyEvent', { type: 'keyUp', key: name, windowsVirtualKeyCode: code, modifiers });
}
async function mouse(type, x, y) {
  await send('Input.dispatchMouseEvent', { type, x, y, button: type === 'mouseMoved' ? 'none' : 'left', clickCount: 1 });
}
const pointFor = (x, y) => evaluate(`window.__gomokuTest.pointFor(${x}, ${y})`);

for (const shot of plan) {
  console.log(shot.name);
  await send('Emulation.setDeviceMetricsOverride', {
    width: shot.width ?? 1280, height: shot.height ?? 820, deviceScaleFactor: shot.dpr ?? 1, mobile: false,
  });
  await send('Emulation.setEmulatedMedia', {
    features: [{ name: 'prefers-reduced-motion', value: shot.reducedMotion ? 'reduce' : 'no-preference' }],
  });
  const loaded = new Promise((r) => waiters.push(function w(msg) {
    if (msg.method === 'Page.loadEventFired') r();
    else waiters.push(w);
  }));
  await send('Page.navigate', { url: `${base}?${shot.query ?? ''}` });
  await loaded;
  await sleep(700);
  for (const step of shot.steps ?? [{ shot: '' }]) {
    if (step.wait) await sleep(step.wait);
    if (step.eval) console.log('  eval →', JSON.stringify(await evaluate(step.eval)));
    if (step.hover) {
      const p = await pointFor(...step.hover);
      await mouse('mouseMoved', p.clientX, p.clientY);
    }
    if (step.click) {
      const p = await pointFor(...step.click);
      await mouse('mouseMoved', p.clientX, p.clientY);
      await mouse('mousePressed', p.clientX, p.clientY);
      await mouse('mouseReleased', p.clientX, p.clientY);
    }
    if (step.key) await key(step.key, step.modifiers ?? 0);
    if (step.shot !== undefined) {
      const { data } = await send('Page.captureScreenshot', { format: 'png' });
      const file = join(outDir, `${shot.name}${step.shot ? `-${step.shot}` : ''}.png`);
      writeFileSync(file, Buffer.from(data, 'base64'));
      console.log('  wrote', file);
    }
  }
}
ws.close();
browser.kill('SIGTERM');
