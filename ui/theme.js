// Light/dark theme: resolves the `theme` preference and sets `data-theme` on <html>; reads the
// board colours back from the CSS variables so the canvas matches the page.

/**
 * The theme to show for a preference.
 * @param {'auto' | 'light' | 'dark'} preference
 * @param {boolean} systemDark whether the system prefers dark
 * @returns {'light' | 'dark'}
 */
export function resolveTheme(preference, systemDark) {
  if (preference === 'light' || preference === 'dark') return preference;
  return systemDark ? 'dark' : 'light';
}

/**
 * Applies the theme preference and follows the system while it is "auto".
 * @param {'auto' | 'light' | 'dark'} preference
 * @param {(theme: 'light' | 'dark') => void} [onChange] called after every change
 * @returns {() => void} stops following the system
 */
export function applyTheme(preference, onChange) {
  const query = window.matchMedia('(prefers-color-scheme: dark)');
  const set = () => {
    const theme = resolveTheme(preference, query.matches);
    document.documentElement.dataset.theme = theme;
    document.documentElement.dataset.themePreference = preference;
    onChange?.(theme);
  };
  set();
  query.addEventListener('change', set);
  return () => query.removeEventListener('change', set);
}

/**
 * Marks the page as running in Linux's webview (WebKitGTK) with the class `linux` on <html>,
 * before anything is styled: there the stylesheet names `sans-serif` instead of `system-ui`.
 * WebKitGTK resolves `system-ui` slowly (~50 ms before the first frame, measured by
 * `scripts/footprint.sh`; docs/startup-log.md), and on Linux fontconfig's `sans-serif` is the
 * desktop's face already.
 * @param {string} [userAgent]
 * @returns {boolean} whether the page is so marked
 */
export function markLinuxWebview(userAgent = navigator.userAgent) {
  const linux = /\bLinux\b/.test(userAgent) && !/\bAndroid\b/.test(userAgent);
  document.documentElement.classList.toggle('linux', linux);
  return linux;
}

/**
 * The board colours currently defined by the stylesheet (`--board-*` variables).
 * @returns {object} a partial board theme (see DEFAULT_BOARD_THEME in board/paint.js)
 */
export function readBoardTheme() {
  const style = getComputedStyle(document.documentElement);
  const read = (name) => style.getPropertyValue(name).trim();
  const theme = {
    woodLight: read('--board-wood-light'),
    wood: read('--board-wood'),
    woodDark: read('--board-wood-dark'),
    grain: read('--board-grain'),
    line: read('--board-line'),
    coord: read('--board-coord'),
    accent: read('--board-accent'),
    win: read('--board-win'),
    forbidden: read('--board-forbidden'),
    cursor: read('--board-cursor'),
    pageShadow: read('--board-shadow'),
    font: read('--board-font'),
  };
  return Object.fromEntries(Object.entries(theme).filter(([, v]) => v !== ''));
}

/** @returns {boolean} whether the user asked for reduced motion */
export function prefersReducedMotion() {
  return typeof window !== 'undefined' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}
