import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { parseAst } from 'rolldown/parseAst';
import type { Plugin } from 'vite';
import { namesIn, type Node } from './core.ts';
import { laterMethodTexts } from './methods.ts';
import type { Fail } from './text.ts';

/**
 * three.js classes that only the render worker's LATER stages use (issue 33): rolldown puts every part
 * of three.core.js that any stage uses into the one chunk the stages share, which is the first stage,
 * so GLTFExporter's PropertyBinding and ImageUtils, the selection outline's lines and the mesh stage's
 * CompressedTexture were fetched before the first frame (about 2 KB gzip). In the worker builds an
 * `import { … } from 'three'` of one of these takes it from a module of its own instead
 * (`\0room-three-later`: the classes' own text, their private helpers copied, every other name
 * imported from three.core.js), which only the stages that use them import. The copy is three's class as
 * three wrote it (after the core trims), over the same three.core.js (the same Object3D, Vector3…);
 * nothing else in the worker makes one of these.
 */
export const LATER_CLASSES = [
  'PropertyBinding',
  'ImageUtils',
  'Line',
  'LineSegments',
  'LineBasicMaterial',
  'CompressedTexture',
  // OrbitControls' base class (still-controls.ts: the controls are a later stage, issue 33)
  'Controls',
  // picking and measuring (the features stage, issue 33)
  'Raycaster',
  // …and what only picking reaches: the ray, the triangle's arithmetic (Mesh.raycast, methods.ts)
  'Ray',
  'Triangle',
];

const LATER_ID = '\0room-three-later';
const require = createRequire(import.meta.url);

/**
 * The module of the classes above, made from three.core.js as the workers carry it (`core`), and of
 * the methods only later stages call (methods.ts LATER_METHODS, read from `withLater`, the same text
 * with them), put back on their classes' prototypes when the module loads.
 */
export function laterModule(core: string, coreId: string, fail: Fail, withLater = core): string {
  const body = parseAst(core).body as unknown as Node[];
  const declaredBy = new Map<string, Node>();
  for (const statement of body) {
    if (statement.type === 'ClassDeclaration' || statement.type === 'FunctionDeclaration')
      declaredBy.set((statement.id as Node).name as string, statement);
    else if (statement.type === 'VariableDeclaration')
      for (const d of statement.declarations as { id: Node }[])
        if (d.id.type === 'Identifier') declaredBy.set(d.id.name as string, statement);
  }
  const exported = new Set<string>();
  for (const statement of body)
    if (statement.type === 'ExportNamedDeclaration' && !statement.source)
      for (const s of statement.specifiers as { local: Node }[]) exported.add(s.local.name as string);
  // a top-level statement other than a declaration that names one of them would be left behind
  const declarations = [
    'ClassDeclaration',
    'FunctionDeclaration',
    'VariableDeclaration',
    'ExportNamedDeclaration',
  ];
  for (const statement of body) {
    if (declarations.includes(statement.type)) continue;
    const names = namesIn(statement);
    for (const name of LATER_CLASSES)
      if (names.has(name)) fail(`a statement of three.core.js outside ${name}'s declaration names it`);
  }
  const copied = new Set<Node>();
  const imported = new Set<string>();
  const todo = [...LATER_CLASSES];
  const reach = (names: Set<string>, from?: Node) => {
    for (const used of names) {
      if (!declaredBy.has(used) || declaredBy.get(used) === from) continue;
      if (exported.has(used) && !LATER_CLASSES.includes(used)) imported.add(used);
      else todo.push(used);
    }
  };
  const methods = laterMethodTexts(withLater, fail);
  for (const [className, texts] of methods) {
    imported.add(className);
    for (const { node } of texts) reach(namesIn(node));
  }
  while (todo.length) {
    const name = todo.pop()!;
    const statement = declaredBy.get(name) ?? fail(`three.core.js declares no ${name}`);
    if (copied.has(statement)) continue;
    copied.add(statement);
    reach(namesIn(statement), statement);
  }
  // a copy of a binding three assigns again is a second state: only if nothing left behind uses it
  const mutable = [...copied]
    .filter((s) => s.type === 'VariableDeclaration' && s.kind !== 'const')
    .flatMap((s) => (s.declarations as { id: Node }[]).map((d) => d.id.name as string));
  if (mutable.length)
    for (const other of body) {
      if (copied.has(other)) continue;
      const names = namesIn(other);
      const shared = mutable.find((n) => names.has(n));
      if (shared)
        fail(`the later module would copy three.core.js's \`let\` ${shared}, which its other code uses too`);
    }
  const text = body
    .filter((s) => copied.has(s))
    .map((s) => core.slice(s.start, s.end))
    .join('\n');
  const patches = [...methods].map(
    ([className, texts]) =>
      `__roomMethods( ${className}.prototype, { ${texts.map((t) => t.text).join(',\n')} } );`,
  );
  return (
    `import { ${[...imported].sort().join(', ')} } from ${JSON.stringify(coreId)};\n${text}\n` +
    // the methods as a class has them: not enumerable (scripts/worker-trims/methods.ts)
    'function __roomMethods( prototype, methods ) { for ( const name of Object.keys( methods ) ) ' +
    'Object.defineProperty( prototype, name, { value: methods[ name ], writable: true, configurable: true } ); }\n' +
    `${patches.join('\n')}\n` +
    `export { ${LATER_CLASSES.join(', ')} };\n`
  );
}

const THREE_IMPORT = /import\s*\{([^}]*)\}\s*from\s*(["'])three\2;?/g;

/** The workers' plugin: the classes above from their own module (after the core trims: `trimCore`). */
export function laterThree(
  trimCore: (code: string, fail: Fail, methods?: 'all' | 'keep-later') => string,
): Plugin {
  const coreId = require.resolve('three').replace(/three\.cjs$|three\.module\.js$/, 'three.core.js');
  return {
    name: 'room-elements:later-three',
    resolveId(source) {
      return source === LATER_ID ? LATER_ID : null;
    },
    load(id) {
      if (id !== LATER_ID) return null;
      const fail = (why: string): never =>
        this.error(`worker trims: ${why} (scripts/worker-trims/later-three.ts)`);
      const three = readFileSync(coreId, 'utf8');
      return laterModule(trimCore(three, fail), coreId, fail, trimCore(three, fail, 'keep-later'));
    },
    transform(code, id) {
      if (id === LATER_ID || /[\\/]three[\\/]build[\\/]/.test(id) || !code.includes('three')) return null;
      let changed = false;
      const out = code.replace(THREE_IMPORT, (whole, list: string, quote: string) => {
        const specifiers = list
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean);
        const later = specifiers.filter((s) => LATER_CLASSES.includes(s.split(/\s+as\s+/)[0]!));
        if (!later.length) return whole;
        changed = true;
        const rest = specifiers.filter((s) => !later.includes(s));
        const from = (names: string[], where: string) =>
          names.length ? `import { ${names.join(', ')} } from ${quote}${where}${quote};` : '';
        return `${from(rest, 'three')}${from(later, LATER_ID)}`;
      });
      return changed ? { code: out, map: null } : null;
    },
  };
}
