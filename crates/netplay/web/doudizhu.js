// Dou Dizhu: the hand drawn as cards, selected by click or by dragging across them; Play sends
// the legal action whose ranks are the selection's (or the selection's ranks as text, so the
// server says why not), Pass and the bids are the legal actions' own, Hint selects the cards
// of the next legal play. Around it: each seat's role, card count and latest play, the bottom
// cards once revealed, the multiplier and the settlement.
import { card, row } from "./cards.js";
import { h } from "./dom.js";

/** Display order of ranks, weakest first; the action texts write ranks with these letters. */
const ORDER = "3456789TJQKA2BR";
/** A card's rank letter as action texts write it: "QH" is Q, the jokers "BJ" and "RJ" B and R. */
const rankOf = (text) => text[0];
const sortKey = (text) => ORDER.indexOf(rankOf(text)) * 8 + "CDHSJ".indexOf(text[1]);
const sorted = (ranks) => [...ranks].sort((a, b) => ORDER.indexOf(a) - ORDER.indexOf(b)).join("");

const picked = new Set();
let handKey = "";
let hintIndex = -1;

/** Draws the table and returns the legal action texts it lets the player take. */
export function render(container, state, ctx) {
  const { act, t, seat, info, result } = ctx;
  const view = state.view;
  const hand = [...view.hand].sort((a, b) => sortKey(a) - sortKey(b));
  if (hand.join() !== handKey) {
    handKey = hand.join();
    picked.clear();
    hintIndex = -1;
  }
  const legal = state.legal;
  const plays = legal.filter((a) => a.text !== "pass" && view.phase === "playing");
  const name = (i) => info?.seats[i]?.name ?? `${i + 1}`;
  const role = (i) => (view.landlord === null ? "" : i === view.landlord ? t("landlord") : t("farmer"));

  // The other seats, then the bottom cards and the multiplier, then this seat's hand.
  const latest = new Map();
  for (const entry of view.history) {
    if (entry.action === "pass") latest.set(entry.seat, null);
    else if (entry.action.play) latest.set(entry.seat, entry.action.play.cards);
    else if (entry.action.bid !== undefined) latest.set(entry.seat, bidText(entry.action.bid, t));
  }
  const me = view.seat ?? seat ?? 0;
  const seatPanel = (i) => {
    const last = latest.get(i);
    const shown = last === undefined ? h("span", "note", "") : last === null ? h("span", "note", t("pass")) : typeof last === "string" ? h("span", "note", last) : row(last);
    return h("section", `seat-panel${state.turn?.seat === i ? " turn" : ""}`,
      h("h3", null, `${name(i)} `, h("span", "role", role(i))),
      h("p", "count", t("cards_left", { n: view.card_counts[i] })),
      shown);
  };
  const middle = h("div", "middle",
    h("p", null, `${t("bottom")}: `),
    view.bottom ? row(view.bottom) : row([], { empty: "? ? ?" }),
    h("p", "multiplier", t("multiplier", { n: view.multiplier })));
  // One row: the next seat, the bottom cards, the seat after (two rows on a phone), so that
  // the hand and its buttons stay above the fold.
  const others = h("div", "opponents", seatPanel((me + 1) % 3), middle, seatPanel((me + 2) % 3));

  const handRow = h("div", "hand", ...hand.map((text) => {
    const node = card(text, { tag: "button", selected: picked.has(text) });
    return node;
  }));
  handRow.style.setProperty("--n", hand.length);
  sweep(handRow, () => render(container, state, ctx));

  const choice = () => sorted([...picked].map(rankOf));
  const play = () => {
    const ranks = choice();
    if (!ranks) return ctx.error(t("select_cards"));
    const match = plays.find((a) => sorted(a.text.split("/")[0]) === ranks);
    act(match ? match.id : ranks);
  };
  const hint = () => {
    if (!plays.length) return ctx.error(t("no_play"));
    hintIndex = (hintIndex + 1) % plays.length;
    picked.clear();
    const pool = [...hand];
    for (const r of plays[hintIndex].text.split("/")[0]) {
      const at = pool.findIndex((c) => rankOf(c) === r);
      if (at >= 0) picked.add(pool.splice(at, 1)[0]);
    }
    render(container, state, ctx);
  };
  const controls = h("div", "controls");
  const add = (label, onClick, disabled = false) => {
    const b = h("button", null, label);
    b.type = "button";
    b.disabled = disabled;
    b.addEventListener("click", onClick);
    controls.append(b);
  };
  if (view.phase === "bidding") {
    for (const a of legal) add(bidText(a.text, t), () => act(a.id));
  } else if (view.phase === "playing") {
    const mine = legal.length > 0;
    add(t("play"), play, !mine);
    const pass = legal.find((a) => a.text === "pass");
    add(t("pass"), () => act(pass ? pass.id : "pass"), !mine);
    add(t("hint"), hint, !mine);
    add(t("clear"), () => { picked.clear(); render(container, state, ctx); }, !picked.size);
  }
  const parts = [others, h("section", `seat-panel mine${state.turn?.seat === me ? " turn" : ""}`,
    h("h3", null, `${name(me)} `, h("span", "role", role(me))),
    h("p", "count", t("cards_left", { n: view.card_counts[me] })),
    latest.has(me) ? (Array.isArray(latest.get(me)) ? row(latest.get(me)) : h("span", "note", latest.get(me) ?? t("pass"))) : null),
  handRow, controls];
  if (result) parts.push(settlement(result, name, t));
  container.replaceChildren(h("div", "ddz", ...parts));
  return new Set(legal.map((a) => a.text));
}

