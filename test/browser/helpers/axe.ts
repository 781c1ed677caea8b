/**
 * axe-core in the browser tests: loaded once per page from node_modules (a classic script, as axe ships),
 * and a run that answers with readable lines (`id: help (n nodes)`) so a failing test says what is wrong.
 */
interface AxeResult {
  violations: { id: string; help: string; nodes: unknown[] }[];
}
interface Axe {
  run(context: Element, options?: object): Promise<AxeResult>;
}

let loading: Promise<Axe> | undefined;

export function loadAxe(): Promise<Axe> {
  const w = window as unknown as { axe?: Axe };
  if (w.axe) return Promise.resolve(w.axe);
  loading ??= new Promise<Axe>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = '/node_modules/axe-core/axe.min.js';
    script.onload = () => resolve(w.axe!);
    script.onerror = () => reject(new Error('axe-core did not load'));
    document.head.append(script);
  });
  return loading;
}

/** The violations axe finds in `element` (its shadow trees included), one line each. */
export async function axeViolations(element: Element, options: object = {}): Promise<string[]> {
  const axe = await loadAxe();
  const result = await axe.run(element, { resultTypes: ['violations'], ...options });
  return result.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.length} nodes)`);
}
