// DEV ONLY: loads index.html's markup into this page, then the real main.js (with the mock bridge
// already installed by mock-tauri.js). `?dialog=names|settings|new` opens a dialog once loaded.

const html = await (await fetch('index.html')).text();
const doc = new DOMParser().parseFromString(html, 'text/html');
const loads = [...doc.querySelectorAll('link[rel="stylesheet"]')].map((link) => new Promise((resolve) => {
  link.addEventListener('load', resolve);
  link.addEventListener('error', resolve);
  document.head.append(link);
}));
await Promise.all(loads);
document.body.innerHTML = doc.body.innerHTML;
await import('../main.js');

const dialog = new URLSearchParams(location.search).get('dialog');
const buttons = { names: 'btn-names', settings: 'btn-settings', new: 'btn-new' };
if (buttons[dialog]) setTimeout(() => document.getElementById(buttons[dialog]).click(), 600);
