// Translations: every string the page shows, in English and 简体中文, and the helpers that apply them.
//
// `STRINGS` is the one table; `t(key, params)` formats an entry of the current language; elements
// carry `data-i18n` (text), `data-i18n-aria` (aria-label) and `data-i18n-title` (title) attributes
// that `applyTranslations` fills in. Nothing touches the DOM at import time.

/** @type {Record<'en' | 'zh', Record<string, string>>} */
export const STRINGS = {
  en: {
    'app.title': 'Gomoku',
    'app.subtitle': 'Five in a row',
    'board.role': 'board',
    'board.label': 'Gomoku board, {size} by {size}. Arrow keys move the cursor, Enter places a stone.',
    'board.cursorEmpty': '{point}, empty',
    'board.cursorStone': '{point}, {color} stone',
    'color.black': 'Black',
    'color.white': 'White',
    'kind.human': 'Human',
    'kind.ai': 'Computer',
    'level.easy': 'Easy',
    'level.medium': 'Medium',
    'level.hard': 'Hard',
    'level.master': 'Master',
    'player.toMove': 'To move',
    'player.aiName': 'AI · {level}',
    'player.defaultHuman': 'Player',
    'player.thinking': 'Thinking',
    'player.clock': '{color} clock',
    'status.toMove': '{name} to move',
    'status.thinking': '{name} is thinking…',
    'status.analysing': 'Looking for a hint…',
    'status.won': '{name} wins!',
    'status.draw': 'Draw — the board is full',
    'status.aiWaiting': '{name} is waiting — press AI move',
    'step.count': 'Move {n}',
    'step.start': 'No moves yet',
    'last.none': 'Last: —',
    'last.move': 'Last: {name} at {point}',
    'analysis.title': 'Analysis',
    'analysis.idle': 'Press Hint for a suggestion.',
    'analysis.score': '{side} {score}',
    'analysis.win': '{side} wins in {n}',
    'analysis.lose': '{side} loses in {n}',
    'analysis.depth': 'depth {depth}',
    'analysis.speed': '{nps} nodes/s',
    'analysis.line': 'Line: {line}',
    'analysis.hint': 'Hint: {point}',
    'btn.new': 'New game',
    'btn.undo': 'Undo',
    'btn.redo': 'Redo',
    'btn.hint': 'Hint',
    'btn.save': 'Save',
    'btn.load': 'Load',
    'btn.settings': 'Settings',
    'btn.stop': 'Stop',
    'btn.aiMove': 'AI move',
    'btn.names': 'Edit names',
    'btn.sound': 'Sound on or off',
    'btn.theme': 'Switch light or dark theme',
    'btn.ok': 'OK',
    'btn.cancel': 'Cancel',
    'btn.apply': 'Apply',
    'btn.start': 'Start new game',
    'btn.resume': 'Resume',
    'btn.discard': 'Start fresh',
    'btn.playAgain': 'Play again',
    'btn.review': 'Review',
    'btn.close': 'Close',
    'aria.new': 'New game (N)',
    'aria.undo': 'Undo (Ctrl+Z)',
    'aria.redo': 'Redo (Ctrl+Y)',
    'aria.hint': 'Hint (H)',
    'aria.save': 'Save game (Ctrl+S)',
    'aria.load': 'Load game (Ctrl+O)',
    'aria.settings': 'Settings',
    'aria.stop': 'Stop the AI and play its best move so far',
    'aria.aiMove': 'Let the AI make a move',
    'aria.names': 'Edit player names',
    'aria.language': 'Language',
    'aria.panel': 'Game panel',
    'aria.actions': 'Game actions',
    'error.occupied': 'That point is already taken.',
    'error.outOfBoard': 'That point is off the board.',
    'error.forbidden': 'Forbidden point: {kind}',
    'error.notCentre': 'The first stone must go on the centre point.',
    'error.gameOver': 'The game is over — undo or start a new game.',
    'error.notYourTurn': 'It is not your turn.',
    'error.aiThinking': 'Please wait — the AI is thinking.',
    'error.nothingToUndo': 'Nothing to undo.',
    'error.nothingToRedo': 'Nothing to redo.',
    'error.badRecord': 'This file is not a valid game record.',
    'error.io': 'The file could not be read or written.',
    'error.badSettings': 'These settings are not valid.',
    'error.unknown': 'Something went wrong: {message}',
    'forbidden.doubleThree': 'double three',
    'forbidden.doubleFour': 'double four',
    'forbidden.overline': 'overline',
    'toast.saved': 'Game saved.',
    'toast.loaded': 'Game loaded.',
    'toast.thinking': 'The AI is thinking — board clicks are paused.',
    'names.title': 'Player names',
    'names.subtitleHvh': 'Choose a nickname for each player.',
    'names.subtitleHva': 'Choose your nickname. The AI is named after its level.',
    'names.you': 'you',
    'names.ai': 'AI',
    'names.fieldLabel': '{color} ({who})',
    'names.empty': 'Please enter a name.',
    'names.tooLong': 'At most {max} characters.',
    'settings.title': 'New game & settings',
    'settings.engines': 'Engines',
    'settings.opponent': 'AI opponent and hints',
    'engines.builtIn': 'Built-in AI (the level above)',
    'engines.notThisGame': 'does not play this rule or board size',
    'engines.add': 'Add engine…',
    'engines.adding': 'Checking the engine…',
    'engines.args': 'Arguments for the next engine added',
    'engines.argsPlaceholder': 'Arguments (optional)',
    'engines.note': 'Any Gomocup (pbrain) engine: Rapfi, Yixin, Embryo… Choose its program; it is tried before it is added.',
    'engines.name': 'Engine name',
    'engines.moveMs': 'Time per move (ms)',
    'engines.remove': 'Remove',
    'engines.rule.freestyle': 'freestyle',
    'engines.rule.standard': 'standard',
    'engines.rule.renju': 'renju',
    'error.engine': 'Engine: {message}',
    'settings.game': 'Game',
    'settings.app': 'App',
    'settings.mode': 'Mode',
    'settings.color': 'Your colour',
    'settings.level': 'AI level',
    'settings.rule': 'Rule',
    'settings.size': 'Board size',
    'settings.centreFirst': 'First stone on the centre point',
    'settings.sound': 'Sound effects',
    'settings.showNumbers': 'Show move numbers',
    'settings.language': 'Language',
    'settings.theme': 'Theme',
    'settings.note': 'Mode, colour, rule and board changes take effect in a new game.',
    'mode.humanVsAi': 'Human vs AI',
    'mode.humanVsHuman': 'Human vs human',
    'mode.aiVsAi': 'AI vs AI',
    'rule.freestyle': 'Freestyle (five or more)',
    'rule.standard': 'Standard (exactly five)',
    'rule.renju': 'Renju (forbidden points)',
    'size.option': '{n} × {n}',
    'lang.auto': 'Automatic',
    'lang.zh': '简体中文',
    'lang.en': 'English',
    'theme.auto': 'Automatic',
    'theme.light': 'Light',
    'theme.dark': 'Dark',
    'resume.title': 'Resume your last game?',
    'resume.body': 'An unfinished game was saved automatically when you left.',
    'banner.winner': 'Winner',
    'banner.wins': '{color} wins in {n} moves',
    'banner.draw': 'Draw',
    'banner.gameOver': 'Game over',
    'banner.drawSub': 'The board is full — well played, both of you!',
  },
  zh: {
    'app.title': '五子棋',
    'app.subtitle': '五子连珠',
    'board.role': '棋盘',
    'board.label': '五子棋棋盘，{size} × {size}。方向键移动光标，回车键落子。',
    'board.cursorEmpty': '{point}，空',
    'board.cursorStone': '{point}，{color}棋子',
    'color.black': '黑方',
    'color.white': '白方',
    'kind.human': '玩家',
    'kind.ai': '电脑',
    'level.easy': '简单',
    'level.medium': '中等',
    'level.hard': '困难',
    'level.master': '大师',
    'player.toMove': '轮到落子',
    'player.aiName': '电脑 · {level}',
    'player.defaultHuman': '玩家',
    'player.thinking': '思考中',
    'player.clock': '{color}用时',
    'status.toMove': '轮到 {name} 落子',
    'status.thinking': '{name} 正在思考…',
    'status.analysing': '正在寻找提示…',
    'status.won': '{name} 获胜！',
    'status.draw': '平局——棋盘已满',
    'status.aiWaiting': '{name} 等待中——请点击“电脑走棋”',
    'step.count': '第 {n} 手',
    'step.start': '尚未落子',
    'last.none': '上一步：无',
    'last.move': '上一步：{name} 落在 {point}',
    'analysis.title': '分析',
    'analysis.idle': '点击“提示”获取建议。',
    'analysis.score': '{side} {score}',
    'analysis.win': '{side} {n} 步必胜',
    'analysis.lose': '{side} {n} 步必败',
    'analysis.depth': '深度 {depth}',
    'analysis.speed': '{nps} 节点/秒',
    'analysis.line': '路线：{line}',
    'analysis.hint': '提示：{point}',
    'btn.new': '新对局',
    'btn.undo': '悔棋',
    'btn.redo': '重做',
    'btn.hint': '提示',
    'btn.save': '保存',
    'btn.load': '载入',
    'btn.settings': '设置',
    'btn.stop': '停止',
    'btn.aiMove': '电脑走棋',
    'btn.names': '修改昵称',
    'btn.sound': '开关音效',
    'btn.theme': '切换浅色或深色主题',
    'btn.ok': '确定',
    'btn.cancel': '取消',
    'btn.apply': '应用',
    'btn.start': '开始新对局',
    'btn.resume': '继续对局',
    'btn.discard': '重新开始',
    'btn.playAgain': '再来一局',
    'btn.review': '复盘',
    'btn.close': '关闭',
    'aria.new': '新对局（N）',
    'aria.undo': '悔棋（Ctrl+Z）',
    'aria.redo': '重做（Ctrl+Y）',
    'aria.hint': '提示（H）',
    'aria.save': '保存棋局（Ctrl+S）',
    'aria.load': '载入棋局（Ctrl+O）',
    'aria.settings': '设置',
    'aria.stop': '让电脑停止思考并下出目前的最佳着法',
    'aria.aiMove': '让电脑走一步',
    'aria.names': '修改玩家昵称',
    'aria.language': '语言',
    'aria.panel': '对局面板',
    'aria.actions': '对局操作',
    'error.occupied': '此处已有棋子。',
    'error.outOfBoard': '该位置不在棋盘上。',
    'error.forbidden': '禁手：{kind}',
    'error.notCentre': '第一手必须下在天元。',
    'error.gameOver': '本局已结束——可以悔棋或开始新对局。',
    'error.notYourTurn': '还没轮到你。',
    'error.aiThinking': '请稍候——电脑正在思考。',
    'error.nothingToUndo': '没有可以悔的棋。',
    'error.nothingToRedo': '没有可以重做的棋。',
    'error.badRecord': '该文件不是有效的棋谱。',
    'error.io': '文件读写失败。',
    'error.badSettings': '这些设置无效。',
    'error.unknown': '出错了：{message}',
    'forbidden.doubleThree': '三三',
    'forbidden.doubleFour': '四四',
    'forbidden.overline': '长连',
    'toast.saved': '棋局已保存。',
    'toast.loaded': '棋局已载入。',
    'toast.thinking': '电脑正在思考——暂不能落子。',
    'names.title': '设置玩家昵称',
    'names.subtitleHvh': '为双方玩家输入昵称。',
    'names.subtitleHva': '输入你的昵称。电脑的名称随难度而定。',
    'names.you': '你',
    'names.ai': '电脑',
    'names.fieldLabel': '{color}（{who}）',
    'names.empty': '请输入昵称。',
    'names.tooLong': '最多 {max} 个字符。',
    'settings.title': '新对局与设置',
    'settings.engines': '引擎',
    'settings.opponent': '电脑对手与提示',
    'engines.builtIn': '内置电脑（上方难度）',
    'engines.notThisGame': '不支持此规则或棋盘大小',
    'engines.add': '添加引擎…',
    'engines.adding': '正在检测引擎…',
    'engines.args': '下一个添加的引擎的启动参数',
    'engines.argsPlaceholder': '启动参数（可选）',
    'engines.note': '支持任何 Gomocup（pbrain）引擎：Rapfi、弈心、Embryo 等。选择其程序，检测通过后添加。',
    'engines.name': '引擎名称',
    'engines.moveMs': '每步用时（毫秒）',
    'engines.remove': '移除',
    'engines.rule.freestyle': '无禁手',
    'engines.rule.standard': '标准',
    'engines.rule.renju': '连珠',
    'error.engine': '引擎：{message}',
    'settings.game': '对局',
    'settings.app': '应用',
    'settings.mode': '模式',
    'settings.color': '你执',
    'settings.level': '电脑难度',
    'settings.rule': '规则',
    'settings.size': '棋盘大小',
    'settings.centreFirst': '第一手必须下在天元',
    'settings.sound': '音效',
    'settings.showNumbers': '显示手数',
    'settings.language': '语言',
    'settings.theme': '主题',
    'settings.note': '模式、执子、规则与棋盘的更改在新对局中生效。',
    'mode.humanVsAi': '人机对战',
    'mode.humanVsHuman': '双人对战',
    'mode.aiVsAi': '电脑对战',
    'rule.freestyle': '无禁手（五连及以上）',
    'rule.standard': '标准（恰好五连）',
    'rule.renju': '连珠（黑方禁手）',
    'size.option': '{n} × {n}',
    'lang.auto': '跟随系统',
    'lang.zh': '简体中文',
    'lang.en': 'English',
    'theme.auto': '跟随系统',
    'theme.light': '浅色',
    'theme.dark': '深色',
    'resume.title': '继续上次的对局？',
    'resume.body': '上次退出时有一局未完成的对局已自动保存。',
    'banner.winner': '胜者',
    'banner.wins': '{color}以 {n} 手获胜',
    'banner.draw': '平局',
    'banner.gameOver': '对局结束',
    'banner.drawSub': '棋盘已满——双方势均力敌！',
  },
};

