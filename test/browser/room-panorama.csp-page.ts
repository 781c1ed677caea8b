/**
 * Runs inside the strict-CSP iframe of room-panorama-csp.test.ts: a panorama loaded by room-id whose
 * faces arrive slowly (the parent armed a delay), so the progress bar shows real percentages before the
 * panorama is drawn; reports CSP violations and what was shown to the parent.
 */
import '../../src/elements/room-panorama/room-panorama.ts';

const report = (data: unknown) => parent.postMessage(data, '*');
document.addEventListener('securitypolicyviolation', (e) =>
  report({ type: 'violation', detail: `${e.violatedDirective} ${e.blockedURI} ${e.sample}` }),
);
window.addEventListener('error', (e) => report({ type: 'done', state: `page error: ${e.message}` }));
window.addEventListener('unhandledrejection', (e) =>
  report({ type: 'done', state: `page rejection: ${String(e.reason)}` }),
);

const roomId = new URLSearchParams(location.search).get('room') ?? '';
const el = document.createElement('room-panorama');
el.setAttribute('room-id', roomId);
el.setAttribute('loading', 'eager');
el.setAttribute('api-base', `${location.origin}/room-styling`);
let percents = 0;
let filled = 0;
// the bar's fill follows the percentage through a custom property set from script: it must reach the
// CSS under this policy (a style attribute would be refused). Checked on every new percentage.
const watch = new MutationObserver(() => {
  const bar = el.shadowRoot?.querySelector<HTMLElement>('[part="progress"]');
  const value = Number(bar?.getAttribute('aria-valuenow'));
  if (!bar?.firstElementChild || !(value > 0)) return;
  percents++;
  const fill = parseFloat(getComputedStyle(bar.firstElementChild).getPropertyValue('--progress'));
  if (Math.round(fill) === value) filled++;
});
el.addEventListener('panorama-ready', async () => {
  watch.disconnect();
  await new Promise((r) => setTimeout(r, 100));
  report({
    type: 'done',
    state: el.getAttribute('state'),
    percents,
    filled,
    canvas: el.shadowRoot!.querySelector('canvas') !== null,
  });
});
el.addEventListener('panorama-error', (e) =>
  report({ type: 'done', state: `panorama-error: ${e.detail.error.message}` }),
);
document.body.append(el);
watch.observe(el.shadowRoot!, { subtree: true, attributeFilter: ['aria-valuenow'] });
