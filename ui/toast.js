// Inline messages (errors, confirmations) in the `#toast` live region — never `alert()`.

/**
 * Wires the toast element.
 * @param {HTMLElement} el the `#toast` element
 * @returns {{show: (message: string, kind?: 'error' | 'info' | 'success', ms?: number) => void, hide: () => void}}
 */
export function createToast(el) {
  let timer = 0;
  const hide = () => {
    clearTimeout(timer);
    el.classList.remove('is-in');
    timer = setTimeout(() => {
      el.hidden = true;
    }, 200);
  };
  el.addEventListener('click', hide);
  return {
    show(message, kind = 'error', ms = 3600) {
      clearTimeout(timer);
      el.textContent = message;
      el.dataset.kind = kind;
      el.hidden = false;
      requestAnimationFrame(() => {
        if (!el.hidden) el.classList.add('is-in');
      });
      timer = setTimeout(hide, ms);
    },
    hide,
  };
}