/** The languages the table holds. */
export const LANGUAGES = /** @type {const} */ (['en', 'zh']);

let current = 'en';

/**
 * The placeholders (`{name}`) a string uses, sorted and de-duplicated.
 * @param {string} text
 * @returns {string[]}
 */
export function placeholders(text) {
  return [...new Set([...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]))].sort();
}

/**
 * The language to use for a preference: `"en"`/`"zh"` as given, `"auto"` from the system locale
 * (any `zh*` locale gives Chinese, everything else English).
 * @param {string} preference `"auto" | "en" | "zh"`
 * @param {string} [systemLocale] e.g. `navigator.language`
 * @returns {'en' | 'zh'}
 */
export function resolveLanguage(preference, systemLocale = '') {
  if (preference === 'en' || preference === 'zh') return preference;
  return /^zh\b/i.test(systemLocale) ? 'zh' : 'en';
}

/**
 * Sets the current language.
 * @param {'en' | 'zh'} lang
 */
export function setLanguage(lang) {
  current = LANGUAGES.includes(lang) ? lang : 'en';
}

/** @returns {'en' | 'zh'} the current language */
export function getLanguage() {
  return /** @type {'en' | 'zh'} */ (current);
}

/**
 * Formats a string of `lang` (the current language by default), replacing `{name}` placeholders.
 * A missing key falls back to English, then to the key itself.
 * @param {string} key
 * @param {Record<string, string | number>} [params]
 * @param {'en' | 'zh'} [lang]
 * @returns {string}
 */
