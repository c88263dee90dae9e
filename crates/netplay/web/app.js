// The browser client: one WebSocket to the table server, the lobby, and a table page that
// draws the seat's view and offers exactly the legal actions the server sends.
import { t, language, setLanguage } from "./i18n.js";
import { look } from "./cards.js";
import * as xiangqi from "./xiangqi.js";
import * as gomoku from "./gomoku.js";
import * as doudizhu from "./doudizhu.js";
import * as hearts from "./hearts.js";
import * as klondike from "./klondike.js";
import { moveFocus, keepFocus } from "./focus.js";

/**
 * Table renderers by game; a game without one is played from the list of legal actions. A
 * renderer may also export `ending(view, ctx)`: how the game ended, in words, for the result line.
 */
const BOARDS = { xiangqi, gomoku, doudizhu, hearts, klondike };

const $ = (id) => document.getElementById(id);
const store = {
  token: (code) => localStorage.getItem(`parlor.token.${code}`),
  keep: (code, token) => localStorage.setItem(`parlor.token.${code}`, token),
  hosts: (code) => localStorage.getItem(`parlor.host.${code}`),
  keepHost: (code, token) => localStorage.setItem(`parlor.host.${code}`, token),
  // A `create` sent but not yet answered by `created`: resent on every reconnect.
  pendingCreate: () => JSON.parse(localStorage.getItem("parlor.create") ?? "null"),
  keepCreate: (message) => localStorage.setItem("parlor.create", JSON.stringify(message)),
  dropCreate: () => localStorage.removeItem("parlor.create"),
};

