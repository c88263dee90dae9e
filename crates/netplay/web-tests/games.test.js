// Every game in real Chromium against the server's bots: create a table from the lobby, play
// with the mouse, see an illegal move refused with the server's message, play to the end,
// and no console errors. Screenshots go to $SCREENSHOTS (target/browser).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { Browser } from "./webdriver.js";

const URL = process.env.PARLOR_URL ?? "http://127.0.0.1:7878/";
const SHOTS = process.env.SCREENSHOTS ?? "/tmp";
let browser;

before(async () => { browser = await Browser.open(); });
after(async () => { await browser?.close(); });

/** Opens the lobby, names the player and creates a table of `game` filled with bots (`bot`: "kind:level"). */
async function createTable(b, game, settings = "", bot = "") {
  await b.go(URL);
  await b.until(`return document.querySelector("#game option[value=${game}]")`, "the game list");
  await b.script(`localStorage.setItem("parlor.name", "ann"); document.getElementById("name").value = "ann";
    const select = document.getElementById("game");
    select.value = arguments[0];
    select.dispatchEvent(new Event("change"));
    document.getElementById("settings").value = arguments[1];
    if (arguments[2]) document.getElementById("bot-choice").value = arguments[2];`, game, settings, bot);
  await b.clickCss("#create button");
  await b.until(`return !document.getElementById("table").hidden && document.getElementById("legal-list").children.length > 0`, `my first turn at ${game}`);
}

const status = (b) => b.script(`return document.getElementById("status").textContent`);
const error = (b) => b.script(`return document.getElementById("action-error").textContent`);
const myTurn = `return document.getElementById("legal-list").children.length > 0 || document.getElementById("status").textContent.startsWith("Result")`;

/** Plays random legal actions (typed into the action box, as a keyboard player would) to the end. */
async function playToEnd(b, limit) {
  for (let i = 0; i < limit; i++) {
    await b.until(myTurn, "my turn or the result", 30000);
    if ((await status(b)).startsWith("Result")) return;
    await b.script(`const options = [...document.querySelectorAll("#legal-list option")];
      if (!options.length) return;
      document.getElementById("typed-action").value = options[Math.floor(Math.random() * options.length)].value;
      document.getElementById("legal-list").replaceChildren();
      document.getElementById("typed").requestSubmit();`);
  }
  assert.fail(`no result after ${limit} actions`);
}

async function noConsoleErrors(b) {
  assert.deepEqual(await b.consoleErrors(), []);
}

test("xiangqi: a bot level chosen, select a piece, see its targets, move, the move list, an illegal move refused, play to the end", async () => {
  await createTable(browser, "xiangqi", "", "engine:1");
  assert.match(await browser.script(`return document.getElementById("seats").textContent`), /engine bot 2 \(bot, level 1\)/);
  await browser.clickCss('[data-square="h2"]');
  const targets = await browser.script(`return document.querySelectorAll(".target").length`);
  assert.ok(targets > 0, "the cannon's legal targets are shown");
  await browser.clickCss('[data-square="e2"]');
  await browser.until(`return document.querySelector('[data-square="e2"].piece')`, "the cannon on e2");
  await browser.until(myTurn, "my turn");
  await browser.until(`return document.querySelector(".moves li")?.textContent.startsWith("C2.5")`, "the move list in WXF");
  await browser.script(`const s = document.querySelector(".move-list select"); s.value = "chinese"; s.dispatchEvent(new Event("change"));`);
  assert.match(await browser.script(`return document.querySelector(".moves li").textContent`), /^炮二平五/);
  await browser.screenshot(`${SHOTS}/xiangqi-desktop.png`);
  // The keyboard: Enter picks the chariot up, an arrow moves the focus a rank up, Enter moves.
  assert.ok((await legalTexts(browser)).includes("a0a1"), "a0a1 is legal");
  const before = await ply(browser);
  await browser.typeCss('[data-square="a0"]', "\uE007\uE013\uE007");
  await played(browser, before);
  await browser.until(`return document.querySelector('[data-square="a1"].piece.red')`, "the chariot on a1");
  await browser.until(myTurn, "my turn");
  await browser.clickCss('[data-square="a1"]');
  await browser.clickCss('[data-square="a5"]');
  await browser.until(`return document.getElementById("action-error").textContent`, "the refusal");
  assert.match(await error(browser), /a1a5/);
  await playToEnd(browser, 1500);
  await browser.until(`return document.querySelector(".xiangqi .banner").textContent`, "the result with its rule");
  await noConsoleErrors(browser);
});

