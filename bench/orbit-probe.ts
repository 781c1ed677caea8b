/**
 * Page-script pieces (strings: tsx would wrap named functions in a helper the page does not have)
 * for scenarios that orbit a viewer with and without a feature beside it (37-hotspots.ts, 36-sync.ts,
 * 35-pick.ts): `ORBIT_PROBE` defines, in the page, `probe(el)` which wraps the view's
 * beforeRender / afterRender and returns `orbit()`: auto-rotate for 1.5 s and resolve with the time
 * between drawn frames, the median draw + copy + frame listeners, and the median of the listeners alone.
 */
export const ORBIT_PROBE = `
const probe = (el) => {
  const view = el.view;
  const costs = [];
  const listeners = [];
  let t0 = 0;
  const before = view.beforeRender.bind(view);
  const after = view.afterRender.bind(view);
  view.beforeRender = (d) => { t0 = performance.now(); before(d); };
  view.afterRender = () => {
    const t1 = performance.now();
    after();
    const t2 = performance.now();
    costs.push(t2 - t0);
    listeners.push(t2 - t1);
  };
  const median = (list) => [...list].sort((a, b) => a - b)[list.length >> 1];
  return async () => {
    el.autoRotate = true;
    await new Promise((r) => setTimeout(r, 300));
    costs.length = 0;
    listeners.length = 0;
    const frames0 = view.frames;
    const started = performance.now();
    await new Promise((r) => setTimeout(r, 1500));
    const elapsed = performance.now() - started;
    const drawn = view.frames - frames0;
    el.autoRotate = false;
    await new Promise((r) => setTimeout(r, 200));
    return { interval: elapsed / Math.max(1, drawn), draw: median(costs), listeners: median(listeners) };
  };
};
/** The median of each figure over runs. */
const medians = (runs) => {
  const med = (key) => runs.map((r) => r[key]).sort((a, b) => a - b)[runs.length >> 1];
  return { interval: med('interval'), draw: med('draw'), listeners: med('listeners') };
};
`;

/** What ORBIT_PROBE's `orbit()` and `medians()` give. */
export interface OrbitRun {
  interval: number;
  draw: number;
  listeners: number;
}
