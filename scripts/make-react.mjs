// room-elements/react: one React component per element, made from custom-elements.json with @lit/react's
// createComponent (as Shoelace's scripts/make-react.js does), written to src/react/. Run by `npm run
// analyze` after the manifest; test/node/react-wrappers.test.ts fails when the files are stale.
//
// Why wrappers at all: React 19 sets a custom element's properties and attaches its `on<event>` handlers
// on a client render, but not while it hydrates server HTML (react/react#35446): on a Next.js page a
// `model` object never reached `<room-plan>` and `onroom-select` never ran. createComponent sets every
// property and listener in a layout effect, which runs after hydration as after any render.
//
//   node scripts/make-react.mjs           writes src/react/*.ts
//   node scripts/make-react.mjs --check   exits 1 when a written file differs (no write)
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import prettier from 'prettier';

const OUT = 'src/react';

const camel = (name) => name.replace(/-([a-z])/g, (_, c) => c.toUpperCase());
const pascal = (name) => camel(name).replace(/^[a-z]/, (c) => c.toUpperCase());
const oneLine = (text) =>
  (text ?? '')
    .replace(/\*\//g, '*\\/')
    .replace(/\s*\n\s*/g, ' ')
    .trim();

/** Every element of the manifest with its module path, class and events (name, handler prop, detail type). */
export function elementsOf(manifest) {
  return manifest.modules
    .flatMap((m) => (m.declarations ?? []).map((d) => ({ d, path: m.path })))
    .filter(({ d }) => d.customElement && d.tagName)
    .sort((a, b) => (a.d.tagName < b.d.tagName ? -1 : 1))
    .map(({ d, path }) => ({
      tag: d.tagName,
      className: d.name,
      path,
      summary: oneLine(d.summary ?? d.description?.split('\n\n')[0]),
      // the properties a prop is set as (the rest are attributes): public, writable, per instance
      properties: (d.members ?? [])
        .filter((m) => m.kind === 'field' && !m.static && !m.readonly && (m.privacy ?? 'public') === 'public')
        .map((m) => m.name)
        .filter((name, i, all) => !name.startsWith('#') && all.indexOf(name) === i)
        .sort(),
      events: (d.events ?? []).map((e) => {
        const detail = /^CustomEvent<(\w+)>$/.exec(e.type?.text ?? '')?.[1];
        if (!detail) throw new Error(`${d.tagName}: event ${e.name} has no CustomEvent<Detail> type`);
        return { name: e.name, prop: `on${pascal(e.name)}`, detail, description: oneLine(e.description) };
      }),
    }));
}

const HEADER =
  '// Generated from custom-elements.json by scripts/make-react.mjs (npm run analyze): do not edit.\n';

function wrapper(e) {
  const from = `../${e.path.replace(/^src\//, '').replace(/\.ts$/, '.js')}`;
  let out = `'use client';\n${HEADER}`;
  if (e.events.length) out += `import { eventsOf } from './element-event.js';\n`;
  out += `import { elementComponent } from './lazy-element.js';\n`;
  out += `import type { ${e.className} as ${e.className}Element } from '${from}';\n`;
  out += `\n/** \`<${e.tag}>\`'s events as React props, each with its typed \`detail\`. */\n`;
  if (e.events.length) {
    out += `export const ${e.className}Events = eventsOf<${e.className}Element>()({\n`;
    for (const ev of e.events) {
      if (ev.description) out += `  /** ${ev.description} */\n`;
      out += `  ${ev.prop}: '${ev.name}',\n`;
    }
    out += '});\n\n';
  } else out += `export const ${e.className}Events = {} as const;\n\n`;
  // what every wrapper's component shares (properties, handlers, the lazy code) is said once, on elementComponent
  out += `/** \`<${e.tag}>\` for React${e.summary ? `: ${e.summary}` : ''} (see \`elementComponent\`). */\n`;
  out += `export const ${e.className} = elementComponent<${e.className}Element, typeof ${e.className}Events>({\n`;
  out += `  tagName: '${e.tag}',\n  displayName: '${e.className}',\n`;
  out += `  properties: ${JSON.stringify(e.properties)},\n`;
  out += `  events: ${e.className}Events,\n  load: () => import('${from}'),\n});\n`;
  return out;
}

/**
 * The one shared module: every event's detail type by its name, for all the wrappers (an event's detail
 * is declared once, src/events/, so one name has one detail whichever element sends it).
 */
function eventDetails(elements) {
  const details = new Map();
  for (const e of elements)
    for (const ev of e.events) {
      const known = details.get(ev.name);
      if (known && known.detail !== ev.detail)
        throw new Error(
          `event ${ev.name}: detail ${known.detail} on <${known.tag}>, ${ev.detail} on <${e.tag}>`,
        );
      details.set(ev.name, { detail: ev.detail, tag: e.tag });
    }
  const names = [...details.keys()].sort();
  let out = HEADER;
  out += `import type * as Details from '../index.js';\n\n`;
  out += "/** Every room element event's `detail` type, by the event's name (see `eventsOf`). */\n";
  out += 'export interface EventDetails {\n';
  for (const name of names) out += `  '${name}': Details.${details.get(name).detail};\n`;
  out += '}\n';
  return out;
}

function index(elements) {
  let out = `'use client';\n${HEADER}`;
  out += "// Every wrapper: each loads its element's code (a lazy chunk) when it first renders, so a page\n";
  out += '// downloads only the elements it shows, whichever entry it imports from.\n';
  for (const e of elements) out += `export { ${e.className}, ${e.className}Events } from './${e.tag}.js';\n`;
  out += `export type { ElementEvent } from './element-event.js';\n`;
  return out;
}

/** The files to write, by path, formatted as the repository's prettier config says. */
export async function reactFiles(manifest) {
  const elements = elementsOf(manifest);
  const raw = new Map(elements.map((e) => [`${OUT}/${e.tag}.ts`, wrapper(e)]));
  raw.set(`${OUT}/index.ts`, index(elements));
  raw.set(`${OUT}/event-details.ts`, eventDetails(elements));
  const files = new Map();
  for (const [path, text] of raw) {
    const options = (await prettier.resolveConfig(path)) ?? {};
    files.set(path, await prettier.format(text, { ...options, filepath: path }));
  }
  return files;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const files = await reactFiles(JSON.parse(readFileSync('custom-elements.json', 'utf8')));
  const check = process.argv.includes('--check');
  const stale = [...files].filter(([path, text]) => !existsSync(path) || readFileSync(path, 'utf8') !== text);
  if (check) {
    for (const [path] of stale) console.error(`stale: ${path} (run npm run analyze)`);
    process.exit(stale.length ? 1 : 0);
  }
  mkdirSync(OUT, { recursive: true });
  for (const [path, text] of stale) writeFileSync(path, text);
}