test("gomoku: renju with swap2 shows its prompt, move numbers, forbidden points and the winning line", async () => {
  await createTable(browser, "gomoku", '{"rule": "renju", "opening": "swap2"}', "brain:1");
  assert.ok(await browser.script(`return document.querySelector("#board .prompt")?.textContent.trim()`), "the opening prompt");
  await browser.clickCss('#board input[type="checkbox"]');
  await playToEnd(browser, 300);
  const view = JSON.parse(await browser.script(`return document.getElementById("view").textContent`));
  assert.equal(await browser.script(`return document.querySelectorAll(".stone-number").length`), view.moves.length, "every stone numbered");
  if (view.winning_line) assert.ok(await browser.script(`return document.querySelector("line.win")`), "the winning line is drawn");
  if (view.forbidden.length) assert.ok(await browser.script(`return document.querySelector("line.forbidden")`), "forbidden points are marked");
  await noConsoleErrors(browser);
});

test("gomoku: click a point, an occupied point refused, resign with two presses", async () => {
  await createTable(browser, "gomoku", "", "threat:1");
  await browser.clickCss('[data-point="h8"] circle');
  await browser.until(`return document.querySelector('[data-point="h8"] .stone.black')`, "the black stone on h8");
  await browser.until(myTurn, "my turn");
  await browser.typeCss("#typed-action", "h8\n");
  await browser.until(`return document.getElementById("action-error").textContent`, "the refusal");
  for (let i = 0; i < 3; i++) {
    await browser.until(myTurn, "my turn");
    const before = await ply(browser);
    await browser.script(`document.getElementById("typed-action").value = document.querySelector("#legal-list option").value;
      document.getElementById("legal-list").replaceChildren();
      document.getElementById("typed").requestSubmit();`);
    await played(browser, before);
  }
  await browser.until(myTurn, "my turn");
  await browser.screenshot(`${SHOTS}/gomoku-desktop.png`);
  await browser.clickCss('[data-table-action="resign"]');
  assert.equal(await browser.script(`return document.querySelector('[data-table-action="resign"]').textContent`), "Press again to resign");
  await browser.clickCss('[data-table-action="resign"]');
  await browser.until(`return document.getElementById("status").textContent.startsWith("Result")`, "the result");
  assert.equal(await browser.script(`return document.querySelector("#board .banner").textContent.trim()`), "ann resigned");
  assert.equal(await browser.script(`return document.querySelectorAll("[data-table-action]").length`), 0, "no table action after the end");
  await noConsoleErrors(browser);
});

test("xiangqi: a draw offered to the engine, which takes it when it is behind", async () => {
  await createTable(browser, "xiangqi", '{"fen": "3k5/9/9/9/9/9/9/9/9/R3K3R w"}', "engine:1");
  await browser.clickCss('[data-table-action="offer_draw"]');
  await browser.until(`return document.getElementById("offer").textContent === "You offered a draw; waiting for the answer"`, "my offer shown");
  assert.equal(await browser.script(`return document.querySelector('[data-table-action="offer_draw"]')`), null, "no second offer");
  await browser.clickCss('[data-square="a0"]');
  await browser.clickCss('[data-square="a1"]');
  await browser.until(`return document.querySelector(".xiangqi .banner").textContent`, "the result");
  assert.equal(await browser.script(`return document.querySelector(".xiangqi .banner").textContent`), "Draw: agreed");
  // xiangqi_draw_reads_as_a_draw: the status line read "Result: 0 / 0".
  await browser.until(`return document.getElementById("status").textContent.startsWith("Result")`, "the result line");
  assert.equal(await status(browser), "Result: ann ½–½ engine bot 2 · Draw: agreed");
  await browser.screenshot(`${SHOTS}/xiangqi-draw-desktop.png`);
  await noConsoleErrors(browser);
});

