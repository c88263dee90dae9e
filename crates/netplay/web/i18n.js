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