/** A host token drawn here: 32 bytes from the browser's CSPRNG, as 64 hex digits. */
function newToken() {
  return [...crypto.getRandomValues(new Uint8Array(32))].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** The table actions this page knows (each is also its message type and its label's key). */
const TABLE_ACTIONS = new Set(["resign", "offer_draw", "accept_draw", "decline_draw", "undo"]);
/** Whether the Resign button was pressed once: a second press resigns. */
let resignArmed = false;

let socket = null;
let info = null; // the table's TableInfo
let state = null; // the latest StateUpdate
let result = null; // the latest Result, while it is the current game's
let mySeat = null;
let amHost = false;
let autoStart = false;
let errorSlot = "action-error";
let bots = new Map(); // game → the bots the server offers (the welcome's `bots`)
const prefs = { flipped: false, numbers: false, notation: localStorage.getItem("parlor.notation") ?? (language() === "zh" ? "chinese" : "wxf") };

function send(message) {
  if (socket?.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
}

/** Sends an action and shows the server's refusal, if any, beside the actions. */
function act(action) {
  errorSlot = "action-error";
  $("action-error").textContent = "";
  send({ type: "action", action });
}

function tableCode() {
  const code = location.hash.replace(/^#\/?/, "").toUpperCase();
  return /^[A-Z0-9]{6}$/.test(code) ? code : null;
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  socket = new WebSocket(`${scheme}://${location.host}/ws`);
  socket.addEventListener("open", () => send({ type: "hello", protocol: 1 }));
  socket.addEventListener("message", (event) => receive(JSON.parse(event.data)));
  socket.addEventListener("close", () => setTimeout(connect, 1000));
}

/** Goes to the table named in the address: back to a seat with a stored token, else watching. */
function enterTable() {
  const code = tableCode();
  if (!code) {
    show("lobby");
    send({ type: "lobby" });
    return;
  }
  const token = store.token(code);
  send(token ? { type: "resume", code, token } : { type: "spectate", code });
}

function receive(message) {
  switch (message.type) {
    case "welcome":
      bots = new Map((message.bots ?? []).map((g) => [g.game, g]));
      fillGames(message.games);
      if (store.pendingCreate()) {
        errorSlot = "create-error";
        send(store.pendingCreate());
      } else enterTable();
      break;
    case "lobby":
      renderLobby(message.tables);
      break;
    case "created":
      store.dropCreate();
      store.keep(message.code, message.host_token);
      store.keepHost(message.code, message.host_token);
      break;
    case "joined":
      store.keep(message.code, message.token);
      mySeat = message.seat;
      amHost = store.hosts(message.code) === message.token;
      showTable(message.code);
      break;
    case "watching":
      mySeat = null;
      amHost = message.host;
      showTable(message.code);
      break;
    case "table":
      info = message;
      renderSeats();
      if (autoStart && amHost && info.phase === "waiting") {
        autoStart = false;
        fillBots();
        send({ type: "start" });
      }
      break;
    case "state":
      state = message;
      if (result && result.game_number !== state.game_number) result = null;
      renderState();
      break;
    case "assist":
    case "moves":
      BOARDS[info?.game]?.assist?.(message);
      if (state) renderState();
      break;
    case "ack":
      $("action-error").textContent = "";
      break;
    case "result":
      result = message;
      if (state) renderState();
      $("status").textContent = resultText(message.outcome);
      break;
    case "error":
      if (errorSlot === "create-error") store.dropCreate();
      $(errorSlot).textContent = message.message;
      $(errorSlot).dataset.code = message.code;
      break;
    default:
      break; // newer server messages are ignored
  }
}

/**
 * The result in words: two seats as "ann ½–½ bob", more as each seat's return by name, one as
 * won or lost; then how it ended as the board tells it ("Draw: agreed"), else who won.
 */
function resultText(outcome) {
  const seats = info?.seats.length ?? 1;
  const name = (s) => info?.seats[s]?.name ?? `${s + 1}`;
  const won = (s) => ((outcome.winners >> s) & 1) === 1;
  const winners = [...Array(seats).keys()].filter(won);
  if (seats === 1) return t("returns", { r: t(winners.length ? "result_won" : "result_lost") });
  const score = seats === 2
    ? `${name(0)} ${winners.length ? (won(0) ? "1–0" : "0–1") : "½–½"} ${name(1)}`
    : outcome.returns.slice(0, seats).map((r, s) => `${name(s)} ${r > 0 ? "+" : ""}${r}`).join(", ");
  const told = state && BOARDS[info?.game]?.ending?.(state.view, { t, info });
  const how = told || (winners.length ? t("won_by", { who: winners.map(name).join(", ") }) : t("drawn"));
  return t("returns", { r: `${score} · ${how}` });
}

function show(section) {
  $("lobby").hidden = section !== "lobby";
  $("table").hidden = section !== "table";
}

function showTable(code) {
  show("table");
  $("table-code").textContent = code;
  if (location.hash !== `#/${code}`) history.replaceState(null, "", `#/${code}`);
}

function fillGames(games) {
  const select = $("game");
  select.replaceChildren(...games.map((g) => new Option(t(g), g)));
  showOptions(select.value);
}

/** The settings each game's options in the lobby set: [key, label, choices (first = default)]. */
const OPTIONS = {
  klondike: [["draw", "opt_draw", [1, 3]], ["scoring", "opt_scoring", ["standard", "vegas", "none"]], ["winnable", "opt_winnable", [false, true]]],
  doudizhu: [["bidding", "opt_bidding", ["points", "rob"]]],
  hearts: [["target", "opt_target", [100, 50, 26]]],
  gomoku: [["rule", "opt_rule", ["freestyle", "standard", "renju", "caro"]], ["opening", "opt_opening", [null, "swap", "swap2", "soosorv-2"]], ["width", "opt_size", [15, 19, 13, 9]]],
};

/** A lobby choice in words: yes/no, a translated word, or the value itself. */
function choiceLabel(choice) {
  if (typeof choice === "boolean") return t(choice ? "yes" : "no");
  if (choice === null) return t("opt_none_opening");
  return t(`opt_${choice}`) === `opt_${choice}` ? String(choice) : t(`opt_${choice}`);
}

/** Seats the bot chosen in the lobby in every empty seat (the server's default without a choice). */
function fillBots() {
  const [kind, level] = ($("bot-choice").value || "").split(":");
  send(kind ? { type: "seat_bot", bot: { kind, level: Number(level) } } : { type: "fill_bots" });
}


/** The lobby's choice of bot for `game`: every kind at every level, the server's default chosen. */
function showBots(game) {
  const offer = bots.get(game);
  const select = $("bot-choice");
  select.replaceChildren();
  for (const kind of offer?.kinds ?? []) {
    for (let level = 1; level <= kind.levels; level++) {
      const option = new Option(t("bot_level", { kind: kind.kind, level }), `${kind.kind}:${level}`);
      option.title = kind.about;
      option.selected = offer.default.kind === kind.kind && offer.default.level === level;
      select.append(option);
    }
  }
  select.parentElement.hidden = !select.options.length;
}

function showOptions(game) {
  showBots(game);
  $("options").dataset.game = game;
  $("options").replaceChildren(...(OPTIONS[game] ?? []).map(([key, label, choices]) => {
    const select = document.createElement("select");
    select.dataset.key = key;
    select.append(...choices.map((c, i) => new Option(choiceLabel(c), i)));
    const wrap = document.createElement("label");
    wrap.append(`${t(label)} `, select);
    return wrap;
  }));
}

/** `settings` (from the JSON field) with the lobby's options for `game` written in. */
function withOptions(game, settings) {
  const chosen = {};
  if ($("options").dataset.game !== game) return settings;
  for (const select of $("options").querySelectorAll("select")) {
    const [, , choices] = OPTIONS[game].find(([key]) => key === select.dataset.key);
    if (select.selectedIndex > 0) chosen[select.dataset.key] = choices[select.selectedIndex];
    if (select.dataset.key === "width" && select.selectedIndex > 0) chosen.height = chosen.width;
  }
  return Object.keys(chosen).length ? { ...(settings ?? {}), ...chosen } : settings;
}

function renderLobby(tables) {
  const list = $("tables");
  if (!tables.length) {
    list.replaceChildren(Object.assign(document.createElement("li"), { textContent: t("no_tables") }));
    return;
  }
  list.replaceChildren(...tables.map((table) => {
    const li = document.createElement("li");
    const names = table.seats.map((s) => s.name ?? t("empty")).join(", ");
    li.append(`${t(table.game)} ${table.code} · ${t(`phase_${table.phase}`)} · ${names}`);
    if (table.phase === "waiting" && table.seats.some((s) => s.kind === "empty")) {
      li.append(button(t("join_button"), () => join(table.code), `join ${table.code}`));
    }
    li.append(button(t("watch"), () => { location.hash = `#/${table.code}`; }, `watch ${table.code}`));
    return li;
  }));
}

function button(label, onClick, ariaLabel) {
  const b = document.createElement("button");
  b.type = "button";
  b.textContent = label;
  if (ariaLabel) b.setAttribute("aria-label", ariaLabel);
  b.addEventListener("click", onClick);
  return b;
}

function displayName() {
  return $("name").value.trim();
}

function join(code) {
  errorSlot = "join-error";
  if (!displayName()) {
    $("join-error").textContent = t("need_name");
    return;
  }
  send({ type: "join", code, name: displayName() });
}

function renderSeats() {
  $("table-title").textContent = t(info.game);
  const turn = state?.turn;
  $("seats").replaceChildren(...info.seats.map((seat, i) => {
    const li = document.createElement("li");
    const label = seat.kind === "empty" ? t("empty") : seat.name;
    const tags = [i === mySeat ? t("you") : null, seat.kind === "bot" ? (seat.bot ? t("bot_tag", { level: seat.bot.level }) : t("bot")) : null,
      seat.kind === "human" && !seat.connected ? t("away") : null].filter(Boolean);
    li.textContent = `${i + 1}. ${label}${tags.length ? ` (${tags.join(", ")})` : ""}`;
    li.classList.toggle("away", seat.kind === "human" && !seat.connected);
    li.classList.toggle("turn", isTurn(turn, i));
    return li;
  }), Object.assign(document.createElement("li"), { textContent: t("watchers", { n: info.spectators }) }));
  const controls = [];
  if (amHost && info.phase === "waiting") {
    controls.push(button(t("bots"), () => { errorSlot = "action-error"; fillBots(); }));
    controls.push(button(t("start"), () => { errorSlot = "action-error"; send({ type: "start" }); }));
  }
  if (amHost && info.phase === "over") controls.push(button(t("rematch"), () => send({ type: "rematch" })));
  if (info.phase === "waiting" && mySeat === null && info.seats.some((s) => s.kind === "empty")) {
    controls.push(button(t("join_button"), () => { join(info.code); errorSlot = "action-error"; }));
  }
  $("host-controls").replaceChildren(...controls);
}

function isTurn(turn, seat) {
  if (!turn || turn === "over") return false;
  if (turn.seat !== undefined) return turn.seat === seat;
  return ((turn.simultaneous >> seat) & 1) === 1;
}

function renderState() {
  if (info) renderSeats();
  $("board").dataset.ply = state.ply;
  const over = state.turn === "over";
  const mine = mySeat !== null && isTurn(state.turn, mySeat);
  let status = t("spectating");
  if (over) status = t("over");
  else if (mine) status = t("your_turn");
  else if (mySeat !== null) {
    const who = state.turn.seat !== undefined ? info?.seats[state.turn.seat]?.name ?? state.turn.seat + 1 : "…";
    status = t("waiting", { who });
  }
  if (!over || !$("status").textContent.startsWith(t("returns", { r: "" }).trim())) $("status").textContent = status;
  const board = BOARDS[info?.game];
  const context = { act, send, t, prefs, seat: mySeat, info, result, redraw: renderState, error: (text) => { $("action-error").textContent = text; } };
  const handled = board ? keepFocus($("board"), () => board.render($("board"), state, context)) : new Set();
  if (!board) $("board").replaceChildren();
  const rest = state.legal.filter((a) => !handled.has(a.text));
  $("actions").replaceChildren(...rest.map((a) => button(a.text, () => act(a.id), `action ${a.text}`)));
  renderTableActions();
  $("legal-list").replaceChildren(...state.legal.map((a) => new Option(a.text)));
  $("view").textContent = JSON.stringify(state.view, null, 1);
}

/** The draw offer, for everyone, and the table actions the server lists for this seat. */
function renderTableActions() {
  const offerer = state.draw_offer;
  const name = (seat) => info?.seats[seat]?.name ?? `${seat + 1}`;
  $("offer").textContent = offerer === undefined || offerer === null ? ""
    : offerer === mySeat ? t("you_offered_draw") : t("draw_offered", { who: name(offerer) });
  $("table-actions").replaceChildren(...(state.table_actions ?? []).filter((a) => TABLE_ACTIONS.has(a)).map((a) => {
    const b = button(t(a === "resign" && resignArmed ? "resign_confirm" : a), () => tableAction(a));
    b.dataset.tableAction = a;
    if (a === "undo") b.setAttribute("aria-keyshortcuts", "U Control+Z");
    return b;
  }));
}

/** Sends a table action (Resign only on its second press); a refusal shows beside the actions. */
function tableAction(type) {
  resignArmed = type === "resign" && !resignArmed;
  if (resignArmed) return renderTableActions();
  errorSlot = "action-error";
  $("action-error").textContent = "";
  send({ type });
}

/** Undo by key (U, or Ctrl/Cmd+Z) where the server offers it, unless the player is typing. */
function undoKey(event) {
  const typing = ["INPUT", "SELECT", "TEXTAREA"].includes(document.activeElement?.tagName);
  const key = event.key.toLowerCase();
  const asked = key === "u" && !event.ctrlKey && !event.metaKey && !event.altKey || key === "z" && (event.ctrlKey || event.metaKey);
  if (typing || !asked || !state?.table_actions?.includes("undo") || $("table").hidden) return;
  event.preventDefault();
  tableAction("undo");
}

function setUp() {
  $("name").value = localStorage.getItem("parlor.name") ?? "";
  $("name").addEventListener("change", () => localStorage.setItem("parlor.name", displayName()));
  $("four").checked = localStorage.getItem("parlor.four") === "1";
  document.body.classList.toggle("four-colour", $("four").checked);
  $("four").addEventListener("change", () => {
    localStorage.setItem("parlor.four", $("four").checked ? "1" : "0");
    document.body.classList.toggle("four-colour", $("four").checked);
  });
  $("glyphs").checked = look.glyphs = localStorage.getItem("parlor.glyphs") === "1";
  $("glyphs").addEventListener("change", () => {
    look.glyphs = $("glyphs").checked;
    localStorage.setItem("parlor.glyphs", look.glyphs ? "1" : "0");
    if (state) renderState();
  });
  $("board").addEventListener("keydown", moveFocus);
  document.addEventListener("keydown", undoKey);
  $("game").addEventListener("change", () => showOptions($("game").value));
  const langButton = $("lang");
  const relabel = () => { langButton.textContent = language() === "zh" ? "English" : "中文"; };
  langButton.addEventListener("click", () => {
    setLanguage(language() === "zh" ? "en" : "zh");
    relabel();
    showOptions($("game").value);
    if (state) renderState();
  });
  setLanguage(language());
  relabel();
  $("create").addEventListener("submit", (event) => {
    event.preventDefault();
    errorSlot = "create-error";
    $("create-error").textContent = "";
    let settings = null;
    const text = $("settings").value.trim();
    if (text) {
      try { settings = JSON.parse(text); } catch (e) { $("create-error").textContent = e.message; return; }
    }
    settings = withOptions($("game").value, settings);
    autoStart = $("bots").checked;
    const name = displayName() || undefined;
    const create = { type: "create", game: $("game").value, settings, name, token: newToken() };
    store.keepCreate(create);
    send(create);
  });
  $("join").addEventListener("submit", (event) => {
    event.preventDefault();
    join($("code").value.trim().toUpperCase());
  });
  $("typed").addEventListener("submit", (event) => {
    event.preventDefault();
    const text = $("typed-action").value.trim();
    if (text) act(text);
    $("typed-action").value = "";
  });
  window.addEventListener("hashchange", () => {
    state = null;
    info = null;
    result = null;
    $("board").replaceChildren();
    $("actions").replaceChildren();
    $("status").textContent = "";
    enterTable();
  });
  connect();
}

setUp();