test("lobby: a create resent after a dropped connection makes one table", async () => {
  await browser.go(URL);
  await browser.until(`return document.querySelector("#game option[value=gomoku]")`, "the game list");
  const token = [...crypto.getRandomValues(new Uint8Array(32))].map((b) => b.toString(16).padStart(2, "0")).join("");
  const pending = JSON.stringify({ type: "create", game: "gomoku", settings: null, name: "ann", token });
  const codes = [];
  for (let i = 0; i < 2; i++) {
    // The page finds a create it sent but never saw answered, as after a drop, and resends it.
    await browser.script(`localStorage.setItem("parlor.create", arguments[0])`, pending);
    await browser.go(URL);
    await browser.until(`return !document.getElementById("table").hidden && document.getElementById("table-code").textContent`, "the table");
    codes.push(await browser.script(`return document.getElementById("table-code").textContent`));
    assert.equal(await browser.script(`return localStorage.getItem("parlor.create")`), null, "answered, so no longer pending");
  }
  assert.equal(codes[0], codes[1], "the resent create answered for the first table");
  const lobby = await (await fetch(new globalThis.URL("lobby", URL))).json();
  assert.equal(lobby.filter((table) => table.code === codes[0]).length, 1);
  await noConsoleErrors(browser);
});

const STOP = Symbol("stop");
const ply = (b) => b.script(`return Number(document.getElementById("board").dataset.ply)`);
const legalTexts = (b) => b.script(`return [...document.querySelectorAll("#legal-list option")].map((o) => o.value)`);
const resultShown = (b) => b.script(`return document.getElementById("status").textContent.startsWith("Result")`);

/**
 * Calls `take(turn, ply)` on each of my turns until the result, or until `take` returns
 * `STOP`; fails after `limit` turns.
 */
async function eachTurn(b, limit, take) {
  for (let turn = 0; turn < limit; turn++) {
    await b.until(myTurn, "my turn or the result", 30000);
    if (await resultShown(b)) return;
    if ((await take(turn, await ply(b))) === STOP) return;
  }
  assert.fail(`no result after ${limit} turns`);
}

/** Waits for the server to take an action: the ply moves past `before`. */
async function played(b, before) {
  await b.until(`return Number(document.getElementById("board").dataset.ply) > ${before} || document.getElementById("action-error").textContent`, `the move after ply ${before}`);
  assert.equal(await error(b), "", "the move was taken");
}

test("dou dizhu: bid, select by dragging across the hand, an illegal play refused, hint and play to the settlement", async () => {
  await createTable(browser, "doudizhu", '{"bidding": "rob"}');
  const watcher = await Browser.open();
  try {
    await watcher.go(await browser.script(`return location.href`));
    await watcher.until(`return document.querySelector(".ddz .seat-panel")`, "the spectator's table");
    assert.equal(await watcher.script(`return document.querySelectorAll(".hand .card").length`), 0, "a spectator sees no hand");
    assert.equal(await watcher.script(`return document.querySelectorAll(".seat-panel .count").length`), 3, "every seat's card count");
    await noConsoleErrors(watcher);
  } finally {
    await watcher.close();
  }
  let refused = false;
  let measured = false;
  let shot = false;
  await eachTurn(browser, 200, async (turn, before) => {
    const phase = await browser.script(`return document.querySelector(".ddz .controls button")?.textContent`);
    if (phase === "Play" && !measured) {
      await aboveTheFold(browser);
      measured = true;
    }
    if (phase !== "Play") {
      await browser.clickCss(".ddz .controls button:last-child"); // call or rob when offered
      return played(browser, before);
    }
    if (!refused) {
      // The keyboard: an arrow moves the focus to the next card, Enter selects it.
      await browser.typeCss(".hand .card:first-child", "\uE014\uE007");
      assert.deepEqual(await browser.script(`return [...document.querySelectorAll(".hand .card")].map((c) => c.classList.contains("selected")).slice(0, 2)`), [false, true]);
      await browser.script(`return document.activeElement.click()`);
      // A sweep across the first three cards selects them; three low cards of different
      // ranks make no combination, so the server refuses them and says why.
      const hand = await browser.script(`return [...document.querySelectorAll(".hand .card")].map((c) => c.dataset.card)`);
      const picks = [0];
      for (let i = 1; i < hand.length && picks.length < 3; i++) if (!picks.some((j) => hand[j][0] === hand[i][0])) picks.push(i);
      const points = [];
      for (const i of picks) points.push(await browser.point(`.hand .card:nth-child(${i + 1})`, 0.15, 0.5));
      await browser.drag([points[0], points.at(-1)]);
      const selected = await browser.script(`return document.querySelectorAll(".hand .card.selected").length`);
      assert.ok(selected >= 3, `the sweep selected ${selected} cards`);
      await browser.script(`for (const c of document.querySelectorAll(".hand .card.selected")) if (!arguments[0].includes(c.dataset.card)) c.click();`, picks.map((i) => hand[i]));
      await browser.clickCss(".ddz .controls button:first-child");
      await browser.until(`return document.getElementById("action-error").textContent`, "the refusal");
      assert.match(await error(browser), /combination|not/);
      refused = true;
      await browser.clickCss(".ddz .controls button:last-child"); // clear
    }
    const texts = await legalTexts(browser);
    if (texts.some((t) => t !== "pass")) {
      await browser.clickCss(".ddz .controls button:nth-child(3)"); // hint selects a legal play
      if (turn >= 4 && !shot) {
        await browser.screenshot(`${SHOTS}/doudizhu-desktop.png`);
        shot = true;
      }
      await browser.clickCss(".ddz .controls button:first-child");
    } else {
      await browser.clickCss(".ddz .controls button:nth-child(2)");
    }
    await played(browser, before);
  });
  assert.ok(refused, "an illegal play was tried");
  assert.ok(measured, "the layout was measured in play");
  await browser.until(`return document.querySelector(".settlement")`, "the settlement");
  await noConsoleErrors(browser);
});

