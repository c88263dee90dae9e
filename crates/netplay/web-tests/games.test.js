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

/** Opens the lobby, names the player and creates a table of `game` filled with bots. */
async function createTable(b, game, settings = "") {
  await b.go(URL);
  await b.until(`return document.querySelector("#game option[value=${game}]")`, "the game list");
  await b.script(`localStorage.setItem("parlor.name", "ann"); document.getElementById("name").value = "ann";
    document.getElementById("game").value = arguments[0]; document.getElementById("settings").value = arguments[1];`, game, settings);
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

test("xiangqi: select a piece, see its targets, move, an illegal move refused, play to the end", async () => {
  await createTable(browser, "xiangqi");
  await browser.clickCss('[data-square="h2"]');
  const targets = await browser.script(`return document.querySelectorAll(".target").length`);
  assert.ok(targets > 0, "the cannon's legal targets are shown");
  await browser.clickCss('[data-square="e2"]');
  await browser.until(`return document.querySelector('[data-square="e2"].piece')`, "the cannon on e2");
  await browser.until(myTurn, "my turn");
  await browser.screenshot(`${SHOTS}/xiangqi-desktop.png`);
  await browser.clickCss('[data-square="a0"]');
  await browser.clickCss('[data-square="a5"]');
  await browser.until(`return document.getElementById("action-error").textContent`, "the refusal");
  assert.match(await error(browser), /a0a5/);
  await playToEnd(browser, 1500);
  await noConsoleErrors(browser);
});

test("gomoku: click a point, an occupied point refused, play to the end", async () => {
  await createTable(browser, "gomoku");
  await browser.clickCss('[data-point="h8"] circle');
  await browser.until(`return document.querySelector('[data-point="h8"] .stone.black')`, "the black stone on h8");
  await browser.until(myTurn, "my turn");
  await browser.typeCss("#typed-action", "h8\n");
  await browser.until(`return document.getElementById("action-error").textContent`, "the refusal");
  await playToEnd(browser, 200);
  await browser.screenshot(`${SHOTS}/gomoku-desktop.png`);
  await noConsoleErrors(browser);
});

for (const [game, settings, illegal] of [
  ["doudizhu", "", "4"],
  ["hearts", '{"target": 26}', "ZZ"],
  ["klondike", "", "7-f"],
]) {
  test(`${game}: play from the legal actions, an illegal action refused, play on`, async () => {
    await createTable(browser, game, settings);
    await browser.clickCss("#actions button");
    await browser.typeCss("#typed-action", `${illegal}\n`);
    await browser.until(`return document.getElementById("action-error").textContent`, "the refusal");
    await browser.screenshot(`${SHOTS}/${game}-desktop.png`);
    if (game !== "klondike") await playToEnd(browser, 2000);
    await noConsoleErrors(browser);
  });
}

test("phone: the lobby and a gomoku board at 375 px with touch", async () => {
  const phone = await Browser.open({ width: 375, height: 740, mobile: true });
  try {
    await createTable(phone, "gomoku");
    const width = await phone.script(`return document.documentElement.scrollWidth`);
    assert.ok(width <= 375, `no horizontal scrolling (page is ${width} px wide)`);
    await phone.clickCss('[data-point="h8"] circle');
    await phone.until(`return document.querySelector('[data-point="h8"] .stone')`, "the stone");
    await phone.screenshot(`${SHOTS}/gomoku-phone.png`);
    await phone.script(`document.getElementById("lang").click()`);
    assert.equal(await phone.script(`return document.querySelector('[data-t="name"]').textContent`), "昵称");
    await noConsoleErrors(phone);
  } finally {
    await phone.close();
  }
});
