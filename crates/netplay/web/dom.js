// Building HTML for the tables.

/** A new element `tag` with `className` (or null) and children (text or nodes; null skipped). */
export function h(tag, className, ...children) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  node.append(...children.filter((c) => c !== null && c !== undefined));
  return node;
}