/** The pairs of elements `css` names whose boxes overlap, by their `data-card`, and how many there are. */
function overlapping(b, css) {
  return b.script(`const boxes = [...document.querySelectorAll(arguments[0])].map((e) => [e.dataset.card, e.getBoundingClientRect()]);
    const pairs = [];
    for (const [i, [a, p]] of boxes.entries()) for (const [b, q] of boxes.slice(i + 1))
      if (p.left < q.right && q.left < p.right && p.top < q.bottom && q.top < p.bottom) pairs.push(a + "/" + b);
    return [pairs, boxes.length];`, css);
}

/** Checks that no two cards of the trick on the table overlap; returns how many it saw. */
async function trickApart(b) {
  const [pairs, cards] = await overlapping(b, ".trick .card");
  assert.deepEqual(pairs, [], `the trick's cards overlap (${cards} cards)`);
  return cards;
}

test("hearts: pass three cards, a card that does not follow refused, play by click to the game's end", async () => {
  await createTable(browser, "hearts", '{"target": 26}', "heuristic:1");
  let refused = false;
  let reloaded = false;
  let fullTrick = false;
  await eachTurn(browser, 400, async (turn, before) => {
    // hearts_trick_cards_apart: the north card covered the west one.
    fullTrick ||= (await trickApart(browser)) === 4;
    const hands = await browser.script(`return JSON.parse(document.getElementById("view").textContent).hand_scores.length`);
    if (hands > 0 && !reloaded) {
      // A reload mid-game keeps every hand's score: the table comes from the view.
      const rows = await browser.script(`return document.querySelectorAll(".scores tbody tr").length`);
      assert.equal(rows, hands);
      await browser.go(await browser.script(`return location.href`));
      await browser.until(`return document.querySelectorAll(".scores tbody tr").length === ${hands}`, "the score table after the reload");
      await browser.until(myTurn, "my turn after the reload");
      reloaded = true;
      before = await ply(browser);
    }
    const blocked = await browser.script(`return document.querySelectorAll(".hand .card:not(.playable)").length`);
    if (!refused && blocked) {
      await browser.clickCss(".hand .card:not(.playable)");
      await browser.until(`return document.getElementById("action-error").textContent`, "the refusal");
      refused = true;
    }
    await browser.clickCss(".hand .card.playable");
    await played(browser, before);
    if (turn === 20) await browser.screenshot(`${SHOTS}/hearts-desktop.png`);
    if (turn === 5) {
      // The options: four colours give diamonds their own colour, glyphs draw U+1F0A1….
      const colour = () => browser.script(`return getComputedStyle(document.querySelector(".card.diamonds") ?? document.body).color`);
      const before = await colour();
      await browser.clickCss("#four");
      await browser.clickCss("#glyphs");
      assert.ok(await browser.script(`return document.querySelector(".hand .card.glyph .face")?.textContent.codePointAt(0) >= 0x1f0a1`), "cards drawn as glyphs");
      if (await browser.script(`return document.querySelector(".card.diamonds")`)) assert.notEqual(await colour(), before);
      await browser.clickCss("#four");
      await browser.clickCss("#glyphs");
    }
  });
  assert.ok(refused, "an illegal card was tried");
  assert.ok(fullTrick, "a trick of four cards was measured");
  await browser.until(`return document.querySelector(".hearts .banner") && document.querySelectorAll(".scores tbody tr").length > 0`, "the game-over banner and the score table");
  if (!reloaded) {
    // The game ended with its first hand: the reload comes after the end instead.
    const hands = await browser.script(`return JSON.parse(document.getElementById("view").textContent).hand_scores.length`);
    await browser.go(await browser.script(`return location.href`));
    await browser.until(`return document.querySelectorAll(".scores tbody tr").length === ${hands}`, "the score table after the reload");
  }
  await noConsoleErrors(browser);
});

