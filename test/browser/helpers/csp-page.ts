/**
 * Runs inside the strict-CSP iframe of cspRun() (csp.ts): shows one element (`?element=room-viewer`,
 * `room-plan`, `project-export-button`, `room-gallery`, `room-panorama`) through its states and reports
 * CSP violations, page errors and the state it ended in (with what else its scene measured) to the
 * parent. Each scene imports only its own element.
 */
import { boxRoom } from '../room-viewer-fixtures.ts';

const report = (data: unknown) => parent.postMessage(data, '*');
document.addEventListener('securitypolicyviolation', (e) =>
  report({
    type: 'violation',
    detail: `${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber} ${e.sample}`,
  }),
);
window.addEventListener('error', (e) => report({ type: 'done', state: `page error: ${e.message}` }));
window.addEventListener('unhandledrejection', (e) =>
  report({ type: 'done', state: `page rejection: ${String(e.reason)}` }),
);

const settle = (ms = 200) => new Promise((r) => setTimeout(r, ms));
const params = new URLSearchParams(location.search);
const tag = params.get('element');

/** A viewer or plan drawn from a model, and one in its error state (with its retry button). */
async function modelScene(tag: 'room-viewer' | 'room-plan'): Promise<void> {
  await (tag === 'room-viewer'
    ? import('../../../src/elements/room-viewer/room-viewer.ts')
    : import('../../../src/elements/room-plan/room-plan.ts'));
  const el = document.createElement(tag);
  el.setAttribute('loading', 'eager');
  el.style.width = '300px';
  el.style.height = '200px';
  el.model = boxRoom({ components: 3 });
  el.addEventListener('model-load', async () => {
    const broken = document.createElement(tag);
    broken.setAttribute('loading', 'eager');
    broken.setAttribute('room-id', 'not-a-number');
    broken.addEventListener('model-error', async () => {
      await settle();
      report({ type: 'done', state: `${el.getAttribute('state')} ${broken.getAttribute('state')}` });
    });
    document.body.append(broken);
  });
  el.addEventListener('model-error', (e) =>
    report({ type: 'done', state: `model-error: ${e.detail.error.message}` }),
  );
  document.body.append(el);
}

/** An export button given an invalid project id: nothing is sent, the issues are listed. */
async function exportButtonScene(): Promise<void> {
  await import('../../../src/elements/project-export-button/project-export-button.ts');
  const el = document.createElement('project-export-button');
  el.setAttribute('project-id', 'abc');
  el.addEventListener('export-error', async () => {
    await el.updateComplete;
    await settle();
    report({ type: 'done', state: el.getAttribute('state') });
  });
  document.body.append(el);
  await el.updateComplete;
  el.exportProject();
}

/** A gallery whose list answer holds rooms with and without safe pictures; reports what was drawn. */
async function galleryScene(): Promise<void> {
  await import('../../../src/elements/room-gallery/room-gallery.ts');
  const real = await (await fetch('/room-styling/rooms?limit=3')).json();
  const rooms = [
    ...real.rooms,
    { id: 900001, name: 'data image', image_url: 'data:image/png;base64,iVBORw0KGgo=' },
    { id: 900002, name: 'no image' },
    { id: 900003, name: 'script url', image_url: 'javascript:alert(1)', url: 'javascript:alert(1)' },
  ];
  const realFetch = window.fetch;
  window.fetch = (input: RequestInfo | URL, init?: RequestInit) =>
    new URL(String(input instanceof Request ? input.url : input)).pathname === '/room-styling/rooms'
      ? Promise.resolve(new Response(JSON.stringify({ total: rooms.length, rooms })))
      : realFetch(input, init);

  const el = document.createElement('room-gallery');
  el.setAttribute('api-base', `${location.origin}/room-styling`);
  el.setAttribute('paging', 'pages');
  el.addEventListener('rooms-load', async () => {
    await el.updateComplete;
    const root = el.shadowRoot!;
    await Promise.all([...root.querySelectorAll('img')].map((img) => img.decode().catch(() => undefined)));
    await settle(100);
    report({
      type: 'done',
      state: el.getAttribute('state'),
      cards: root.querySelectorAll('[part~="card"]').length,
      placeholders: root.querySelectorAll('[part~="image"].placeholder').length,
    });
  });
  el.addEventListener('rooms-error', (e) =>
    report({ type: 'done', state: `rooms-error: ${e.detail.error.message}` }),
  );
  document.body.append(el);
}

/**
 * A panorama loaded by `?room=` whose faces arrive slowly (the parent armed a delay), so the progress
 * bar shows real percentages before the panorama is drawn; reports what was shown.
 */
async function panoramaScene(): Promise<void> {
  await import('../../../src/elements/room-panorama/room-panorama.ts');
  const el = document.createElement('room-panorama');
  el.setAttribute('room-id', params.get('room') ?? '');
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
    await settle(100);
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
}

/** A plan drawn and snapshot with toBlob() (its SVG drawn as a blob: image): reports the image's size. */
async function planSnapshotScene(): Promise<void> {
  await import('../../../src/elements/room-plan/room-plan.ts');
  const el = document.createElement('room-plan');
  el.model = boxRoom({ components: 3 });
  el.addEventListener('model-load', async () => {
    try {
      const bitmap = await createImageBitmap(await el.toBlob({ width: 240, height: 160 }));
      await settle();
      report({ type: 'done', state: `${bitmap.width}x${bitmap.height}` });
    } catch (error) {
      report({ type: 'done', state: `toBlob failed: ${String(error)}` });
    }
  });
  document.body.append(el);
}

if (tag === 'room-viewer' || tag === 'room-plan') await modelScene(tag);
else if (tag === 'room-plan-snapshot') await planSnapshotScene();
else if (tag === 'project-export-button') await exportButtonScene();
else if (tag === 'room-gallery') await galleryScene();
else if (tag === 'room-panorama') await panoramaScene();
else report({ type: 'done', state: `unknown element ${tag}` });
