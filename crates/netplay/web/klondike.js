// Klondike: stock, waste, foundations and the seven piles drawn from the view. A card or a run
// is dragged (pointer events: mouse, pen or touch) or tapped and then its target tapped; a
// double-click sends a card up; a click on the stock turns it or recycles the waste. Each
// gesture becomes the move's text ("3:2-5", "w-f", "fH-2"), sent as the legal action of that
// text (or as text, so the server says why not). Hint and "can this still be won?" ask the
// server's solver (`assist`).
import { card, back } from "./cards.js";
import { h } from "./dom.js";

const RANKS = "A23456789TJQK";
const FOUNDATION_SUITS = "CDHS";

/** The latest solver answer (`assist` message) and the source the player picked up. */
let advice = null;
let picked = null;
/** Set when a drag ends: the click that may follow it is not a tap (cleared by the next press). */
let dragged = false;

/** Keeps the solver's answer to show it with the state it was asked about. */
export function assist(message) {
  if (message.type === "assist") advice = message;
}

/** Draws the table and returns the legal action texts it lets the player take. */
export function render(container, state, ctx) {
  const { act, t, send, redraw } = ctx;
  const view = state.view;
  const legal = new Map(state.legal.map((a) => [a.text, a]));
  const move = (text) => {
    picked = null;
    act(legal.get(text)?.id ?? text);
  };
  const current = advice && advice.ply === state.ply ? advice : null;
  const hinted = current?.hint ? source(current.hint) : null;
  const isHinted = (where, at) => hinted?.where === where && hinted.at === at;

  // Sources: {where: "pile", pile, index} | {where: "waste"} | {where: "foundation", suit}.
  const textFor = (from, to) => {
    const target = to === "f" ? "f" : `${to}`;
    if (from.where === "waste") return `w-${target}`;
    if (from.where === "foundation") return `f${from.suit}-${target}`;
    const count = view.face_up[from.pile].length - from.index;
    if (to === "f") return count === 1 ? `${from.pile + 1}-f` : null;
    return count === 1 ? `${from.pile + 1}-${target}` : `${from.pile + 1}:${count}-${target}`;
  };
  const drop = (from, to) => {
    const text = textFor(from, to);
    if (text === null) return ctx.error(t("one_card_up"));
    if (!(from.where === "pile" && to === from.pile + 1)) move(text);
  };
  const sendUp = (from) => {
    const text = from.where === "waste" ? "w-f" : from.where === "pile" ? textFor(from, "f") : null;
    if (text) move(text);
  };
  const choose = (from) => {
    if (picked && sameSource(picked, from)) picked = null;
    else if (picked && from.where === "pile" && !(picked.where === "pile" && picked.pile === from.pile)) return drop(picked, from.pile + 1);
    else if (picked && from.where === "foundation") return drop(picked, "f");
    else picked = from;
    redraw();
  };
  const target = (to) => {
    if (picked) drop(picked, to);
  };

  const stockText = view.stock ? "stock" : "recycle";
  const stock = view.stock ? back(t("stock_cards", { n: view.stock })) : h("div", "card empty", "↻");
  const stockButton = h("button", "slot stock", stock);
  stockButton.type = "button";
  stockButton.dataset.pile = "stock";
  stockButton.setAttribute("aria-label", view.stock ? t("stock_cards", { n: view.stock }) : t("recycle"));
  // Each press turns the stock: quick taps on a phone would otherwise merge into a double tap.
  const turnStock = () => move(legal.has(stockText) ? stockText : view.stock ? "stock" : "recycle");
  stockButton.addEventListener("pointerup", (e) => { if (e.button === 0) turnStock(); });
  stockButton.addEventListener("click", (e) => { if (e.detail === 0) turnStock(); });
  if (isHinted("stock", undefined)) stockButton.classList.add("hinted");

  const fan = view.waste.slice(-Math.max(1, view.rules.draw));
  const waste = h("div", "slot waste", ...fan.map((text, i) => {
    const top = i === fan.length - 1;
    const node = card(text, { tag: top ? "button" : "div", selected: top && picked?.where === "waste", label: top ? t("waste") : "" });
    node.style.setProperty("--fan", i);
    if (top) {
      node.dataset.pile = "waste";
      grab(node, { where: "waste" }, { drop, choose, sendUp });
      if (isHinted("waste", undefined)) node.classList.add("hinted");
    }
    return node;
  }));
  if (!fan.length) waste.append(h("div", "card empty", ""));

  const foundations = FOUNDATION_SUITS.split("").map((suit, s) => {
    const count = view.foundations[s];
    const slot = h("div", "slot foundation");
    slot.dataset.drop = "f";
    if (count) {
      const node = card(`${RANKS[count - 1]}${suit}`, { tag: "button", selected: picked?.where === "foundation" && picked.suit === suit, label: t("foundation") });
      node.dataset.pile = `f${suit}`;
      grab(node, { where: "foundation", suit }, { drop, choose, sendUp });
      if (isHinted("foundation", suit)) node.classList.add("hinted");
      slot.append(node);
    } else {
      const empty = h("button", "card empty", "A");
      empty.type = "button";
      empty.setAttribute("aria-label", t("empty_foundation"));
      empty.addEventListener("click", () => target("f"));
      slot.append(empty);
    }
    return slot;
  });

  const piles = view.face_up.map((up, p) => {
    const pile = h("div", "pile");
    pile.dataset.drop = `${p + 1}`;
    pile.style.setProperty("--down", view.face_down[p]);
    pile.style.setProperty("--up", up.length);
    for (let d = 0; d < view.face_down[p]; d++) {
      const node = back();
      node.style.setProperty("--row", d);
      pile.append(node);
    }
    up.forEach((text, i) => {
      const from = { where: "pile", pile: p, index: i };
      const node = card(text, { tag: "button", selected: picked && sameSource(picked, from), label: t("pile_n", { n: p + 1 }) });
      node.style.setProperty("--row", view.face_down[p]);
      node.style.setProperty("--step", i);
      node.dataset.pile = `${p + 1}`;
      node.dataset.index = i;
      if (isHinted("pile", `${p}:${up.length - i}`)) node.classList.add("hinted");
      grab(node, from, { drop, choose, sendUp });
      pile.append(node);
    });
    if (!up.length && !view.face_down[p]) {
      const empty = h("button", "card empty", "K");
      empty.type = "button";
      empty.dataset.pile = `${p + 1}`;
      empty.setAttribute("aria-label", t("empty_pile", { n: p + 1 }));
      empty.addEventListener("click", () => target(p + 1));
      pile.append(empty);
    }
    return pile;
  });

  const won = view.foundations.every((n) => n === 13);
  const tools = h("div", "controls");
  const tool = (label, onClick) => {
    const b = h("button", null, label);
    b.type = "button";
    b.addEventListener("click", onClick);
    tools.append(b);
  };
  tool(t("hint"), () => send({ type: "assist", ask: "hint" }));
  tool(t("can_win"), () => send({ type: "assist", ask: "solve" }));
  const answer = h("p", "advice");
  answer.setAttribute("aria-live", "polite");
  if (current) {
    answer.textContent = adviceText(current, t);
    if (current.line) answer.dataset.line = current.line.join(" ");
  }
  const rules = t("klondike_rules", { draw: view.rules.draw, scoring: t(`scoring_${view.rules.scoring}`), pass: view.pass, score: view.score });
  const parts = [
    h("p", "note", rules),
    h("div", "klondike-top", stockButton, waste, h("div", "gap"), ...foundations),
    h("div", "tableau", ...piles),
    tools,
    answer,
  ];
  if (won) parts.unshift(celebration(t));
  for (const pile of piles) pile.addEventListener("click", (e) => { if (e.target === pile && picked) target(Number(pile.dataset.drop)); });
  container.replaceChildren(h("div", `klondike${won ? " won" : ""}`, ...parts));
  return new Set(legal.keys());
}

