/**
 * A `<room-plan for>` linked to a `<room-viewer>` (room-plan/features/sync.ts): what drawing the viewer's camera and
 * view cone on the plan adds to the viewer's frames while it orbits (goal ≤ 10 % added, issue 14).
 *
 * One page shows the real sample in a viewer (320 × 240, auto-rotating, as 30-viewer.ts orbits it);
 * runs alternate without and with a linked plan beside it (four of each, 1.5 s each; medians), so a
 * slower moment of the machine falls on both. Figures: time between drawn frames (everything the
 * page does per frame, the plan's SVG paint included) and the view's draw + copy + frame listeners
 * (the plan's per-frame work runs in its frame listener), each without and with the plan.
 *
 * The page is bench/pages/room-plan.html: both elements from the CDN build (dist/cdn, which `npm run
 * bench` builds first).
 * Headless Chromium draws with SwiftShader (software WebGL): frame figures are CPU-bound.
 */
import { round, type Figures, type Scenario } from '../harness.ts';
import { ORBIT_PROBE, type OrbitRun } from '../orbit-probe.ts';

const SAMPLE = 6346838;
/** Runs without and with the plan, alternating (medians are reported). */
const ROUNDS = 4;

/** A page script (a string: tsx would wrap named functions in a helper the page does not have). */
const RUN = `(async () => {
  ${ORBIT_PROBE}
  document.head.insertAdjacentHTML('beforeend',
    '<style>body{margin:0}room-viewer,room-plan{width:320px;height:240px;display:inline-block}</style>');
  const loaded = (el) => new Promise((resolve, reject) => {
    el.addEventListener('model-load', resolve, { once: true });
    el.addEventListener('model-error', (e) => reject(e.detail.error), { once: true });
  });
  const el = document.createElement('room-viewer');
  // on the page's thread (the default draws in the render worker): the figures read the scene here
  el.setAttribute('renderer', 'main');
  el.id = 'bench-viewer';
  el.setAttribute('loading', 'eager');
  el.setAttribute('camera', 'orbit');
  el.setAttribute('room-id', '${SAMPLE}');
  const viewerLoaded = loaded(el);
  document.body.append(el);
  await viewerLoaded;
  // draw + copy + the frame listeners (the plan's work is one of them), and the listeners alone
  const orbit = probe(el);
  const runs = { without: [], with: [] };
  let moved = 0;
  for (let i = 0; i < ${ROUNDS}; i++) {
    runs.without.push(await orbit());
    const plan = document.createElement('room-plan');
    plan.setAttribute('for', 'bench-viewer');
    plan.setAttribute('room-id', '${SAMPLE}');
    const planLoaded = loaded(plan);
    document.body.append(plan);
    await planLoaded;
    const cone = () => plan.shadowRoot.querySelector('[part~="camera-cone"]').getAttribute('transform');
    const first = cone();
    runs.with.push(await orbit());
    if (cone() !== first) moved++;
    plan.remove();
  }
  return { without: medians(runs.without), with: medians(runs.with), moved };
})()`;

const scenario: Scenario = {
  name: 'sync',
  async run(ctx): Promise<Figures> {
    const page = await ctx.newPage(800, 400);
    await page.goto(`${ctx.origin}/bench/pages/room-plan.html`, { waitUntil: 'load' });
    await page.waitForFunction('window.benchReady === true', { timeout: 60000 });
    const r = (await page.evaluate(RUN)) as { without: OrbitRun; with: OrbitRun; moved: number };
    if (r.moved < ROUNDS) throw new Error('the plan’s view cone did not follow the orbiting viewer');
    const added = (a: number, b: number) => round(((b - a) / a) * 100);
    return {
      'orbiting the real sample: time between frames, viewer alone': {
        value: round(r.without.interval),
        unit: 'ms',
      },
      'orbiting the real sample: time between frames, with a linked plan': {
        value: round(r.with.interval),
        unit: 'ms',
      },
      'linked plan: added to the time between frames': {
        value: added(r.without.interval, r.with.interval),
        unit: '%',
        note: 'goal ≤ 10',
      },
      'orbiting the real sample: draw + copy + listeners, median, viewer alone': {
        value: round(r.without.draw, 2),
        unit: 'ms',
      },
      'orbiting the real sample: draw + copy + listeners, median, with a linked plan': {
        value: round(r.with.draw, 2),
        unit: 'ms',
      },
      'linked plan: its frame listener, median per frame': {
        value: round(r.with.listeners - r.without.listeners, 3),
        unit: 'ms',
      },
      'linked plan: its frame listener / the viewer alone’s draw + copy': {
        value: round(((r.with.listeners - r.without.listeners) / r.without.draw) * 100),
        unit: '%',
        note: 'goal ≤ 10; the least noisy of these figures on a busy machine',
      },
      'linked plan: added to draw + copy + listeners': {
        value: added(r.without.draw, r.with.draw),
        unit: '%',
        note: 'goal ≤ 10',
      },
    };
  },
};

export default scenario;
