// Tells the shell when the first frame is on screen (two animation frames after the script
// ran), with the same milestones as Gomoku's page (ms since navigation).
const marks = { modulesLoaded: performance.now() };
requestAnimationFrame(() => requestAnimationFrame(() => {
  marks.painted = performance.now();
  window.__TAURI__.core.invoke('page_ready', { marks });
}));