function sameSource(a, b) {
  return a.where === b.where && a.pile === b.pile && a.index === b.index && a.suit === b.suit;
}

/** Where a move text takes its cards from: "3:2-5" → pile 3's last two cards, "w-f" → the waste. */
function source(text) {
  if (text === "stock" || text === "recycle") return { where: "stock" };
  if (text.startsWith("w")) return { where: "waste" };
  if (text.startsWith("f")) return { where: "foundation", at: text[1] };
  const [pile, count = "1"] = text.split("-")[0].split(":");
  return { where: "pile", at: `${Number(pile) - 1}:${count}` };
}

function adviceText(advice, t) {
  if (advice.ask === "hint") {
    if (advice.hint) return t("hint_move", { move: advice.hint });
    return advice.verdict === "impossible" ? t("cannot_win") : advice.verdict === "win" ? t("won") : t("unknown_win");
  }
  if (advice.verdict === "win") return t("can_still_win", { n: advice.line?.length ?? 0 });
  return advice.verdict === "impossible" ? t("cannot_win") : t("unknown_win");
}

function celebration(t) {
  const banner = h("div", "celebration", h("p", null, t("you_won")));
  banner.setAttribute("role", "status");
  for (let i = 0; i < 24; i++) {
    const bit = h("span", "confetti", "♠♥♦♣"[i % 4]);
    bit.style.setProperty("--k", i);
    banner.append(bit);
  }
  return banner;
}

/**
 * Makes `node` a drag source for `from`: a press and a move past a few pixels drags a copy of
 * the card (and the cards on it) under the pointer and drops it on the pile or foundation
 * beneath; a press without a move is a tap (`choose`), a double-click sends the card up.
 */
function grab(node, from, { drop, choose, sendUp }) {
  node.addEventListener("dblclick", (e) => { e.preventDefault(); sendUp(from); });
  node.addEventListener("click", (e) => {
    if (e.detail > 1 || (dragged && e.detail)) return;
    choose(from);
  });
  node.addEventListener("pointerdown", (down) => {
    if (down.button !== 0) return;
    dragged = false;
    const run = from.where === "pile" ? [...node.parentElement.querySelectorAll("[data-index]")].filter((n) => Number(n.dataset.index) >= from.index) : [node];
    let ghost = null;
    const start = node.getBoundingClientRect();
    const moveTo = (e) => {
      if (!ghost) {
        if (Math.hypot(e.clientX - down.clientX, e.clientY - down.clientY) < 6) return;
        ghost = h("div", "ghost");
        for (const n of run) {
          const copy = n.cloneNode(true);
          const box = n.getBoundingClientRect();
          copy.style.top = `${box.top - start.top}px`;
          ghost.append(copy);
          n.classList.add("lifted");
        }
        document.body.append(ghost);
      }
      ghost.style.transform = `translate(${start.left + e.clientX - down.clientX}px, ${start.top + e.clientY - down.clientY}px)`;
    };
    const up = (e) => {
      document.removeEventListener("pointermove", moveTo);
      document.removeEventListener("pointerup", up);
      document.removeEventListener("pointercancel", up);
      if (!ghost) return;
      ghost.remove();
      for (const n of run) n.classList.remove("lifted");
      const under = document.elementFromPoint(e.clientX, e.clientY)?.closest("[data-drop]");
      dragged = true;
      if (under) drop(from, under.dataset.drop === "f" ? "f" : Number(under.dataset.drop));
    };
    document.addEventListener("pointermove", moveTo);
    document.addEventListener("pointerup", up);
    document.addEventListener("pointercancel", up);
  });
}
