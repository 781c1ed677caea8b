/**
 * Runs inside the strict-CSP iframe of room-gallery-cards.test.ts: a gallery whose list answer holds
 * rooms with and without safe pictures; reports CSP violations and what was drawn to the parent.
 */
import '../../src/elements/room-gallery/room-gallery.ts';

const report = (data: unknown) => parent.postMessage(data, '*');
document.addEventListener('securitypolicyviolation', (e) =>
  report({ type: 'violation', detail: `${e.violatedDirective} ${e.blockedURI}` }),
);

window.addEventListener('error', (e) => report({ type: 'done', state: `page error: ${e.message}` }));
window.addEventListener('unhandledrejection', (e) =>
  report({ type: 'done', state: `page rejection: ${String(e.reason)}` }),
);

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
  await new Promise((r) => setTimeout(r, 100));
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