function bidText(bid, t) {
  if (bid === "pass") return t("no_bid");
  if (typeof bid === "object") return bid.points ? t("bid_points", { n: bid.points }) : t(Object.keys(bid)[0]);
  return /^\d$/.test(bid) ? t("bid_points", { n: bid }) : t(bid);
}

function settlement(result, name, t) {
  const rows = result.outcome.returns.slice(0, 3).map((r, i) => h("tr", null, h("td", null, name(i)), h("td", r > 0 ? "win" : "loss", r > 0 ? `+${r}` : `${r}`)));
  return h("table", "settlement", h("caption", null, t("settlement")), h("tbody", null, ...rows));
}

/**
 * Selection by click, or by pressing on a card and sweeping across others (mouse or touch):
 * every card the pointer crosses takes the first card's new state.
 */
function sweep(handRow, redraw) {
  let to = null;
  const toggle = (node) => {
    const text = node?.closest?.("[data-card]")?.dataset.card;
    if (!text || !handRow.contains(node)) return;
    if (to === null) to = !picked.has(text);
    if (to) picked.add(text);
    else picked.delete(text);
    node.closest("[data-card]").classList.toggle("selected", to);
  };
  handRow.addEventListener("pointerdown", (e) => {
    if (!e.target.closest("[data-card]")) return;
    e.preventDefault();
    to = null;
    toggle(e.target);
    handRow.setPointerCapture?.(e.pointerId);
  });
  handRow.addEventListener("pointermove", (e) => {
    if (to === null) return;
    toggle(document.elementFromPoint(e.clientX, e.clientY));
  });
  const end = () => {
    if (to !== null) { to = null; redraw(); }
  };
  handRow.addEventListener("pointerup", end);
  handRow.addEventListener("pointercancel", end);
  // Keyboard: Enter or Space on a focused card toggles it (a click with no pointer).
  handRow.addEventListener("click", (e) => {
    if (e.detail !== 0) return;
    const text = e.target.closest("[data-card]")?.dataset.card;
    if (!text) return;
    if (picked.has(text)) picked.delete(text);
    else picked.add(text);
    redraw();
  });
}
