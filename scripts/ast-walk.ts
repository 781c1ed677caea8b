/** A node of the ESTree that rolldown's `parseAst` gives, as the build scripts read it. */
export type Node = { type: string; start: number; end: number; [key: string]: unknown };

/** Every node under `node` (depth first): the render worker's stages and its three.js trims read the AST so. */
export function* walk(node: unknown): Generator<Node> {
  if (!node || typeof node !== 'object') return;
  if (Array.isArray(node)) {
    for (const item of node) yield* walk(item);
    return;
  }
  const n = node as Node;
  if (typeof n.type === 'string') yield n;
  for (const [key, value] of Object.entries(n))
    if (key !== 'type' && value && typeof value === 'object') yield* walk(value);
}