/** Dou Dizhu's hand and buttons fit in the window without scrolling, and nothing is wider. */
async function aboveTheFold(b) {
  const [hand, buttons, height, width] = await b.script(`window.scrollTo(0, 0);
    return [document.querySelector(".ddz .hand").getBoundingClientRect().top, document.querySelector(".ddz .controls").getBoundingClientRect().bottom,
      window.innerHeight, document.documentElement.scrollWidth - window.innerWidth];`);
  assert.ok(hand >= 0 && buttons <= height, `the hand (from ${hand} px) and its buttons (to ${buttons} px) fit in ${height} px`);
  assert.ok(width <= 0, `no horizontal scrolling (${width} px too wide)`);
}

/** The element a Klondike move takes its cards from and the one it goes to. */
function klondikeEnds(move) {
  const [from, to] = move.split("-");
  const target = to === "f" ? ".foundation" : `.pile[data-drop="${to}"]`;
  if (from === "w") return [".waste [data-pile=waste]", target];
  if (from.startsWith("f")) return [`[data-pile="${from}"]`, target];
  const [pile, count = "1"] = from.split(":");
  return [`.pile[data-drop="${pile}"] [data-index]:nth-last-child(${count})`, target];
}

/**
 * Plays one Klondike move with the pointer: a click on the stock, a double-click to send a
 * card up, a tap on the card and a tap on the pile, or a drag.
 */
async function klondikeMove(b, move, { doubleClick = false, taps = false } = {}) {
  const before = await ply(b);
  if (move === "stock" || move === "recycle") {
    await b.clickCss(".slot.stock");
  } else if (doubleClick && move.endsWith("-f") && !move.includes(":")) {
    await b.doubleClickCss(klondikeEnds(move)[0]);
  } else if (taps && !move.endsWith("-f")) {
    const [from, to] = klondikeEnds(move);
    await b.clickAt(...(await b.point(from, 0.5, 0.15)));
    await b.until(`return document.querySelector(".klondike .card.selected")`, "the card picked up");
    await b.clickAt(...(await b.point(to)));
  } else {
    const [from, to] = klondikeEnds(move);
    await b.drag([await b.point(from, 0.5, 0.15), await b.point(to, 0.5, 0.5)]);
  }
  await played(b, before);
}

