// Opening rules on the page (swap1, swap2, and renju's RIF, Yamaguchi, Soosõrv-8, Taraguchi-10),
// as pure functions of a GameView: the prompt for whoever decides, which controls show, and what
// a click on the board decides; and `createOpening`, the owner of the store's `opening` part (the
// fifth moves picked before they are offered). The engine checks every decision; the page only
// words it. No DOM here: tested with `node --test`.

import { pointLabel } from './board/geometry.js';

/**
 * The colour `role` holds in an opening: the role that took black plays black; before any
 * choice the opener is the tentative black.
 * @param {{black?: string | null}} opening
 * @param {string} role 'opener' or 'responder'
 * @returns {'black' | 'white'}
 */
export function colourOfRole(opening, role) {
  return (opening.black ?? 'opener') === role ? 'black' : 'white';
}

/** Letters for offered fifth moves (up to ten). */
const OFFER_LETTERS = 'ABCDEFGHIJ';

/** Whether two points are the same. */
const same = (a, b) => a.x === b.x && a.y === b.y;

/**
 * How many fifth moves black offers now: the view's count (RIF 2, as declared, Taraguchi 10).
 * @param {any} view
 * @returns {number}
 */
function offersDue(view) {
  return view.opening?.offersDue ?? 2;
}

/**
 * The prompt for the decision due now, or '' once the opening is over.
 * @param {any} view
 * @param {(key: string, params?: object) => string} t
 * @param {{x: number, y: number}[]} [pending] the fifth moves picked so far
 * @returns {string}
 */
export function openingPrompt(view, t, pending = []) {
  const o = view.opening;
  if (!o?.turn) return '';
  const who = t(`opening.role.${o.turn}`);
  if (o.decider === 'ai') return t('opening.aiDeciding', { who });
  const phase = o.phase.phase;
  const picked = pending.length;
  switch (phase) {
    case 'openerPlacesThree': return t('opening.placeThree', { n: o.phase.placed + 1 });
    case 'responderChooses':
      if (o.rule === 'swap2') return t('opening.chooseSwap2');
      return o.declared ? t('opening.chooseSwapDeclared', { n: o.declared }) : t('opening.chooseSwap');
    case 'responderPlacesFifth': return t('opening.placeFifth');
    case 'openerChooses': return t('opening.openerChooses');
    case 'fourthMove': return t('opening.fourth');
    case 'declareOffers': return t('opening.declare', { max: o.maxDeclared });
    case 'swapChoice': return o.declared ? t('opening.swapDeclared', { n: o.declared }) : t('opening.swap');
    case 'placeInSquare': return t(o.phase.stone === 1 ? 'opening.squareCentre' : 'opening.square', { n: o.phase.stone, side: 2 * o.phase.stone - 1 });
    case 'fifthOrOffers': return t('opening.fifthOrOffers', { n: picked, of: offersDue(view) });
    case 'fifthOffers': return t('opening.offer', { n: Math.min(picked + 1, offersDue(view)), of: offersDue(view) });
    case 'whiteKeepsFifth': return t('opening.keep');
    default: return '';
  }
}

/**
 * The controls shown: take black, take white, clear the picked fifth moves, the declaration
 * (with its largest number), play the one picked fifth move (Taraguchi-10).
 * @param {any} view
 * @param {{x: number, y: number}[]} pending
 * @returns {{black: boolean, white: boolean, clear: boolean, declare: number, fifth: boolean}}
 */
export function openingButtons(view, pending = []) {
  const o = view.opening;
  const none = { black: false, white: false, clear: false, declare: 0, fifth: false };
  if (!o?.turn || o.decider !== 'human') return none;
  const phase = o.phase.phase;
  const choosing = ['responderChooses', 'openerChooses', 'swapChoice'].includes(phase);
  const offering = phase === 'fifthOffers' || phase === 'fifthOrOffers';
  return {
    black: choosing,
    white: choosing,
    clear: offering && pending.length > 0,
    declare: phase === 'declareOffers' ? o.maxDeclared ?? 0 : 0,
    fifth: phase === 'fifthOrOffers' && pending.length === 1,
  };
}

/**
 * What a click at `point` does in the opening: a decision to send, the fifth moves picked so
 * far (the point added, or dropped when picked again), or nothing.
 * @param {any} view
 * @param {{x: number, y: number}} point
 * @param {{x: number, y: number}[]} pending
 * @returns {{decision: string} | {pending: {x: number, y: number}[]} | null}
 */
