// Keyboard play on every table: the arrow keys move the focus to the nearest focusable thing
// (card, square, point, pile) in that direction, Enter or Space acts on it, and a redraw keeps
// the focus on the same thing.
const FOCUSABLE = "button:not([disabled]), [tabindex='0']";
const DIRECTIONS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

function centre(node) {
  const box = node.getBoundingClientRect();
  return [box.left + box.width / 2, box.top + box.height / 2];
}

/** A keydown handler for a table: arrows move the focus within it. */
export function moveFocus(event) {
  const direction = DIRECTIONS[event.key];
  const from = event.target.closest?.(FOCUSABLE);
  if (!direction || !from || event.altKey || event.ctrlKey || event.metaKey) return;
  const [dx, dy] = direction;
  const [x, y] = centre(from);
  let best = null;
  let bestScore = Infinity;
  for (const node of event.currentTarget.querySelectorAll(FOCUSABLE)) {
    if (node === from || !node.getClientRects().length) continue;
    const [nx, ny] = centre(node);
    const along = (nx - x) * dx + (ny - y) * dy;
    if (along <= 1) continue;
    const across = Math.abs((nx - x) * dy) + Math.abs((ny - y) * dx);
    const score = along + 2 * across;
    if (score < bestScore) [best, bestScore] = [node, score];
  }
  if (best) {
    event.preventDefault();
    best.focus();
  }
}

/** What names the focused thing across redraws: its data attributes. */
function key(node) {
  const data = Object.entries(node.dataset ?? {});
  return data.length ? data.map(([k, v]) => `[data-${k.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}="${CSS.escape(v)}"]`).join("") : null;
}

/** Runs `draw` (which replaces `container`'s content), keeping the focus on the same thing. */
export function keepFocus(container, draw) {
  const focused = container.contains(document.activeElement) ? key(document.activeElement) : null;
  const drawn = draw();
  if (focused) container.querySelector(focused)?.focus();
  return drawn;
}