test("klondike: a winnable deal won by dragging along the solver's line, hint, an illegal drag refused, the celebration", async () => {
  await createTable(browser, "klondike", '{"winnable": true, "draw": 3}');
  await browser.clickCss(".klondike .controls button:first-child");
  const hint = await browser.until(`return document.querySelector(".advice").textContent`, "the hint");
  await browser.clickCss(".klondike .controls button:last-child");
  const line = (await browser.until(`return document.querySelector(".advice")?.dataset.line`, "the solver's line", 30000)).split(" ");
  assert.equal(hint, `Hint: ${line[0]}`);
  const legal = await legalTexts(browser);
  const wrong = ["1-2", "2-3", "3-4", "4-5", "5-6", "6-7", "7-1"].find((m) => !legal.includes(m));
  const [from, to] = klondikeEnds(wrong);
  await browser.drag([await browser.point(from, 0.5, 0.15), await browser.point(to)]);
  await browser.until(`return document.getElementById("action-error").textContent`, "the refusal");
  const view = () => browser.script(`return document.getElementById("view").textContent`);
  const dealt = await view();
  await klondikeMove(browser, line[0]);
  // U takes the move back (the Undo button does the same); then the line goes on.
  const moved = await ply(browser);
  await browser.script(`document.dispatchEvent(new KeyboardEvent("keydown", { key: "u" }))`);
  await played(browser, moved);
  assert.equal(await view(), dealt, "undo restores the deal");
  assert.equal(await browser.script(`return document.querySelector('[data-table-action="undo"]')`), null, "nothing left to undo");
  for (const [i, move] of line.entries()) {
    await klondikeMove(browser, move, { doubleClick: i % 2 === 0, taps: i % 3 === 1 });
    if (i === 0) assert.ok(await browser.script(`return document.querySelector('[data-table-action="undo"]')`), "the undo button");
    if (i === 30) await browser.screenshot(`${SHOTS}/klondike-desktop.png`);
  }
  await browser.until(`return document.querySelector(".celebration")`, "the win celebration");
  await browser.until(`return document.getElementById("status").textContent.startsWith("Result")`, "the result");
  await noConsoleErrors(browser);
});

test("phone: the lobby, a gomoku board and klondike by touch at 375 px, in Chinese", async () => {
  const phone = await Browser.open({ width: 375, height: 740, mobile: true });
  try {
    await createTable(phone, "gomoku", "", "random:1");
    const width = await phone.script(`return document.documentElement.scrollWidth`);
    assert.ok(width <= 375, `no horizontal scrolling (page is ${width} px wide)`);
    await phone.clickCss('[data-point="h8"] circle');
    await phone.until(`return document.querySelector('[data-point="h8"] .stone')`, "the stone");
    await phone.screenshot(`${SHOTS}/gomoku-phone.png`);
    await phone.script(`document.getElementById("lang").click()`);
    await createTable(phone, "klondike", '{"winnable": true}');
    await phone.clickCss(".klondike .controls button:last-child");
    const line = (await phone.until(`return document.querySelector(".advice")?.dataset.line`, "the solver's line", 30000)).split(" ");
    for (const move of line.slice(0, 12)) await klondikeMove(phone, move);
    const wide = await phone.script(`return document.documentElement.scrollWidth`);
    assert.ok(wide <= 375, `no horizontal scrolling at klondike (page is ${wide} px wide)`);
    await phone.screenshot(`${SHOTS}/klondike-phone.png`);
    assert.equal(await phone.script(`return document.querySelector('[data-t="name"]').textContent`), "昵称");
    await createTable(phone, "doudizhu");
    await phone.until(`return document.querySelector(".ddz .controls button")`, "the buttons");
    await aboveTheFold(phone);
    await phone.screenshot(`${SHOTS}/doudizhu-phone.png`);
    await noConsoleErrors(phone);
  } finally {
    await phone.close();
  }
});

test("phone: hearts at 390 px, the trick's cards apart and the seats on the screen", async () => {
  const phone = await Browser.open({ width: 390, height: 844, mobile: true });
  try {
    await createTable(phone, "hearts", "", "heuristic:1");
    let fullTrick = false;
    await eachTurn(phone, 40, async (turn, before) => {
      fullTrick ||= (await trickApart(phone)) === 4;
      const [wide, outside] = await phone.script(`return [document.documentElement.scrollWidth,
        [...document.querySelectorAll(".seat-panel")].filter((p) => p.getBoundingClientRect().left < 0 || p.getBoundingClientRect().right > 390).length]`);
      assert.ok(wide <= 390, `no horizontal scrolling (page is ${wide} px wide)`);
      assert.equal(outside, 0, "every seat panel within the screen");
      if (fullTrick && turn >= 3) {
        await phone.screenshot(`${SHOTS}/hearts-phone.png`);
        return STOP;
      }
      await phone.clickCss(".hand .card.playable");
      return played(phone, before);
    });
    assert.ok(fullTrick, "a trick of four cards was measured");
    await noConsoleErrors(phone);
  } finally {
    await phone.close();
  }
});
