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
  const details = [...new Set(e.events.map((ev) => ev.detail))].sort();
  const from = `../${e.path.replace(/^src\//, '').replace(/\.ts$/, '.js')}`;
  let out = `'use client';\n${HEADER}`;
  out += `import * as React from 'react';\n`;
  out += `import { createComponent, type EventName } from '@lit/react';\n`;
  out += `import type { ElementEvent } from './element-event.js';\n`;
  out += `import { ${e.className} as ${e.className}Element } from '${from}';\n`;
  if (details.length) out += `import type { ${details.join(', ')} } from '../index.js';\n`;
  out += `\n/** \`<${e.tag}>\`'s events as React props, each with its typed \`detail\`. */\n`;
  out += `export const ${e.className}Events = {\n`;
  for (const ev of e.events) {
    if (ev.description) out += `  /** ${ev.description} */\n`;
    out += `  ${ev.prop}: '${ev.name}' as EventName<ElementEvent<${e.className}Element, ${ev.detail}>>,\n`;
  }
  out += '} as const;\n\n';
  out += `/**\n * \`<${e.tag}>\` for React${e.summary ? `: ${e.summary}` : ''}\n`;
  out += ` *\n * Properties (\`model\`, objects, functions) and \`on…\` handlers are set on the element after every\n`;
  out += ` * render, hydration included; attributes (\`room-id\`...) are rendered as React renders them.\n */\n`;
  out += `export const ${e.className} = createComponent({\n`;
  out += `  tagName: '${e.tag}',\n  elementClass: ${e.className}Element,\n  react: React,\n`;
  out += `  events: ${e.className}Events,\n  displayName: '${e.className}',\n});\n`;
  return out;
}

function index(elements) {
  let out = `'use client';\n${HEADER}`;
  out += '// Every element at once: a page that shows one imports room-elements/react/<tag>.js instead,\n';
  out += "// as each wrapper registers its element (and so downloads that element's code).\n";
  for (const e of elements) out += `export { ${e.className}, ${e.className}Events } from './${e.tag}.js';\n`;
  out += `export type { ElementEvent } from './element-event.js';\n`;
  return out;
}

/** The files to write, by path, formatted as the repository's prettier config says. */
export async function reactFiles(manifest) {
  const elements = elementsOf(manifest);
  const raw = new Map(elements.map((e) => [`${OUT}/${e.tag}.ts`, wrapper(e)]));
  raw.set(`${OUT}/index.ts`, index(elements));
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
