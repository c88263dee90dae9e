// Building SVG for the boards.
const SVG = "http://www.w3.org/2000/svg";

/** A new SVG element `name` with `attrs`, appended to `parent` when given. */
export function el(name, attrs, parent) {
  const node = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  parent?.append(node);
  return node;
}