export function translate(key, params = {}, lang = /** @type {'en' | 'zh'} */ (current)) {
  const text = STRINGS[lang]?.[key] ?? STRINGS.en[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in params ? String(params[name]) : whole));
}

/**
 * Shorthand for {@link translate} in the current language.
 * @param {string} key
 * @param {Record<string, string | number>} [params]
 * @returns {string}
 */
export function t(key, params) {
  return translate(key, params);
}

/**
 * A translator bound to one language, for pure code and tests.
 * @param {'en' | 'zh'} lang
 * @returns {(key: string, params?: Record<string, string | number>) => string}
 */
export function translator(lang) {
  return (key, params) => translate(key, params, lang);
}

/**
 * Fills every `data-i18n`, `data-i18n-aria` and `data-i18n-title` element under `root` and sets
 * the document language.
 * @param {ParentNode & {querySelectorAll: Function}} root
 */
export function applyTranslations(root) {
  for (const el of root.querySelectorAll('[data-i18n]')) el.textContent = t(el.dataset.i18n);
  for (const el of root.querySelectorAll('[data-i18n-aria]')) {
    el.setAttribute('aria-label', t(el.dataset.i18nAria));
  }
  for (const el of root.querySelectorAll('[data-i18n-title]')) el.title = t(el.dataset.i18nTitle);
  if (typeof document !== 'undefined') {
    document.documentElement.lang = current === 'zh' ? 'zh-CN' : 'en';
  }
}
