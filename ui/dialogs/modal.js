// Modal dialogs: open/close with an entrance animation, a focus trap, Esc to cancel, the rest
// of the page made inert, and focus given back to where it was.

const FOCUSABLE = [
  'a[href]', 'button:not([disabled])', 'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])', 'textarea:not([disabled])', '[tabindex]:not([tabindex="-1"])',
].join(',');


/**
 * The elements Tab visits inside `root`, in order; a radio group counts once (its checked radio).
 * @param {HTMLElement} root
 * @returns {HTMLElement[]}
 */
function tabbables(root) {
  const seenGroups = new Set();
  const items = [];
  for (const el of root.querySelectorAll(FOCUSABLE)) {
    if (el.closest('[hidden]') || el.getClientRects().length === 0) continue;
    if (el instanceof HTMLInputElement && el.type === 'radio') {
      if (seenGroups.has(el.name)) continue;
      seenGroups.add(el.name);
      const group = [...root.querySelectorAll(`input[type="radio"][name="${el.name}"]`)];
      items.push(group.find((r) => r.checked) ?? el);
    } else {
      items.push(el);
    }
  }
  return items;
}

function trapTab(root, e) {
  const items = tabbables(root);
  if (items.length === 0) return;
  const active = /** @type {HTMLElement} */ (document.activeElement);
  const radioName = active instanceof HTMLInputElement && active.type === 'radio' ? active.name : null;
  let index = items.findIndex((el) => el === active
    || (radioName && el instanceof HTMLInputElement && el.type === 'radio' && el.name === radioName));
  if (index === -1) index = e.shiftKey ? 0 : items.length - 1;
  const next = items[(index + (e.shiftKey ? -1 : 1) + items.length) % items.length];
  e.preventDefault();
  next.focus();
}

function setInert(on) {
  const app = document.getElementById('app');
  if (!app) return;
  app.inert = on;
  if (on) app.setAttribute('aria-hidden', 'true');
  else app.removeAttribute('aria-hidden');
}

/**
 * The dialogs open, in the order they opened (the last one gets the keys). One per page:
 * {@link isModalOpen} and {@link openModal} below share it.
 * @returns {{isModalOpen: () => boolean, openModal: (backdrop: HTMLElement, options: any) => () => void}}
 */
function createModalStack() {
  /** @type {{backdrop: HTMLElement, onCancel: () => void}[]} */
  const stack = [];

  /** Opens a dialog on top of the others: see the exported {@link openModal}. */
  function openModal(backdrop, options) {
    const returnFocus = /** @type {HTMLElement | null} */ (document.activeElement);
    const entry = { backdrop, onCancel: options.onCancel };
    stack.push(entry);
    setInert(true);
    let closed = false;
    backdrop.hidden = false;
    requestAnimationFrame(() => {
      if (!closed) backdrop.classList.add('is-open');
    });

    const onKey = (/** @type {KeyboardEvent} */ e) => {
      if (stack[stack.length - 1] !== entry) return;
      if (e.key === 'Escape') {
        e.preventDefault();
        e.stopPropagation();
        entry.onCancel();
      } else if (e.key === 'Tab') {
        trapTab(backdrop, e);
      }
    };
    const onPointer = (/** @type {MouseEvent} */ e) => {
      if (options.dismissOnBackdrop && e.target === backdrop) entry.onCancel();
    };
    backdrop.addEventListener('keydown', onKey);
    backdrop.addEventListener('mousedown', onPointer);
    const first = options.initialFocus ?? tabbables(backdrop)[0];
    first?.focus();

    return () => {
      if (closed) return;
      closed = true;
      backdrop.removeEventListener('keydown', onKey);
      backdrop.removeEventListener('mousedown', onPointer);
      backdrop.classList.remove('is-open');
      backdrop.hidden = true;
      stack.splice(stack.indexOf(entry), 1);
      if (stack.length === 0) setInert(false);
      if (returnFocus && document.contains(returnFocus)) returnFocus.focus();
    };
  }

  return { isModalOpen: () => stack.length > 0, openModal };
}

const modals = createModalStack();

/** @returns {boolean} whether a modal dialog is open */
export const isModalOpen = modals.isModalOpen;

/**
 * Opens a modal dialog.
 * @param {HTMLElement} backdrop the `.modal-backdrop` element (holds the `.modal`)
 * @param {{onCancel: () => void, initialFocus?: HTMLElement | null, dismissOnBackdrop?: boolean}} options
 *   `onCancel` runs on Esc (and on a click outside when `dismissOnBackdrop`); it should close.
 * @returns {() => void} closes the dialog
 */
export const openModal = modals.openModal;
