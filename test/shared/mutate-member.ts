/**
 * The fuzz tests' mutation step: walks down from `value` through random members (going deeper with
 * chance `descend`, at most `maxDepth` levels), then deletes the member it stopped at, turns a number
 * into a string, or replaces it with `junk(rand)`. Changes `value` in place.
 */
export function mutateMember(
  value: unknown,
  rand: () => number,
  junk: (rand: () => number) => unknown,
  { maxDepth, descend }: { maxDepth: number; descend: number },
): void {
  let node = value as Record<string, unknown>;
  for (let depth = 0; depth < maxDepth; depth++) {
    const keys = Object.keys(node);
    if (!keys.length) return;
    const key = keys[Math.floor(rand() * keys.length)]!;
    const child = node[key];
    if (child && typeof child === 'object' && rand() < descend) {
      node = child as Record<string, unknown>;
      continue;
    }
    const action = rand();
    if (action < 0.25) delete node[key];
    else if (action < 0.4 && typeof child === 'number') node[key] = String(child);
    else node[key] = junk(rand);
    return;
  }
}
