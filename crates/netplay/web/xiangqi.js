// Xiangqi: the board in SVG from the view's FEN; a click on a piece highlights the squares
// its legal actions (ICCS text such as "h2e2") reach, a click on a square sends that move.
import { el } from "./svg.js";
import { h } from "./dom.js";
const FILES = "abcdefghi";
const GLYPHS = {
  K: "帥", A: "仕", B: "相", E: "相", N: "傌", H: "傌", R: "俥", C: "炮", P: "兵",
  k: "將", a: "士", b: "象", e: "象", n: "馬", h: "馬", r: "車", c: "砲", p: "卒",
};
const NAMES = { k: "general", a: "advisor", b: "elephant", e: "elephant", n: "horse", h: "horse", r: "chariot", c: "cannon", p: "soldier" };
const CELL = 60;
const PAD = 40;
let selected = null;
/** The move list from the server (`moves` message) and whether one is on its way. */
let record = { key: "", ply: -1, moves: [] };
let asked = false;

/** Keeps the server's move list. */
export function assist(message) {
  if (message.type !== "moves") return;
  record = { ...record, ply: message.ply, moves: message.moves };
  asked = false;
}

/** The pieces of a FEN's board field by ICCS square (rank 9 is the FEN's first row). */
function pieces(fen) {
  const board = new Map();
  fen.split(" ")[0].split("/").forEach((row, i) => {
    let file = 0;
    for (const ch of row) {
      if (/\d/.test(ch)) file += Number(ch);
      else board.set(`${FILES[file++]}${9 - i}`, ch);
    }
  });
  return board;
}

/** Draws the board and returns the legal action texts it lets the player take. */
export function render(container, state, ctx) {
  const { act, t, prefs, seat, redraw } = ctx;
  const view = state.view;
  const board = pieces(view.fen);
  const flipped = prefs.flipped !== (seat === 1);
  const xy = (square) => {
    const f = FILES.indexOf(square[0]);
    const r = Number(square.slice(1));
    return flipped ? [PAD + (8 - f) * CELL, PAD + r * CELL] : [PAD + f * CELL, PAD + (9 - r) * CELL];
  };
  const moves = state.legal.filter((a) => /^[a-i]\d[a-i]\d$/.test(a.text));
  const handled = new Set(moves.map((a) => a.text));
  const svg = el("svg", { viewBox: `0 0 ${2 * PAD + 8 * CELL} ${2 * PAD + 9 * CELL}`, role: "grid", "aria-label": "xiangqi board" });
  el("rect", { x: 0, y: 0, width: 2 * PAD + 8 * CELL, height: 2 * PAD + 9 * CELL, fill: "#e8c07a" }, svg);
  for (let r = 0; r < 10; r++) el("line", { x1: PAD, y1: PAD + r * CELL, x2: PAD + 8 * CELL, y2: PAD + r * CELL, stroke: "#5a3b12" }, svg);
  for (let f = 0; f < 9; f++) {
    const edge = f === 0 || f === 8;
    el("line", { x1: PAD + f * CELL, y1: PAD, x2: PAD + f * CELL, y2: PAD + (edge ? 9 : 4) * CELL, stroke: "#5a3b12" }, svg);
    if (!edge) el("line", { x1: PAD + f * CELL, y1: PAD + 5 * CELL, x2: PAD + f * CELL, y2: PAD + 9 * CELL, stroke: "#5a3b12" }, svg);
  }
  for (const top of [0, 7]) {
    el("line", { x1: PAD + 3 * CELL, y1: PAD + top * CELL, x2: PAD + 5 * CELL, y2: PAD + (top + 2) * CELL, stroke: "#5a3b12" }, svg);
    el("line", { x1: PAD + 5 * CELL, y1: PAD + top * CELL, x2: PAD + 3 * CELL, y2: PAD + (top + 2) * CELL, stroke: "#5a3b12" }, svg);
  }
  const river = el("text", { x: PAD + 4 * CELL, y: PAD + 4.5 * CELL, "text-anchor": "middle", "dominant-baseline": "central", "font-size": 28, fill: "#5a3b12" }, svg);
  river.textContent = "楚 河        漢 界";
  if (view.last_move) {
    for (const square of [view.last_move.slice(0, 2), view.last_move.slice(2, 4)]) {
      const [x, y] = xy(square);
      el("rect", { class: "last", x: x - CELL / 2 + 3, y: y - CELL / 2 + 3, width: CELL - 6, height: CELL - 6 }, svg);
    }
  }
  const redToMove = / [wr]( |$)/.test(view.fen);
  const choose = (square) => {
    if (selected && selected !== square) {
      const text = `${selected}${square}`;
      selected = null;
      const legal = moves.find((a) => a.text === text);
      act(legal ? legal.id : text); // an illegal try goes to the server, which says why not
    } else if (board.has(square) && selected !== square && moves.some((a) => a.text.startsWith(square))) {
      selected = square;
      redraw();
    } else if (selected) {
      selected = null;
      redraw();
    }
  };
  for (let r = 0; r < 10; r++) {
    for (let f = 0; f < 9; f++) {
      const square = `${FILES[f]}${r}`;
      const [x, y] = xy(square);
      const piece = board.get(square);
      const group = el("g", { tabindex: 0, role: "button", "data-square": square }, svg);
      const side = piece && piece === piece.toUpperCase() ? "red" : "black";
      const label = piece ? `${side} ${NAMES[piece.toLowerCase()]} ${square}` : `${square}`;
      group.setAttribute("aria-label", label);
      el("rect", { x: x - CELL / 2, y: y - CELL / 2, width: CELL, height: CELL, fill: "transparent" }, group);
      if (piece) {
        const isGeneral = piece.toLowerCase() === "k";
        const inCheck = view.check && isGeneral && (piece === "K") === redToMove;
        group.setAttribute("class", `piece ${side}${square === selected ? " selected" : ""}${inCheck ? " check" : ""}`);
        el("circle", { cx: x, cy: y, r: CELL * 0.44 }, group);
        el("text", { x, y }, group).textContent = GLYPHS[piece] ?? piece;
      }
      if (selected && moves.some((a) => a.text === `${selected}${square}`)) {
        el("circle", { class: "target", cx: x, cy: y, r: 9 }, group);
      }
      group.addEventListener("click", () => choose(square));
      group.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); choose(square); } });
    }
  }
  const tools = document.createElement("p");
  const flip = document.createElement("button");
  flip.type = "button";
  flip.textContent = t("flip");
  flip.addEventListener("click", () => { prefs.flipped = !prefs.flipped; redraw(); });
  tools.append(flip);
  if (view.check && !view.outcome) tools.append(` ${t("check")}`);
  const result = document.createElement("p");
  result.className = "banner";
  result.textContent = ending(view, ctx) ?? "";
  container.replaceChildren(h("div", "xiangqi", svg, h("div", "side", result, tools, moveList(state, ctx))));
  return handled;
}

