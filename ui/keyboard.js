// Global keyboard shortcuts: the pure key → action mapping and its binding.
//
// Ctrl+Z undo, Ctrl+Y / Ctrl+Shift+Z redo, Ctrl+S save, Ctrl+O load, N new game, H hint.
// Shortcuts are ignored while typing in a field or while a dialog is open (dialogs own Esc).

/**
 * The action a key press asks for, or null.
 * @param {{key: string, ctrlKey?: boolean, metaKey?: boolean, shiftKey?: boolean, altKey?: boolean}} e
 * @returns {'undo' | 'redo' | 'save' | 'load' | 'new' | 'hint' | null}
 */
export function shortcutFor(e) {
  const key = e.key.length === 1 ? e.key.toLowerCase() : e.key;
  if (e.altKey) return null;
  if (e.ctrlKey || e.metaKey) {
    if (key === 'z') return e.shiftKey ? 'redo' : 'undo';
    if (key === 'y') return 'redo';
    if (key === 's' && !e.shiftKey) return 'save';
    if (key === 'o' && !e.shiftKey) return 'load';
    return null;
  }
  if (e.shiftKey) return null;
  if (key === 'n') return 'new';
  if (key === 'h') return 'hint';
  return null;
}

/**
 * Whether a key press comes from a place where the user types (inputs, selects, text areas,
 * editable elements), where shortcuts must not fire.
 * @param {any} target the event target
 * @returns {boolean}
 */
export function isTypingTarget(target) {
  if (!target || typeof target !== 'object') return false;
  const tag = String(target.tagName ?? '').toUpperCase();
  return tag === 'INPUT' || tag === 'SELECT' || tag === 'TEXTAREA' || target.isContentEditable === true;
}

/**
 * Listens for the shortcuts on `target` (usually `window`).
 * @param {EventTarget} target
 * @param {(action: string) => void} onAction
 * @param {{isBlocked?: () => boolean}} [options] e.g. a dialog is open
 * @returns {() => void} unbind
 */
export function bindShortcuts(target, onAction, options = {}) {
  const onKey = (/** @type {KeyboardEvent} */ e) => {
    if (e.defaultPrevented || e.repeat || isTypingTarget(e.target)) return;
    if (options.isBlocked?.()) return;
    const action = shortcutFor(e);
    if (!action) return;
    e.preventDefault();
    onAction(action);
  };
  target.addEventListener('keydown', onKey);
  return () => target.removeEventListener('keydown', onKey);
}
