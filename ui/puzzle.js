// Puzzle mode as pure functions of what the shell returns (a GameView's `puzzle`, the list of
// `puzzles`): the card's texts and buttons, the list's filter, tiles and summary. The shell
// judges every move and keeps the progress; nothing here decides whether a move is right.

/**
 * @typedef {{id: string, rule: string, grade: number, kind: string, attacker: string,
 *   source: {kind: string, played?: number, moveNumber?: number},
 *   record: {solved: boolean, clean: boolean, failures: number}}} PuzzleEntry
 * @typedef {{entries: PuzzleEntry[], grades: {rule: string, grade: number, total: number,
 *   solved: number}[], streak: number, bestStreak: number, notice: string | null}} PuzzleList
 */

/** The number of a shipped puzzle (`renju-12` → 12), or null for one of the person's own. */
export function puzzleNumber(id) {
  const match = /^(freestyle|renju)-(\d+)$/.exec(id);
  return match ? Number(match[2]) : null;
}

/** Point names as the move list shows them: a–o from the left, 15–1 from the top. */
function pointName(point, size) {
  return `${String.fromCharCode(97 + point.x)}${size - point.y}`;
}

/**
 * The puzzle card of a GameView in puzzle mode.
 * @param {any} view a GameView with `puzzle`
 * @param {(key: string, params?: object) => string} t
 */
export function puzzleCard(view, t) {
  const p = view.puzzle;
  const number = puzzleNumber(p.id);
  const title = number != null
    ? t('puzzle.title', { n: number, rule: t(`rule.short.${p.rule}`) })
    : t('puzzle.mineTitle', { n: p.source.moveNumber ?? 0 });
  const grade = p.grade >= 9 ? t('puzzles.grade.9') : t('puzzles.grade.n', { n: p.grade });
  const task = t('puzzle.task', {
    color: t(`color.${p.attacker}`), grade, kind: t(`puzzle.kind.${p.kind}`),
  });
  const { status, tone } = statusOf(view, t);
  return {
    title,
    task,
    status,
    tone,
    streak: t('puzzle.streak', { n: p.streak, best: p.bestStreak }),
    canHint: p.status === 'playing',
    canRetry: p.status === 'wrong',
    canNext: p.remaining > 0 && p.status !== 'judging',
  };
}

function statusOf(view, t) {
  const p = view.puzzle;
  switch (p.status) {
    case 'judging': return { status: t('puzzle.status.judging'), tone: 'info' };
    case 'solved': return { status: t('puzzle.status.solved'), tone: 'success' };
    case 'wrong': {
      if (p.miss === 'notAThreat') return { status: t('puzzle.status.notAThreat'), tone: 'error' };
      const point = p.refutation ? pointName(p.refutation, view.size) : '';
      return { status: t('puzzle.status.refuted', { point }), tone: 'error' };
    }
    default: {
      if (p.hint) return { status: t('puzzle.status.hint', { point: pointName(p.hint, view.size) }), tone: 'info' };
      if (p.movesLeft != null) return { status: t('puzzle.status.right', { n: p.movesLeft }), tone: 'success' };
      return { status: t('puzzle.status.playing'), tone: 'info' };
    }
  }
}

/**
 * The entries the dialog lists for a filter.
 * @param {PuzzleList} list
 * @param {{rule: string, grade: string, source: string}} filter grade 'all' or '3'…'9';
 *   source 'all', 'shipped' or 'mine'
 */
export function filterPuzzles(list, filter) {
  return list.entries.filter((e) => e.rule === filter.rule
    && (filter.grade === 'all' || String(e.grade) === filter.grade)
    && (filter.source === 'all' || (filter.source === 'mine') === (e.source.kind === 'mine')));
}

/**
 * A tile of the list: its label, its state (for the colour) and its accessible name.
 * @param {PuzzleEntry} e
 * @param {(key: string, params?: object) => string} t
 */
export function puzzleTile(e, t) {
  const state = e.record.solved ? 'solved' : e.record.failures > 0 ? 'failed' : 'new';
  const number = puzzleNumber(e.id);
  const label = number != null ? String(number) : t('puzzles.mineTile', { n: e.source.moveNumber ?? 0 });
  const grade = e.grade >= 9 ? t('puzzles.grade.9') : t('puzzles.grade.n', { n: e.grade });
  const name = t('puzzles.tile', {
    label, grade, color: t(`color.${e.attacker}`), kind: t(`puzzle.kind.${e.kind}`),
    state: t(`puzzles.state.${state}`),
  });
  return { label, state, name };
}

/**
 * The dialog's summary line for a rule: solved of total, streaks.
 * @param {PuzzleList} list
 * @param {string} rule
 * @param {(key: string, params?: object) => string} t
 */
export function puzzleSummary(list, rule, t) {
  const grades = list.grades.filter((g) => g.rule === rule);
  const total = grades.reduce((n, g) => n + g.total, 0);
  const solved = grades.reduce((n, g) => n + g.solved, 0);
  return t('puzzles.summary', { solved, total, streak: list.streak, best: list.bestStreak });
}

/**
 * Per grade of a rule: "Win in 5: 12/50".
 * @param {PuzzleList} list
 * @param {string} rule
 * @param {(key: string, params?: object) => string} t
 */
export function gradeLines(list, rule, t) {
  return list.grades.filter((g) => g.rule === rule).map((g) => {
    const grade = g.grade >= 9 ? t('puzzles.grade.9') : t('puzzles.grade.n', { n: g.grade });
    return t('puzzles.gradeLine', { grade, solved: g.solved, total: g.total });
  });
}
