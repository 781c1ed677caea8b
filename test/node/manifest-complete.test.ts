import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';

/**
 * custom-elements.json must hold the whole public API of every element, what its feature mixins and
 * controllers add included: editors, docs/contract.md and the framework types (room-elements/jsx, /vue,
 * /svelte, /angular) are made from it, so whatever it lacks is invisible to a page's tools.
 *
 * The source of truth is the source itself: every file an element's module reaches through its imports
 * (static or lazy, within src/ but not into another element's folder) is scanned for the events it
 * dispatches, the parts its templates name, the element's own custom properties its styles read and the
 * custom states it sets. Each must be in the element's manifest entry. (The attributes and properties
 * Lit really observes are checked in Chromium: test/browser/manifest-complete.test.ts.)
 */

interface Named {
  name: string;
  type?: { text: string };
  description?: string;
}
interface Declaration {
  name: string;
  tagName?: string;
  customElement?: boolean;
  attributes?: Named[];
  members?: (Named & { kind: string; privacy?: string; static?: boolean })[];
  events?: Named[];
  slots?: Named[];
  cssParts?: Named[];
  cssProperties?: Named[];
  cssStates?: Named[];
}
interface Manifest {
  modules: { path: string; declarations?: Declaration[] }[];
}

const manifest = JSON.parse(readFileSync('custom-elements.json', 'utf8')) as Manifest;
const elements = manifest.modules.flatMap((m) =>
  (m.declarations ?? [])
    .filter((d) => d.customElement && d.tagName)
    .map((d) => ({ module: m.path, declaration: d, tag: d.tagName as string })),
);

/** The .ts files `entry` reaches through relative imports, static and dynamic, not entering `fence`s. */
function reachable(entry: string, fences: string[]): string[] {
  const seen = new Set<string>();
  const queue = [entry];
  while (queue.length) {
    const file = queue.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    const text = readFileSync(file, 'utf8');
    for (const [, spec] of text.matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)) {
      const target = normalize(join(dirname(file), spec.replace(/\.js$/, '.ts')));
      if (!target.endsWith('.ts') || !existsSync(target)) continue;
      if (fences.some((fence) => target.startsWith(fence))) continue;
      queue.push(target);
    }
  }
  return [...seen];
}

const names = (list: Named[] | undefined) => new Set((list ?? []).map((x) => x.name));

function sourceOf(tag: string, module: string): string {
  const folder = dirname(module);
  const fences = elements.map((e) => dirname(e.module) + '/').filter((f) => f !== folder + '/');
  return reachable(module, fences)
    .map((file) => readFileSync(file, 'utf8'))
    .join('\n');
}

describe('custom-elements.json holds every public thing (run `npm run analyze` when this fails)', () => {
  it('lists the six elements', () => {
    assert.deepEqual(elements.map((e) => e.tag).sort(), [
      'project-export-button',
      'room-gallery',
      'room-panorama',
      'room-plan',
      'room-tour',
      'room-viewer',
    ]);
  });

  for (const { tag, module, declaration } of elements) {
    const source = sourceOf(tag, module);

    it(`<${tag}>: every event it dispatches, with its detail type`, () => {
      const fired = new Set(
        [...source.matchAll(/(?:emit\(|new CustomEvent(?:<[^>]*>)?\()\s*'([a-z][a-z-]*)'/g)].map((m) => m[1]),
      );
      assert.ok(fired.size > 0, 'found no event in the source: the scan is broken');
      const declared = names(declaration.events);
      assert.deepEqual(
        [...fired].filter((name) => !declared.has(name)),
        [],
        'events dispatched but missing from the manifest',
      );
      for (const event of declaration.events ?? []) {
        assert.match(
          event.type?.text ?? '',
          /^CustomEvent<\w+>$/,
          `event ${event.name} has no detail type (write @fires {CustomEvent<Detail>} ${event.name})`,
        );
        assert.ok(event.description, `event ${event.name} has no description`);
        // the detail type is one the package exports (src/events/)
        const detail = /^CustomEvent<(\w+)>$/.exec(event.type?.text ?? '')?.[1] ?? '';
        const file = `src/events/${event.name}.ts`;
        assert.ok(existsSync(file), `${file} does not declare ${event.name}`);
        assert.match(
          readFileSync(file, 'utf8'),
          new RegExp(`\\b${detail}\\b`),
          `${file} does not name ${detail}`,
        );
      }
    });

    it(`<${tag}>: every part its templates name`, () => {
      const parts = new Set<string>();
      for (const [, list] of source.matchAll(/\spart="([^"$]+)"/g))
        list.split(/\s+/).forEach((p) => parts.add(p));
      // part=${cond ? 'a b' : 'c'}: the quoted words inside the expression
      for (const [, expression] of source.matchAll(/\spart=\$\{([^}]*)\}/g)) {
        for (const [, words] of expression.matchAll(/'([a-z][a-z -]*)'/g))
          words.split(/\s+/).forEach((p) => parts.add(p));
      }
      assert.ok(parts.size > 0, 'found no part in the source: the scan is broken');
      const declared = names(declaration.cssParts);
      assert.deepEqual(
        [...parts].filter((part) => part && !declared.has(part)).sort(),
        [],
        'parts in templates but missing from the manifest (@csspart)',
      );
    });

    it(`<${tag}>: every --${tag}-* custom property its styles read`, () => {
      const used = new Set(
        [...source.matchAll(new RegExp(`var\\(\\s*(--${tag}-[a-z0-9-]+)`, 'g'))].map((m) => m[1]),
      );
      assert.ok(used.size > 0, 'found no custom property in the source: the scan is broken');
      const declared = names(declaration.cssProperties);
      assert.deepEqual(
        [...used].filter((prop) => !declared.has(prop)).sort(),
        [],
        'custom properties read but missing from the manifest (@cssprop)',
      );
    });

    it(`<${tag}>: every custom state it sets`, () => {
      const states = new Set<string>();
      for (const [, name] of source.matchAll(/(?:setState|toggleState)\(\s*'([a-z-]+)'/g)) states.add(name);
      for (const [, list] of source.matchAll(/\b(?:STATES|STATUSES)\s*=\s*\[([^\]]*)\]/g)) {
        for (const [, name] of list.matchAll(/'([a-z-]+)'/g)) states.add(name);
      }
      assert.ok(states.size > 0, 'found no state in the source: the scan is broken');
      const declared = names(declaration.cssStates);
      assert.deepEqual(
        [...states].filter((state) => !declared.has(state)).sort(),
        [],
        'states set but missing from the manifest (@cssstate)',
      );
    });

    it(`<${tag}>: every named slot its templates render`, () => {
      const slots = new Set([...source.matchAll(/<slot\s+name="([^"]+)"/g)].map((m) => m[1]));
      if (/<slot(?:\s*>|\s+(?!name=)[a-z])/.test(source)) slots.add('');
      const declared = names(declaration.slots);
      assert.deepEqual(
        [...slots].filter((slot) => !declared.has(slot)),
        [],
        'slots rendered but missing from the manifest (@slot)',
      );
    });

    it(`<${tag}>: every public method it has, with a description`, () => {
      const methods = (declaration.members ?? []).filter(
        (m) =>
          m.kind === 'method' && (m.privacy ?? 'public') === 'public' && !m.static && !m.name.startsWith('#'),
      );
      for (const method of methods) assert.ok(method.description, `${method.name}() has no description`);
    });
  }
});
