// Playing cards drawn in HTML and CSS from their text ("QH", "TS", "BJ"): rank and suit in
// two corners and a large pip, or with the "large glyphs" option one Unicode playing-card
// character (U+1F0A1…) as the original Klondike drew them. Suit colours come from CSS
// (`body.four-colour` gives diamonds and clubs their own). Each card carries a spoken label.
import { h } from "./dom.js";

const SUITS = { S: ["♠", "spades", 0x1f0a0], H: ["♥", "hearts", 0x1f0b0], D: ["♦", "diamonds", 0x1f0c0], C: ["♣", "clubs", 0x1f0d0] };
const RANKS = { A: ["A", "ace", 1], T: ["10", "ten", 10], J: ["J", "jack", 11], Q: ["Q", "queen", 13], K: ["K", "king", 14] };
const NUMBERS = ["", "", "two", "three", "four", "five", "six", "seven", "eight", "nine"];
const JOKERS = { BJ: ["black joker", 0x1f0cf], RJ: ["red joker", 0x1f0bf] };

/** Whether cards are drawn as Unicode glyphs (the header's option). */
export const look = { glyphs: false };

/** The rank as printed, its spoken name, and its glyph offset. */
function rank(r) {
  return RANKS[r] ?? [r, NUMBERS[Number(r)], Number(r)];
}

/** The spoken name of a card text: "queen of hearts", "red joker". */
export function cardName(text) {
  if (JOKERS[text]) return JOKERS[text][0];
  return `${rank(text[0])[1]} of ${SUITS[text[1]][1]}`;
}

/** The suit letter of a card text (`J` for jokers). */
export const suitOf = (text) => (JOKERS[text] ? "J" : text[1]);

/**
 * A card element for `text`. Options: `tag` (default "div"; "button" makes it focusable and
 * clickable), `selected`, `label` (extra words for screen readers), `onClick`.
 */
export function card(text, { tag = "div", selected: chosen = false, label = "", onClick } = {}) {
  const selected = Boolean(chosen);
  const node = document.createElement(tag);
  if (tag === "button") node.type = "button";
  const joker = JOKERS[text];
  const suit = joker ? (text === "RJ" ? "joker red" : "joker black") : SUITS[text[1]][1];
  node.className = `card ${suit}${selected ? " selected" : ""}${look.glyphs ? " glyph" : ""}`;
  node.dataset.card = text;
  node.setAttribute("aria-label", `${cardName(text)}${label ? `, ${label}` : ""}`);
  if (tag === "button") node.setAttribute("aria-pressed", String(selected));
  if (look.glyphs) {
    const code = joker ? joker[1] : SUITS[text[1]][2] + rank(text[0])[2];
    node.append(span("face", String.fromCodePoint(code)));
  } else if (joker) {
    node.append(span("corner", "JOKER".split("").join("\n")), span("pip", "★"));
  } else {
    const [printed] = rank(text[0]);
    const [pip] = SUITS[text[1]];
    node.append(span("corner", `${printed}\n${pip}`), span("pip", pip), span("corner end", `${printed}\n${pip}`));
  }
  if (onClick) node.addEventListener("click", onClick);
  return node;
}

/** A face-down card. */
export function back(label = "face-down card") {
  const node = document.createElement("div");
  node.className = `card back${look.glyphs ? " glyph" : ""}`;
  node.setAttribute("aria-label", label);
  if (look.glyphs) node.append(span("face", String.fromCodePoint(0x1f0a0)));
  return node;
}

function span(className, text) {
  const node = document.createElement("span");
  node.className = className;
  node.textContent = text;
  node.setAttribute("aria-hidden", "true");
  return node;
}

/** A row of small cards (a trick, a play, the bottom cards); `empty` when there are none. */
export function row(cards, { small = true, empty = "" } = {}) {
  const node = h("div", `cards${small ? " small" : ""}`);
  if (!cards.length && empty) node.append(h("span", "note", empty));
  for (const text of cards) node.append(card(text));
  return node;
}
