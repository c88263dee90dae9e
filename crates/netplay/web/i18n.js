// Interface text in English and Simplified Chinese; the choice is kept in localStorage.
const TEXT = {
  en: {
    title: "parlor", name: "Name", four_colour: "four-colour deck", create: "Create a table",
    game: "Game", settings: "Settings (JSON)", fill_bots: "fill empty seats with bots and start",
    create_button: "Create", join: "Join by code", code: "Code", join_button: "Join",
    tables: "Tables", view: "View (JSON)", watch: "Watch", no_tables: "No tables yet.",
    start: "Start", bots: "Fill with bots", rematch: "Rematch", your_turn: "Your turn",
    waiting: "Waiting for {who}", over: "Game over", spectating: "Watching",
    empty: "empty seat", away: "away", bot: "bot", you: "you", flip: "Flip board",
    numbers: "Move numbers", phase_waiting: "waiting", phase_playing: "playing",
    phase_over: "over", phase_failed: "failed", returns: "Result: {r}",
    xiangqi: "Xiangqi", gomoku: "Gomoku", doudizhu: "Dou Dizhu", hearts: "Hearts", klondike: "Klondike",
    check: "Check!", need_name: "choose a display name first", connecting: "connecting…", type_action: "Action", play: "Play",
    glyphs: "large card glyphs", watchers: "watching: {n}", yes: "yes", no: "no",
    opt_draw: "Draw", opt_scoring: "Scoring", opt_winnable: "Winnable deals only", opt_bidding: "Bidding",
    opt_target: "Play to", opt_points: "bid 1–3", opt_rob: "call and rob", opt_standard: "standard", opt_vegas: "Vegas", opt_none: "none",
    landlord: "landlord", farmer: "farmer", cards_left: "{n} cards", bottom: "Bottom cards", multiplier: "Multiplier ×{n}",
    pass: "Pass", select_cards: "select the cards to play first", no_play: "no play beats it: pass", hint: "Hint", clear: "Clear",
    no_bid: "No bid", bid_points: "Bid {n}", call: "Call the landlord", rob: "Rob", settlement: "Settlement",
    hearts_seat: "{total} points · {hand} this hand · {tricks} tricks · {cards} cards", total: "Total", resign: "Resign", offer_draw: "Offer a draw", accept_draw: "Accept the draw", decline_draw: "Decline the draw", undo: "Undo", draw_offered: "{who} offers a draw", you_offered_draw: "You offered a draw; waiting for the answer", resign_confirm: "Press again to resign", resigned: "{who} resigned", draw_agreed: "Draw agreed", pass_sent: "Cards passed; waiting for the others",
    pass_three: "Choose three cards to pass {dir} ({n} of 3)", dir_left: "to the left", dir_right: "to the right",
    dir_across: "across", dir_hold: "(no pass this hand)", your_lead_or_follow: "Your turn: click a card to play it",
    received: "Received", hearts_over: "Game over: {who} won", hand: "Hand", scores: "Scores (game to {target})",
    one_card_up: "one card at a time goes up to a foundation", stock_cards: "stock, {n} cards", recycle: "turn the waste back over",
    waste: "waste", foundation: "foundation", empty_foundation: "empty foundation", pile_n: "pile {n}", empty_pile: "empty pile {n}",
    can_win: "Can this still be won?", klondike_rules: "Draw {draw} · {scoring} scoring · pass {pass} · score {score}",
    scoring_standard: "standard", scoring_vegas: "Vegas", scoring_none: "no",
    hint_move: "Hint: {move}", cannot_win: "No: this game can no longer be won.", won: "Won!",
    unknown_win: "The solver could not decide within its budget.", can_still_win: "Yes: a winning line of {n} moves is left.",
    you_won: "You won!",
    opt_rule: "Rule", opt_opening: "Opening", opt_size: "Board", opt_none_opening: "none", opt_freestyle: "freestyle", opt_renju: "renju", opt_caro: "caro",
    bot_choice: "Bots", bot_level: "{kind} bot, level {level}", bot_tag: "bot, level {level}",
    moves: "Moves", notation: "notation", notation_chinese: "Chinese", notation_wxf: "WXF", notation_iccs: "ICCS",
    xq_win: "{side} wins: {reason}", xq_draw: "Draw: {reason}", side_red: "Red", side_black: "Black",
    xq_checkmate: "checkmate", xq_stalemate: "no legal move", xq_perpetual_check: "perpetual check",
    xq_perpetual_chase: "perpetual chase", xq_resignation: "resignation", xq_repetition: "repetition",
    xq_move_limit: "the move limit", xq_insufficient_material: "no attacking pieces left", xq_agreement: "agreed",
    result_won: "won", result_lost: "lost", won_by: "{who} won", drawn: "draw",
    stone_black: "Black", stone_white: "White", gm_five: "{side} wins: five in a row", gm_full: "Draw: the board is full",
    gm_foul: "White wins: Black's forbidden point {at} ({foul})", "gm_double-three": "double three", "gm_double-four": "double four", gm_overline: "overline",
  },
  zh: {
    title: "游戏厅", name: "昵称", four_colour: "四色牌", create: "开桌",
    game: "游戏", settings: "设置 (JSON)", fill_bots: "空位由电脑补齐并开始",
    create_button: "开桌", join: "输入桌号加入", code: "桌号", join_button: "加入",
    tables: "牌桌", view: "视图 (JSON)", watch: "观战", no_tables: "还没有牌桌。",
    start: "开始", bots: "电脑补位", rematch: "再来一局", your_turn: "轮到你了",
    waiting: "等待 {who}", over: "对局结束", spectating: "观战中",
    empty: "空位", away: "离线", bot: "电脑", you: "你", flip: "翻转棋盘",
    numbers: "显示手数", phase_waiting: "等待中", phase_playing: "对局中",
    phase_over: "已结束", phase_failed: "出错", returns: "结果：{r}",
    xiangqi: "中国象棋", gomoku: "五子棋", doudizhu: "斗地主", hearts: "红心大战", klondike: "空当接龙",
    check: "将军！", need_name: "请先填写昵称", connecting: "连接中…", type_action: "着法", play: "出",
    glyphs: "大号牌面字符", watchers: "观战：{n}", yes: "是", no: "否",
    opt_draw: "翻牌", opt_scoring: "计分", opt_winnable: "只发可解的牌局", opt_bidding: "叫牌",
    opt_target: "打到", opt_points: "叫分（1–3）", opt_rob: "叫地主抢地主", opt_standard: "标准", opt_vegas: "拉斯维加斯", opt_none: "不计分",
    landlord: "地主", farmer: "农民", cards_left: "{n} 张", bottom: "底牌", multiplier: "倍数 ×{n}",
    pass: "不出", select_cards: "请先选牌", no_play: "没有牌大过上家：不出", hint: "提示", clear: "重选",
    no_bid: "不叫", bid_points: "{n} 分", call: "叫地主", rob: "抢地主", settlement: "结算",
    hearts_seat: "{total} 分 · 本局 {hand} 分 · {tricks} 墩 · {cards} 张", total: "合计", resign: "认输", offer_draw: "提和", accept_draw: "同意和棋", decline_draw: "拒绝和棋", undo: "悔棋", draw_offered: "{who} 提和", you_offered_draw: "你已提和，等待对方答复", resign_confirm: "再按一次认输", resigned: "{who} 认输", draw_agreed: "双方议和", pass_sent: "已传牌，等待其他人",
    pass_three: "选三张牌传{dir}（已选 {n} 张）", dir_left: "给左家", dir_right: "给右家",
    dir_across: "给对家", dir_hold: "（本局不传牌）", your_lead_or_follow: "轮到你：点一张牌打出",
    received: "收到", hearts_over: "游戏结束：{who} 获胜", hand: "局", scores: "得分（打到 {target}）",
    one_card_up: "一次只能收一张牌", stock_cards: "牌堆，{n} 张", recycle: "把废牌翻回牌堆",
    waste: "废牌", foundation: "收牌区", empty_foundation: "空收牌区", pile_n: "第 {n} 列", empty_pile: "第 {n} 列（空）",
    can_win: "还能赢吗？", klondike_rules: "翻 {draw} 张 · {scoring}计分 · 第 {pass} 轮 · {score} 分",
    scoring_standard: "标准", scoring_vegas: "拉斯维加斯", scoring_none: "不",
    hint_move: "提示：{move}", cannot_win: "不能：这局已经赢不了了。", won: "赢了！",
    unknown_win: "在限定的计算量内没有算出结果。", can_still_win: "能：还有一条 {n} 步的必胜路线。",
    you_won: "你赢了！",
    opt_rule: "规则", opt_opening: "开局", opt_size: "棋盘", opt_none_opening: "无", opt_freestyle: "无禁手", opt_renju: "连珠（禁手）", opt_caro: "Caro",
    bot_choice: "电脑", bot_level: "{kind} 电脑 {level} 级", bot_tag: "电脑 {level} 级",
    moves: "着法", notation: "记谱法", notation_chinese: "中文", notation_wxf: "WXF", notation_iccs: "ICCS",
    xq_win: "{side}胜：{reason}", xq_draw: "和棋：{reason}", side_red: "红方", side_black: "黑方",
    xq_checkmate: "将死", xq_stalemate: "困毙", xq_perpetual_check: "长将判负",
    xq_perpetual_chase: "长捉判负", xq_resignation: "认输", xq_repetition: "重复局面",
    xq_move_limit: "自然限着", xq_insufficient_material: "双方无进攻子力", xq_agreement: "议和",
    result_won: "胜", result_lost: "负", won_by: "{who} 获胜", drawn: "和局",
    stone_black: "黑方", stone_white: "白方", gm_five: "{side}胜：连五", gm_full: "和棋：棋盘已满",
    gm_foul: "白方胜：黑方禁手 {at}（{foul}）", "gm_double-three": "三三", "gm_double-four": "四四", gm_overline: "长连",
  },
};

let lang = localStorage.getItem("parlor.lang") === "zh" ? "zh" : "en";

/** The text for `key` in the current language, with `{name}` placeholders filled. */
export function t(key, fill = {}) {
  const text = TEXT[lang][key] ?? TEXT.en[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (_, k) => String(fill[k] ?? ""));
}

/** The current language, `en` or `zh`. */
export function language() {
  return lang;
}

/** Switches language and rewrites every `data-t` element. */
export function setLanguage(next) {
  lang = next;
  localStorage.setItem("parlor.lang", lang);
  document.documentElement.lang = lang === "zh" ? "zh-CN" : "en";
  for (const el of document.querySelectorAll("[data-t]")) el.textContent = t(el.dataset.t);
}
