/**
 * Faults survived, in the browser (issue 22): what visitors see when the WebGL context under three
 * `<room-viewer>`s of the real sample is lost. Loopback only, bounded (every wait has a deadline), and
 * it stops by itself; the partner's and Redis's faults are `npm run load -- chaos` (bench/load/).
 *
 * 1. Lost and restored (a GPU reset): every viewer's picture is wiped, the context restored, and the
 *    scenario records how many viewers drew again and how long that took.
 * 2. Lost for good (not restored within the renderer's 5 s, as when a page holds more than 16
 *    contexts): every viewer must show an error with a retry and fire a fatal `model-error`, none
 *    may stay frozen or "loading"; then each retry is clicked and the scenario records how many came
 *    back (a retry makes a new renderer).
 * Throughout, the longest main-thread task is recorded (no hang). The page is bench/pages/webgl-chaos.html
 * (the CDN build). Headless Chromium draws with SwiftShader (software WebGL).
 */
import { round, type Figures, type Scenario } from '../harness.ts';

const SAMPLE = 6346838;

/** A page script (a string: tsx would wrap named functions in a helper the page does not have). */
const RUN = `(async () => {
  const deadline = (ms, what) => new Promise((_, reject) => setTimeout(() => reject(new Error(what + ': no outcome in ' + ms + ' ms')), ms));
  const until = async (check, ms, what) => {
    const end = performance.now() + ms;
    while (!check()) {
      if (performance.now() > end) throw new Error(what + ': not within ' + ms + ' ms');
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  let longest = 0;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) longest = Math.max(longest, e.duration);
  }).observe({ type: 'longtask', buffered: true });
  const make = () => {
    const el = document.createElement('room-viewer');
    // on the page's thread (the default draws in the render worker): the figures read the scene here
    el.setAttribute('renderer', 'main');
    el.setAttribute('room-id', '${SAMPLE}');
    el.setAttribute('loading', 'eager');
    el.setAttribute('poster', '');
    el.style.cssText = 'display:inline-block;width:200px;height:150px';
    return el;
  };
  const loaded = (el) => new Promise((resolve, reject) => {
    el.addEventListener('model-load', resolve, { once: true });
    el.addEventListener('model-error', (e) => e.detail.fatal && reject(e.detail.error), { once: true });
  });
  const painted = (el) => {
    const canvas = el.shadowRoot.querySelector('canvas');
    if (!canvas || !canvas.width) return 0;
    const data = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
    let n = 0;
    for (let i = 3; i < data.length; i += 4) if (data[i]) n++;
    return n / (canvas.width * canvas.height);
  };
  const viewers = [make(), make(), make()];
  await Promise.race([
    Promise.all(viewers.map((v) => { const p = loaded(v); document.body.append(v); return p; })),
    deadline(60000, 'three viewers'),
  ]);
  const gl = window.webglMade.at(-1);
  const lose = gl.getExtension('WEBGL_lose_context');
  const result = { viewers: viewers.length, contexts: window.webglMade.length };

  // 1. lost and restored
  gl.canvas.addEventListener('webglcontextlost', () => (result.lostHeard = true), { once: true });
  lose.loseContext();
  // restoring is allowed only once the page heard the loss (and three.js prevented its default)
  await until(() => result.lostHeard, 5000, 'the loss');
  for (const v of viewers) v.shadowRoot.querySelector('canvas').getContext('2d').clearRect(0, 0, 9999, 9999);
  const restoring = performance.now();
  lose.restoreContext();
  await until(() => viewers.every((v) => painted(v) > 0.2), 20000, 'the viewers drawing again').catch(() => {});
  result.drewAgain = viewers.filter((v) => painted(v) > 0.2).length;
  result.drawnAgainMs = performance.now() - restoring;

  // 2. lost for good
  const fatal = [];
  for (const v of viewers)
    v.addEventListener('model-error', (e) => e.detail.fatal && fatal.push(e.detail.error.reason), { once: true });
  const losing = performance.now();
  lose.loseContext();
  await until(() => fatal.length === viewers.length, 20000, 'every viewer saying so').catch(() => {});
  result.errorsMs = performance.now() - losing;
  result.fatalErrors = fatal.length;
  result.withRetry = viewers.filter((v) => v.shadowRoot.querySelector('[part~="retry"]')).length;
  result.stuckLoading = viewers.filter((v) => v.getAttribute('state') === 'loading').length;

  // 3. the visitor clicks each retry: a new renderer
  const back = viewers.map((v) => loaded(v).then(() => true, () => false));
  for (const v of viewers) v.shadowRoot.querySelector('[part~="retry"]')?.click();
  const outcome = await Promise.race([Promise.all(back), new Promise((r) => setTimeout(() => r([]), 30000))]);
  await new Promise((r) => setTimeout(r, 300));
  result.backAfterRetry = viewers.filter((v, i) => outcome[i] && painted(v) > 0.2).length;
  result.longestTask = longest;
  for (const v of viewers) v.remove();
  return result;
})()`;

interface ChaosRun {
  viewers: number;
  drewAgain: number;
  drawnAgainMs: number;
  errorsMs: number;
  fatalErrors: number;
  withRetry: number;
  stuckLoading: number;
  backAfterRetry: number;
  longestTask: number;
}

const scenario: Scenario = {
  name: 'chaos-webgl',
  async run(ctx): Promise<Figures> {
    const page = await ctx.newPage(800, 400);
    await page.goto(`${ctx.origin}/bench/pages/webgl-chaos.html`, { waitUntil: 'load' });
    await page.waitForFunction('window.benchReady === true', { timeout: 60000 });
    const r = (await page.evaluate(RUN)) as ChaosRun;
    const of = `of ${r.viewers}`;
    // what a visitor must never see: a viewer that neither draws again nor says so
    if (r.stuckLoading > 0 || r.withRetry + r.drewAgain < r.viewers)
      throw new Error(`a viewer was left frozen or loading: ${JSON.stringify(r)}`);
    return {
      'context lost and restored: viewers that drew again': { value: r.drewAgain, unit: 'viewers', note: of },
      'context lost and restored: time until all drew again': { value: round(r.drawnAgainMs), unit: 'ms' },
      'context lost for good: viewers that showed an error with a retry': {
        value: r.withRetry,
        unit: 'viewers',
        note: `${of}; fatal model-error fired by ${r.fatalErrors}, after ${round(r.errorsMs)} ms (the renderer waits 5 s for a restore)`,
      },
      'context lost for good: viewers left loading or frozen': { value: r.stuckLoading, unit: 'viewers' },
      'context lost for good: viewers back after their retry': {
        value: r.backAfterRetry,
        unit: 'viewers',
        note: of,
      },
      'longest main-thread task during the scenario': {
        value: round(r.longestTask),
        unit: 'ms',
        note: 'no hang',
      },
    };
  },
};

export default scenario;