export function openingClick(view, point, pending = []) {
  const o = view.opening;
  if (!o?.turn || o.decider !== 'human') return null;
  const at = `${point.x},${point.y}`;
  switch (o.phase.phase) {
    case 'openerPlacesThree':
    case 'responderPlacesFifth':
    case 'fourthMove':
    case 'placeInSquare':
      return { decision: `place ${at}` };
    case 'responderChooses':
      // Swap2's third option starts with a stone: the white fourth of "place two more".
      return o.rule === 'swap2' ? { decision: `place ${at}` } : null;
    case 'fifthOffers':
    case 'fifthOrOffers': {
      if (pending.some((p) => same(p, point))) return { pending: pending.filter((p) => !same(p, point)) };
      const picked = [...pending, point];
      if (picked.length < offersDue(view)) return { pending: picked };
      return { decision: `offer ${picked.map((p) => `${p.x},${p.y}`).join(' ')}` };
    }
    case 'whiteKeepsFifth':
      return { decision: `keep ${at}` };
    default:
      return null;
  }
}

/**
 * Marks for the board: the offered fifth moves (A, B, …) and the ones picked, waiting to be
 * offered.
 * @param {any} view
 * @param {{x: number, y: number}[]} pending
 * @returns {{x: number, y: number, rank: string, tone: string}[]}
 */
export function openingMarks(view, pending = []) {
  const marks = (view.opening?.offered ?? []).map((p, i) => ({ x: p.x, y: p.y, rank: OFFER_LETTERS[i], tone: 'fair' }));
  const phase = view.opening?.phase.phase;
  if (phase === 'fifthOffers' || phase === 'fifthOrOffers') {
    pending.forEach((p, i) => marks.push({ ...p, rank: OFFER_LETTERS[i], tone: 'good' }));
  }
  return marks;
}

/**
 * The opening's choices in words, for the move list: who took which colour, how many fifth
 * moves were declared, which were offered and which was kept.
 * @param {any} view
 * @param {(key: string, params?: object) => string} t
 * @param {(color: 'black' | 'white') => string} nameOf the name shown for a colour's player
 * @returns {string[]}
 */
export function openingChoices(view, t, nameOf) {
  const o = view.opening;
  if (!o) return [];
  // Names follow the colours the players ended with (the opener is tentative black before).
  const colorOf = (role) => colourOfRole(o, role);
  const point = (text) => {
    const [x, y] = text.split(',').map(Number);
    return pointLabel(x, y, view.size);
  };
  const out = [];
  (o.decisions ?? []).forEach((d, i) => {
    const [kind, ...args] = d.split(' ');
    const role = o.deciders?.[i] ?? 'opener';
    if (kind === 'black' || kind === 'white') {
      out.push(t(kind === 'black' ? 'opening.tookBlack' : 'opening.tookWhite', { name: nameOf(colorOf(role)) }));
    } else if (kind === 'declare') {
      out.push(t('opening.declared', { name: nameOf(colorOf(role)), n: Number(args[0]) }));
    } else if (kind === 'offer') {
      out.push(t('opening.offered', { points: args.map(point).join(', ') }));
    } else if (kind === 'keep') {
      out.push(t('opening.kept', { p: point(args[0]) }));
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
 * @returns {{click: (point: {x: number, y: number}) => void, clear: () => void,
 *   declare: (n: number) => void, playFifth: () => void}}
 */
export function createOpening({ store, decide }) {
  const setOpening = (patch) => store.update('opening', patch);
  return {
    /** A click in the opening: a stone, a fifth move picked (or dropped), offered or kept. */
    click(point) {
      const { game: { view }, opening: { pendingOffers } } = store.get();
      const action = openingClick(view, point, pendingOffers);
      if (!action) return;
      if ('pending' in action) {
        setOpening({ pendingOffers: action.pending });
        return;
      }
      setOpening({ pendingOffers: [] });
      decide(action.decision, point);
    },
    /** Drops the fifth moves picked. */
    clear: () => setOpening({ pendingOffers: [] }),
    /** Declares `n` fifth moves. */
    declare: (n) => decide(`declare ${n}`),
    /** Taraguchi-10: plays the one fifth move picked instead of offering ten. */
    playFifth() {
      const [point] = store.get().opening.pendingOffers;
      if (!point) return;
      setOpening({ pendingOffers: [] });
      decide(`place ${point.x},${point.y}`, point);
    },
  };
}
