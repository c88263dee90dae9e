// Hearts: the hand drawn as cards (a click picks a card to pass or plays it: the legal actions
// are card texts), the trick in the middle with each card before its player, each seat's
// tricks and points this hand, the running totals and the score of every hand, and the
// game-over banner at the target. Every number comes from the view, scored by the crate.
import { card, row } from "./cards.js";
import { h } from "./dom.js";

const ORDER = "23456789TJQKA";
const SUITS = "CDSH";
const sortKey = (text) => SUITS.indexOf(text[1]) * 16 + ORDER.indexOf(text[0]);

/** Draws the table and returns the legal action texts it lets the player take. */
export function render(container, state, ctx) {
  const { act, t, seat, info, result } = ctx;
  const view = state.view;
  const me = view.seat ?? seat ?? 0;
  const name = (i) => info?.seats[i]?.name ?? `${i + 1}`;
  const legal = new Map(state.legal.map((a) => [a.text, a]));

  const current = view.tricks[Math.max(0, view.num_tricks - 1)] ?? { cards: [], leader: 0 };
  const shownTrick = current.cards.length || view.num_tricks < 2 ? current : view.tricks[view.num_tricks - 2];
  const played = new Map(shownTrick.cards.map((c, k) => [(shownTrick.leader + k) % 4, c]));
  const place = ["bottom", "left", "top", "right"];
  const trick = h("div", `trick${shownTrick === current ? "" : " done"}`, ...[0, 1, 2, 3].map((k) => {
    const s = (me + k) % 4;
    return h("div", `spot ${place[k]}`, played.has(s) ? card(played.get(s), { label: name(s) }) : null);
  }));
  const panel = (k) => {
    const s = (me + k) % 4;
    return h("section", `seat-panel ${place[k]}${isTurn(state.turn, s) ? " turn" : ""}`,
      h("h3", null, name(s)),
      h("p", "count", t("hearts_seat", { total: view.totals[s], hand: view.points[s], tricks: view.tricks_won[s], cards: view.hand_len[s] })));
  };

  const passing = view.phase === "Passing";
  const prompt = passing
    ? view.passed ? t("pass_sent") : t("pass_three", { dir: t(`dir_${view.direction}`), n: view.picked.length })
    : view.phase === "Playing" && state.legal.length ? t("your_lead_or_follow") : "";
  const hand = [...view.hand].sort((a, b) => sortKey(a) - sortKey(b));
  const handRow = h("div", "hand", ...hand.map((text) => {
    const node = card(text, { tag: "button", selected: view.picked.includes(text), onClick: () => act(legal.get(text)?.id ?? text) });
    node.classList.toggle("playable", legal.has(text));
    return node;
  }));
  handRow.style.setProperty("--n", hand.length);
  const parts = [
    h("div", "hearts-table", panel(2), panel(1), trick, panel(3)),
    h("p", "prompt", prompt),
    view.received && view.num_tricks <= 1 ? h("div", "received", h("span", "note", `${t("received")}: `), row(view.received)) : null,
    view.seat === null ? panel(0) : handRow,
    scoreTable(view.hand_scores, view.totals, view.settings.target, name, t),
  ];
  if (state.turn === "over") {
    const winners = result ? [0, 1, 2, 3].filter((s) => (result.outcome.winners >> s) & 1).map(name) : [];
    parts.unshift(h("p", "banner", t("hearts_over", { who: winners.join(", ") })));
  }
  container.replaceChildren(h("div", "hearts", ...parts));
  return new Set(legal.keys());
}

function isTurn(turn, seat) {
  if (!turn || turn === "over") return false;
  return turn.seat !== undefined ? turn.seat === seat : ((turn.simultaneous >> seat) & 1) === 1;
}

/** The score of each finished hand, one row per hand, and the totals below. */
function scoreTable(hands, totals, target, name, t) {
  const head = h("tr", null, h("th", null, t("hand")), ...[0, 1, 2, 3].map((s) => h("th", null, name(s))));
  const line = (label, values) => h("tr", null, h("th", null, label), ...values.map((v) => h("td", null, `${v}`)));
  const body = hands.map((points, n) => line(`${n + 1}`, points));
  return h("table", "scores", h("caption", null, t("scores", { target })), h("thead", null, head),
    h("tbody", null, ...body), h("tfoot", null, line(t("total"), totals)));
}
