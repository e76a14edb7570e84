// The win / draw banner over the board: animated entrance (scale + fade), a short confetti burst,
// the winner's stone colour and name, "Play again" and "Review". Not modal: the board stays
// visible; Esc or "Review" dismisses it. Reduced motion: no confetti, no scaling.

import { t } from '../i18n.js';
import { isModalOpen } from './modal.js';
import { burst } from './confetti.js';

/**
 * Wires the banner in index.html (`#win-banner`).
 * @param {{onPlayAgain: () => void, onReview: () => void, reducedMotion: () => boolean}} handlers
 * @returns {{show: (info: {kind: 'won' | 'draw', color?: 'black' | 'white', name?: string, moves: number, onTime?: boolean,
 *   place?: 'top' | 'centre' | 'bottom'}) => void, hide: () => void, isOpen: () => boolean, refresh: () => void}}
 */
export function createBanner(handlers) {
  const banner = /** @type {HTMLElement} */ (document.getElementById('win-banner'));
  const confetti = /** @type {HTMLCanvasElement} */ (document.getElementById('confetti'));
  const stone = /** @type {HTMLElement} */ (document.getElementById('win-stone'));
  let stopConfetti = () => {};
  let shownInfo = null;

  const hide = () => {
    if (banner.hidden) return;
    stopConfetti();
    banner.classList.remove('is-in');
    banner.hidden = true;
    shownInfo = null;
  };

  const render = () => {
    const info = shownInfo;
    if (!info) return;
    const won = info.kind === 'won';
    banner.dataset.kind = info.kind;
    stone.className = `banner-stone ${won ? `stone-${info.color}` : 'stone-draw'}`;
    document.getElementById('win-title').textContent = t(won ? 'banner.winner' : 'banner.gameOver');
    document.getElementById('win-name').textContent = won ? info.name : t('banner.draw');
    const wins = info.onTime ? 'banner.winsOnTime' : 'banner.wins';
    document.getElementById('win-sub').textContent = won
      ? t(wins, { color: t(`color.${info.color}`), n: info.moves })
      : t('banner.drawSub');
  };

  document.getElementById('btn-play-again').addEventListener('click', () => {
    hide();
    handlers.onPlayAgain();
  });
  document.getElementById('btn-review').addEventListener('click', () => {
    hide();
    handlers.onReview();
  });
  window.addEventListener('keydown', (e) => {
    if (e.key === 'Escape' && !banner.hidden && !isModalOpen()) {
      e.preventDefault();
      hide();
      handlers.onReview();
    }
  });

  return {
    show(info) {
      shownInfo = info;
      render();
      banner.dataset.place = info.place ?? 'centre';
      banner.hidden = false;
      requestAnimationFrame(() => {
        if (!banner.hidden) banner.classList.add('is-in');
      });
      stopConfetti();
      if (info.kind === 'won' && !handlers.reducedMotion()) {
        const stoneColors = info.color === 'black' ? ['#1d1b18', '#3a3733'] : ['#fbfaf7', '#e6e1d7'];
        const box = banner.getBoundingClientRect();
        const originY = box.top + box.height / 2 - confetti.getBoundingClientRect().top;
        stopConfetti = burst(confetti, {
          colors: ['#f5b83d', '#e0442a', '#2f9e74', '#3b82f6', ...stoneColors], originY,
        });
      }
      if (!isModalOpen()) document.getElementById('btn-play-again').focus({ preventScroll: true });
    },
    hide,
    isOpen: () => !banner.hidden,
    /** Re-renders the texts after a language switch. */
    refresh: render,
  };
}