/** How the game ended, from the view's outcome: "Red wins: checkmate", "Draw: repetition". */
export function ending({ outcome }, { t }) {
  if (!outcome) return null;
  if (outcome.win) return t("xq_win", { side: t(`side_${outcome.win.winner}`), reason: t(`xq_${outcome.win.reason}`) });
  return t("xq_draw", { reason: t(`xq_${outcome.draw}`) });
}

/** The moves so far in the chosen notation, a row per move pair; asks the server when behind. */
function moveList({ code, game_number, ply }, { send, t, prefs }) {
  const key = `${code}/${game_number}`;
  if (record.key !== key) {
    record = { key, ply: -1, moves: [] };
    asked = false;
  }
  if (record.ply !== ply && !asked) {
    asked = true;
    send({ type: "assist", ask: "moves" });
  }
  const choice = document.createElement("select");
  choice.setAttribute("aria-label", t("notation"));
  for (const n of ["chinese", "wxf", "iccs"]) choice.append(new Option(t(`notation_${n}`), n, false, n === prefs.notation));
  choice.addEventListener("change", () => {
    prefs.notation = choice.value;
    localStorage.setItem("parlor.notation", choice.value);
    list.replaceChildren(...rows());
  });
  const list = document.createElement("ol");
  list.className = "moves";
  const rows = () => {
    const out = [];
    for (let i = 0; i < record.moves.length; i += 2) {
      const pair = record.moves.slice(i, i + 2).map((m) => m[prefs.notation] ?? m.iccs);
      out.push(h("li", null, pair.join("  ")));
    }
    return out;
  };
  list.replaceChildren(...rows());
  return h("div", "move-list", h("label", null, `${t("moves")} `, choice), list);
}

