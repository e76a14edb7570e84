// The opening explorer as pure functions of what the shell returns (`explorer`): each
// opening's card — its name in the page's language, a 5 × 5 diagram, black's winning chance,
// white's best replies, the person's results. The judgement itself is the engine's (shipped).

/** Point names as the move list shows them (15 × 15): a–o from the left, 15–1 from the top. */
function pointName(p) {
  return `${String.fromCharCode(97 + p.x)}${15 - p.y}`;
}

/**
 * The 25 cells of the central 5 × 5 square, row by row: 'black', 'white' or '' each.
 * @param {{stones: {x: number, y: number, color: string}[]}} opening
 */
export function diagramCells(opening) {
  const cells = [];
  for (let y = 5; y <= 9; y += 1) {
    for (let x = 5; x <= 9; x += 1) {
      cells.push(opening.stones.find((s) => s.x === x && s.y === y)?.color ?? '');
    }
  }
  return cells;
}

/**
 * An opening's card.
 * @param {any} o an OpeningView
 * @param {string} rule 'freestyle' | 'standard' | 'renju'
 * @param {(key: string, params?: object) => string} t
 * @param {'zh' | 'en'} lang
 */
export function openingCard(o, rule, t, lang) {
  const kind = t(o.direct ? 'explorer.direct' : 'explorer.indirect', { n: o.number });
  // Renju names its openings; in freestyle they are told apart by shape only.
  const named = rule === 'renju';
  const title = named ? (lang === 'zh' ? o.nameZh : `${o.nameJa} · ${o.nameEn} (${o.nameZh})`) : kind;
  const chance = o.blackChance == null ? t('explorer.unknown') : t('explorer.chance', { n: o.blackChance });
  const replies = o.replies.map((r) => t('explorer.reply', { point: pointName(r), n: r.blackChance }));
  const m = o.mine;
  const mine = m.games === 0 ? t('explorer.noGames')
    : t('explorer.mine', { games: m.games, black: m.blackWins, white: m.whiteWins, won: m.yourWins, lost: m.yourLosses });
  return {
    title,
    subtitle: named ? kind : '',
    chance,
    tone: o.blackChance == null ? 'even' : o.blackChance >= 60 ? 'black' : o.blackChance <= 40 ? 'white' : 'even',
    replies: replies.length ? t('explorer.replies', { list: replies.join(', ') }) : '',
    mine,
    cells: diagramCells(o),
  };
}
