// Opening rules on the page (swap1, swap2, RIF), as pure functions of a GameView: the prompt for
// whoever decides, which choice buttons show, and what a click on the board decides; and
// `createOpening`, the owner of the store's `opening` part (the fifth move picked before its
// pair is offered). The engine checks every decision; the page only words it. No DOM here:
// tested with `node --test`.

import { pointLabel } from './board/geometry.js';

/**
 * The prompt for the decision due now, or '' once the opening is over.
 * @param {any} view
 * @param {(key: string, params?: object) => string} t
 * @param {{x: number, y: number} | null} [pending] RIF: the first fifth move picked
 * @returns {string}
 */
export function openingPrompt(view, t, pending = null) {
  const o = view.opening;
  if (!o?.turn) return '';
  const who = t(`opening.role.${o.turn}`);
  if (o.decider === 'ai') return t('opening.aiDeciding', { who });
  const phase = o.phase.phase;
  switch (phase) {
    case 'openerPlacesThree': return t('opening.placeThree', { n: o.phase.placed + 1 });
    case 'responderChooses': return t(o.rule === 'swap2' ? 'opening.chooseSwap2' : 'opening.chooseSwap');
    case 'responderPlacesFifth': return t('opening.placeFifth');
    case 'openerChooses': return t('opening.openerChooses');
    case 'fourthMove': return t('opening.fourth');
    case 'fifthOffers': return t('opening.offer', { n: pending ? 2 : 1 });
    case 'whiteKeepsFifth': return t('opening.keep');
    default: return '';
  }
}

/**
 * The choice buttons shown: take black, take white, clear the picked fifth move.
 * @param {any} view
 * @param {{x: number, y: number} | null} pending
 * @returns {{black: boolean, white: boolean, clear: boolean}}
 */
export function openingButtons(view, pending) {
  const o = view.opening;
  const none = { black: false, white: false, clear: false };
  if (!o?.turn || o.decider !== 'human') return none;
  const choosing = o.phase.phase === 'responderChooses' || o.phase.phase === 'openerChooses';
  return { black: choosing, white: choosing, clear: o.phase.phase === 'fifthOffers' && Boolean(pending) };
}

/**
 * What a click at `point` does in the opening: a decision to send, a fifth move picked (or
 * dropped) before the pair is offered, or nothing.
 * @param {any} view
 * @param {{x: number, y: number}} point
 * @param {{x: number, y: number} | null} pending
 * @returns {{decision: string} | {pending: {x: number, y: number} | null} | null}
 */
export function openingClick(view, point, pending) {
  const o = view.opening;
  if (!o?.turn || o.decider !== 'human') return null;
  const at = `${point.x},${point.y}`;
  switch (o.phase.phase) {
    case 'openerPlacesThree':
    case 'responderPlacesFifth':
    case 'fourthMove':
      return { decision: `place ${at}` };
    case 'responderChooses':
      // Swap2's third option starts with a stone: the white fourth of "place two more".
      return o.rule === 'swap2' ? { decision: `place ${at}` } : null;
    case 'fifthOffers':
      if (!pending) return { pending: point };
      if (pending.x === point.x && pending.y === point.y) return { pending: null };
      return { decision: `offer ${pending.x},${pending.y} ${at}` };
    case 'whiteKeepsFifth':
      return { decision: `keep ${at}` };
    default:
      return null;
  }
}

/**
 * Marks for the board: RIF's offered fifth moves (A, B) and a picked one waiting for its pair.
 * @param {any} view
 * @param {{x: number, y: number} | null} pending
 * @returns {{x: number, y: number, rank: string, tone: string}[]}
 */
export function openingMarks(view, pending) {
  const marks = (view.opening?.offered ?? []).map((p, i) => ({ x: p.x, y: p.y, rank: 'AB'[i], tone: 'fair' }));
  if (pending && view.opening?.phase.phase === 'fifthOffers') marks.push({ ...pending, rank: 'A', tone: 'good' });
  return marks;
}

/**
 * The opening's choices in words, for the move list: who took which colour, which fifth moves
 * were offered and which was kept.
 * @param {any} view
 * @param {(key: string, params?: object) => string} t
 * @param {(color: 'black' | 'white') => string} nameOf the name shown for a colour's player
 * @returns {string[]}
 */
export function openingChoices(view, t, nameOf) {
  const o = view.opening;
  if (!o) return [];
  // After the opening, the role that took black plays black; before, the opener is tentative black.
  const colorOf = (role) => ((o.black ?? 'opener') === role ? 'black' : 'white');
  const point = (text) => {
    const [x, y] = text.split(',').map(Number);
    return pointLabel(x, y, view.size);
  };
  const out = [];
  o.decisions.forEach((d, i) => {
    const [kind, a, b] = d.split(' ');
    if (kind === 'black' || kind === 'white') {
      const role = i === 3 ? 'responder' : 'opener';
      out.push(t(kind === 'black' ? 'opening.tookBlack' : 'opening.tookWhite', { name: nameOf(colorOf(role)) }));
    } else if (kind === 'offer') {
      out.push(t('opening.offered', { a: point(a), b: point(b) }));
    } else if (kind === 'keep') {
      out.push(t('opening.kept', { p: point(a) }));
    }
  });
  return out;
}

/**
 * Creates the opening's controller: the only writer of the store's `opening` part.
 * @param {object} deps
 * @param {import('./store.js').Store} deps.store the app's store
 * @param {(decision: string, point?: {x: number, y: number}) => unknown} deps.decide sends a
 *   decision (the game controller's `decide`)
 * @returns {{click: (point: {x: number, y: number}) => void, clear: () => void}}
 */
export function createOpening({ store, decide }) {
  const setOpening = (patch) => store.update('opening', patch);
  return {
    /** A click in the opening: a stone, an offered fifth move picked, or one kept. */
    click(point) {
      const { game: { view }, opening: { pendingOffer } } = store.get();
      const action = openingClick(view, point, pendingOffer);
      if (!action) return;
      if ('pending' in action) {
        setOpening({ pendingOffer: action.pending });
        return;
      }
      setOpening({ pendingOffer: null });
      decide(action.decision, point);
    },
    /** Drops the fifth move picked. */
    clear: () => setOpening({ pendingOffer: null }),
  };
}
