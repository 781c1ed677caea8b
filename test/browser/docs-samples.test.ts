/**
 * Every HTML sample in the README and the guides runs in Chromium, as a developer who pastes it into a
 * page would run it: through the CDN build (dist/cdn, served byte for byte under `/__cdn/docs-…/`),
 * with the services' hosts pointed at the emulator on this origin and the package's bare imports at the
 * eager CDN entry. A sample that is only markup gets the CDN loader, as the guides say a page needs.
 * The pinned sample of docs/cdn.md gets the real import map and entry hash of this build.
 *
 * Checked: nothing is thrown into the page, every element of the sample is defined and upgraded, and
 * the README's first-screen page really shows rooms (no element in an error state).
 */
import { expect } from '@esm-bundle/chai';
import { cleanup, fixtureContainer, until } from './helpers/wait.ts';

interface Sample {
  page: string;
  line: number;
  html: string;
}

const ORIGIN = location.origin;
const PIN = /https:\/\/unpkg\.com\/room-elements@[^/]+\/dist\/cdn\//g;

async function text(path: string): Promise<string> {
  const response = await fetch(path);
  expect(response.status, path).to.equal(200);
  return response.text();
}

/** The README and every guide the docs index links to. */
async function pages(): Promise<string[]> {
  const index = await text('/docs/README.md');
  const guides = [...index.matchAll(/\]\(([\w-]+\.md)\)/g)].map((m) => `docs/${m[1]}`);
  return ['README.md', ...new Set(guides)];
}

async function samples(): Promise<Sample[]> {
  const out: Sample[] = [];
  for (const page of await pages()) {
    const source = await text(`/${page}`);
    for (const m of source.matchAll(/^```html\n([\s\S]*?)^```/gm)) {
      out.push({ page, line: source.slice(0, m.index).split('\n').length, html: m[1]! });
    }
  }
  return out;
}

/** A page's own model file in a sample (`src="/models/kitchen.json"`), served as a room document. */
const MODEL_FILE = /(["'])\/models\/[\w-]+\.json\1/g;

let run = 0;
/** The sample as this test serves it (see the file's comment). */
async function localised(html: string): Promise<string> {
  const base = `${ORIGIN}/__cdn/docs-${++run}/`;
  let out = html
    .replace(PIN, base)
    .replace(/https:\/\/roomstyler\.com\/api/g, `${ORIGIN}/room-styling`)
    .replace(/https:\/\/floorplanner\.com\/api\/v2/g, `${ORIGIN}/planning/api/v2`)
    .replace(/http:\/\/127\.0\.0\.1:4010/g, ORIGIN)
    // the page's own model files (`src="/models/kitchen.json"`): a room document as GET /rooms/:id gives it
    .replace(MODEL_FILE, `$1${ORIGIN}/room-styling/rooms/6346838$1`)
    .replace(/from '(room-elements(\/[\w./-]*)?)'/g, `from '${base}room-elements.all.js'`)
    .replace(/import '(room-elements(\/[\w./-]*)?)';/g, `import '${base}room-elements.all.js';`);
  if (out.includes('type="importmap"')) {
    const map = (await text('/dist/cdn/importmap.json')).replace(PIN, base);
    const hashes = JSON.parse(await text('/dist/cdn/integrity.json')) as Record<string, string>;
    out = out
      .replace(/(<script type="importmap">)[\s\S]*?(<\/script>)/, `$1${map}$2`)
      .replace(/integrity="sha384-…[^"]*"/, `integrity="${hashes['room-elements.js']}"`);
  }
  // a sample that loads no entry of its own gets the loader
  if (!out.includes(`${base}room-elements`)) {
    out = `<script type="module" src="${base}room-elements.js"></script>\n${out}`;
  }
  return out;
}

const ERRORS = `<script>
  window.__errors = [];
  addEventListener('error', (e) => __errors.push(String(e.message || e.error)));
  addEventListener('unhandledrejection', (e) => __errors.push(String(e.reason && (e.reason.stack || e.reason))));
</script>`;

describe('the docs samples', function () {
  this.timeout(240000);
  afterEach(cleanup);

  it('every HTML sample of the README and the guides runs, and the README page shows rooms', async () => {
    const all = await samples();
    expect(all.length, 'the docs have HTML samples').to.be.greaterThan(15);
    const failures: string[] = [];
    for (const sample of all) {
      const where = `${sample.page}:${sample.line}`;
      const frame = document.createElement('iframe');
      frame.style.cssText = 'width: 800px; height: 600px';
      frame.srcdoc = `<!doctype html><html lang="en"><body>${ERRORS}${await localised(sample.html)}</body></html>`;
      const loaded = new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }));
      fixtureContainer().append(frame);
      await loaded;
      const win = frame.contentWindow as Window & typeof globalThis & { __errors: string[] };
      const tags = [...new Set([...sample.html.matchAll(/<([a-z]+-[a-z-]+)[\s>]/g)].map((m) => m[1]!))];
      try {
        await until(
          () =>
            tags.every((tag) => {
              const elements = [...win.document.querySelectorAll(tag)];
              return !!win.customElements.get(tag) && elements.every((el) => !!el.shadowRoot);
            }),
          20000,
          `${where}: ${tags.join(', ')} defined`,
        );
        if (sample.page === 'README.md' || sample.html.search(MODEL_FILE) >= 0) {
          // the first screen's promise: a gallery and a 3D room, shown, not an error; and a sample that
          // loads a model file shows it
          await until(
            () =>
              tags.every((tag) =>
                [...win.document.querySelectorAll(tag)].every((el) =>
                  ['loaded', 'ready', 'idle'].includes(el.getAttribute('state') ?? ''),
                ),
              ),
            30000,
            `${where}: loaded`,
          );
        }
        await new Promise((r) => win.requestAnimationFrame(() => win.requestAnimationFrame(r)));
        if (win.__errors.length) failures.push(`${where}: ${win.__errors.join(' | ')}`);
      } catch (error) {
        failures.push(`${where}: ${(error as Error).message}; page errors: ${win.__errors.join(' | ')}`);
      }
      frame.remove();
    }
    expect(failures).to.deep.equal([]);
  });
});
