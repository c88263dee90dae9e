// Gomoku: the board at its size from the view; a click on a point sends that point's legal
// action (text such as "h8"). Forbidden points, the last move and the winning line are the
// view's; opening choices (swap, …) stay in the list of legal actions with the prompt above.
import { el } from "./svg.js";
const CELL = 36;
const PAD = 30;

function column(x) {
  return x < 26 ? String.fromCharCode(97 + x) : `a${String.fromCharCode(97 + x - 26)}`;
}

/** Draws the board and returns the legal action texts it lets the player take. */
export function render(container, state, { act, t, prefs, redraw, info }) {
  const view = state.view;
  const { width, height } = view;
  const name = (x, y) => `${column(x)}${y + 1}`;
  const at = (x, y) => [PAD + x * CELL, PAD + (height - 1 - y) * CELL];
  const points = new Map();
  for (let x = 0; x < width; x++) for (let y = 0; y < height; y++) points.set(name(x, y), [x, y]);
  const legal = new Map(state.legal.filter((a) => points.has(a.text)).map((a) => [a.text, a]));
  const svg = el("svg", { viewBox: `0 0 ${2 * PAD + (width - 1) * CELL} ${2 * PAD + (height - 1) * CELL}`, role: "grid", "aria-label": `gomoku board ${width}×${height}` });
  el("rect", { x: 0, y: 0, width: 2 * PAD + (width - 1) * CELL, height: 2 * PAD + (height - 1) * CELL, fill: "#dcb35c" }, svg);
  for (let x = 0; x < width; x++) {
    const [x1, y1] = at(x, 0);
    const [, y2] = at(x, height - 1);
    el("line", { x1, y1, x2: x1, y2, stroke: "#333" }, svg);
    el("text", { x: x1, y: y1 + 20, "text-anchor": "middle", "font-size": 11 }, svg).textContent = column(x);
  }
  for (let y = 0; y < height; y++) {
    const [x1, y1] = at(0, y);
    const [x2] = at(width - 1, y);
    el("line", { x1, y1, x2, y2: y1, stroke: "#333" }, svg);
    el("text", { x: x1 - 18, y: y1, "dominant-baseline": "central", "font-size": 11 }, svg).textContent = y + 1;
  }
  const number = new Map(view.moves.map((p, i) => [p, i + 1]));
  const colour = new Map([...view.black.map((p) => [p, "black"]), ...view.white.map((p) => [p, "white"])]);
  const forbidden = new Set(view.forbidden);
  for (const [text, [x, y]] of points) {
    const [cx, cy] = at(x, y);
    const stone = colour.get(text);
    const label = stone ? `${stone} ${text}` : forbidden.has(text) ? `${text} forbidden` : text;
    const group = el("g", { "data-point": text, "aria-label": label }, svg);
    if (stone) {
      el("circle", { class: `stone ${stone}`, cx, cy, r: CELL * 0.45 }, group);
      if (prefs.numbers && number.has(text)) {
        el("text", { class: `stone-number${stone === "black" ? " on-black" : ""}`, x: cx, y: cy }, group).textContent = number.get(text);
      }
      if (text === view.last_move) el("circle", { cx, cy, r: 5, fill: "#d33" }, group);
    } else {
      if (forbidden.has(text)) {
        el("line", { class: "forbidden", x1: cx - 8, y1: cy - 8, x2: cx + 8, y2: cy + 8 }, group);
        el("line", { class: "forbidden", x1: cx - 8, y1: cy + 8, x2: cx + 8, y2: cy - 8 }, group);
      }
      const spot = el("circle", { class: "point", cx, cy, r: CELL * 0.45 }, group);
      group.setAttribute("role", "button");
      group.setAttribute("tabindex", legal.has(text) ? 0 : -1);
      const play = () => act(legal.get(text)?.id ?? text); // an illegal point goes to the server, which says why
      spot.addEventListener("click", play);
      group.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); play(); } });
    }
  }
  const line = view.winning_line;
  const ends = Array.isArray(line) ? [line[0], line.at(-1)] : line && [line.from ?? line.start, line.to ?? line.end];
  if (ends?.[0] && ends[1] && points.has(ends[0]) && points.has(ends[1])) {
    const [x1, y1] = at(...points.get(ends[0]));
    const [x2, y2] = at(...points.get(ends[1]));
    el("line", { class: "win", x1, y1, x2, y2 }, svg);
  }
  const tools = document.createElement("p");
  const numbers = document.createElement("label");
  const box = Object.assign(document.createElement("input"), { type: "checkbox", checked: prefs.numbers });
  box.addEventListener("change", () => { prefs.numbers = box.checked; redraw(); });
  numbers.append(box, ` ${t("numbers")}`);
  tools.append(numbers);
  if (view.opening) tools.append(Object.assign(document.createElement("span"), { className: "prompt", textContent: ` ${view.opening.prompt}` }));
  const ended = ending(view, { t, info });
  if (ended) tools.append(Object.assign(document.createElement("span"), { className: "banner", textContent: ` ${ended}` }));
  container.replaceChildren(svg, tools);
  return new Set(legal.keys());
}

/** How the game ended: "ann resigned", "White wins: five in a row", "Draw: the board is full". */
export function ending({ declared, outcome }, { t, info }) {
  if (declared) {
    const seat = declared.resigned?.seat;
    return seat === undefined ? t("draw_agreed") : t("resigned", { who: info?.seats[seat]?.name ?? `${seat + 1}` });
  }
  if (outcome?.Five) return t("gm_five", { side: t(`stone_${outcome.Five.winner}`) });
  if (outcome?.Foul) return t("gm_foul", { at: outcome.Foul.at, foul: t(`gm_${outcome.Foul.foul}`) });
  return outcome === "Draw" ? t("gm_full") : null;
}
