import { posix } from 'node:path';
import { parseAst } from 'rolldown/parseAst';
import type { Plugin } from 'vite';
import { walk, type Node } from './ast-walk.ts';
import { minifyAgain } from './minify-again.ts';

/**
 * The render worker in stages (issue 33, CONTRIBUTING.md "The render worker's stages"): its first stage
 * (src/three/worker/render-worker.ts and what it imports statically) draws the first frame; what it
 * imports with `import()` (the features' scene side, exportLook, the furniture mesh loader...) is built
 * into later stages that the worker loads when first used.
 *
 * Page bundlers copy a package's worker as ONE renamed file and leave its chunks behind (Vite, webpack,
 * Turbopack), and a chunk that imports its worker by file name would load a second copy of three.js
 * anyway. So the worker's chunks are made self-contained here, after rolldown split them:
 * - a chunk's `import … from './x.js'` becomes `const {…} = await __roomStages.load('x.js')`, and its
 *   `export {…}` a `__roomStages.define('<its name>', {…})`: the first stage hands three.js and the
 *   shared code to the later ones through that worker-global registry (src/three/worker/stages.ts);
 * - `import('./x.js')` becomes `__roomStages.load('x.js')`: the worker imports that stage from the URL
 *   the page gave it (each stage by name);
 * - the page finds each stage with `new URL('…/x.js', import.meta.url)` (src/three/worker/stage-urls.ts,
 *   written here), the pattern every bundler copies as an asset and the CDN pins in its import map.
 */
interface Stages {
  /** The later stages' file names (as the worker build wrote them, under assets/). */
  files: string[];
}

const WORKER_ENTRY = /[\\/]src[\\/]three[\\/]worker[\\/]render-worker\.ts$/;
const STAGE_URLS = /[\\/]src[\\/]three[\\/]worker[\\/]stage-urls\.ts$/;
const PLACEHOLDER = '__roomStageUrl';

function literal(node: Node | null | undefined): string | undefined {
  if (!node) return undefined;
  if (node.type === 'Literal' && typeof node.value === 'string') return node.value;
  const quasis = node.quasis as { value: { cooked: string } }[] | undefined;
  if (node.type === 'TemplateLiteral' && quasis?.length === 1) return quasis[0]!.value.cooked;
  return undefined;
}

/** A property key as written in an object or a destructuring pattern. */
const key = (name: string): string => (/^[A-Za-z_$][\w$]*$/.test(name) ? name : JSON.stringify(name));

const nameOf = (node: unknown): string => {
  const n = node as { type: string; name?: string; value?: string };
  return n.type === 'Identifier' ? n.name! : String(n.value);
};

/** A chunk of the worker build taken apart: what it imports (by file name), its code, what it exports. */
interface Parts {
  imports: { from: string; names: string[] }[];
  code: string;
  /** Exported name to local name. */
  exports: Map<string, string>;
}

/**
 * A chunk of the worker build without its static imports and exports (`imports`, `exports`), its
 * `import('./x.js')` turned into `__roomStages.load('x.js')`.
 */
function takeApart(code: string, fail: (why: string) => never): Parts {
  const program = parseAst(code);
  const edits: { start: number; end: number; text: string }[] = [];
  const imports: Parts['imports'] = [];
  const exports = new Map<string, string>();
  for (const statement of program.body as unknown as Node[]) {
    if (statement.type === 'ImportDeclaration') {
      const from = posix.basename(
        literal(statement.source as Node) ?? fail('an import without a literal source'),
      );
      const specifiers = statement.specifiers as { type: string; imported?: unknown; local: unknown }[];
      const names = specifiers.map((s) => {
        if (s.type === 'ImportSpecifier') return `${key(nameOf(s.imported))}:${nameOf(s.local)}`;
        if (s.type === 'ImportDefaultSpecifier') return `default:${nameOf(s.local)}`;
        return fail(`a namespace import of ${from} (the registry hands out named bindings only)`);
      });
      imports.push({ from, names });
      edits.push({ start: statement.start, end: statement.end, text: '' });
    } else if (statement.type === 'ExportNamedDeclaration') {
      if (statement.declaration || statement.source) fail('an export form the stages do not carry');
      for (const s of statement.specifiers as { local: unknown; exported: unknown }[])
        exports.set(nameOf(s.exported), nameOf(s.local));
      edits.push({ start: statement.start, end: statement.end, text: '' });
    } else if (statement.type === 'ExportDefaultDeclaration' || statement.type === 'ExportAllDeclaration') {
      fail('an export form the stages do not carry');
    }
  }
  for (const node of walk(program.body)) {
    if (node.type !== 'ImportExpression') continue;
    const source = literal(node.source as Node);
    // the registry's own import() of a stage's URL: left as it is
    if (source === undefined) continue;
    edits.push({
      start: node.start,
      end: node.end,
      text: `__roomStages.load(${JSON.stringify(posix.basename(source))})`,
    });
  }
  assertNotReassigned(program.body as unknown as Node[], [...exports.values()], fail);
  edits.sort((a, b) => b.start - a.start);
  let out = code;
  for (const edit of edits) out = out.slice(0, edit.start) + edit.text + out.slice(edit.end);
  return { imports, code: out.trim(), exports };
}

/** `{a, "b": c}`: an object of a chunk's exports. */
const exportObject = (exports: Map<string, string>): string =>
  `{${[...exports].map(([as, local]) => (as === local ? as : `${key(as)}:${local}`)).join(',')}}`;

/** A later stage: a module that takes what it imports from the registry, then hands on its exports. */
function laterStage(name: string, parts: Parts): string {
  const loads = parts.imports.map(
    ({ from, names }) => `const{${names.join(',')}}=await __roomStages.load(${JSON.stringify(from)});`,
  );
  return `${loads.join('')}${parts.code}\n__roomStages.define(${JSON.stringify(name)},${exportObject(parts.exports)});\n`;
}

/**
 * The first stage, one file: the worker's entry with the chunks it imports statically (rolldown puts
 * three.js's core, which the later stages use too, in a chunk of its own) in front of it, each in a
 * function of its own (their names stay apart) whose result the next ones take their imports from;
 * every chunk's exports are handed to the registry once the entry ran (its stages.ts made it).
 */
function firstStage(
  entry: { name: string; parts: Parts },
  inlined: { name: string; parts: Parts }[],
  fail: (why: string) => never,
): string {
  const local = new Map(inlined.map(({ name }, i) => [name, `__roomStage${i}`]));
  const take = (imports: Parts['imports']): string =>
    imports
      .map(
        ({ from, names }) =>
          `const{${names.join(',')}}=${local.get(from) ?? fail(`${from} is not in the first stage`)};`,
      )
      .join('');
  const blocks = inlined.map(
    ({ name, parts }) =>
      `const ${local.get(name)}=(()=>{${take(parts.imports)}${parts.code}\nreturn ${exportObject(parts.exports)}})();\n`,
  );
  const defines = [
    ...inlined.map(({ name }) => `__roomStages.define(${JSON.stringify(name)},${local.get(name)});`),
    `__roomStages.define(${JSON.stringify(entry.name)},${exportObject(entry.parts.exports)});`,
  ];
  return `${blocks.join('')}${take(entry.parts.imports)}${entry.parts.code}\n${defines.join('')}\n`;
}

/**
 * The registry hands a later stage the first stage's bindings as they are when the stage loads (a
 * value, not a live binding): a shared `let` that the first stage assigns again later would be read
 * stale, so the build refuses one.
 */
function assertNotReassigned(body: Node[], shared: string[], fail: (why: string) => never): void {
  const names = new Set(shared);
  const mutable = new Set<string>();
  for (const statement of body) {
    if (statement.type !== 'VariableDeclaration' || statement.kind === 'const') continue;
    for (const d of statement.declarations as { id: Node }[])
      if (d.id.type === 'Identifier' && names.has(nameOf(d.id))) mutable.add(nameOf(d.id));
  }
  if (!mutable.size) return;
  for (const node of walk(body)) {
    const target =
      node.type === 'AssignmentExpression'
        ? (node.left as Node)
        : node.type === 'UpdateExpression'
          ? (node.argument as Node)
          : undefined;
    if (target?.type === 'Identifier' && mutable.has(nameOf(target)))
      fail(`the first stage assigns ${nameOf(target)} again, which a later stage reads (a snapshot)`);
  }
}

/** The two plugins of one build (vite.lib.config.ts, vite.cdn.config.ts): the worker's and the page's. */
export function renderStages(): { worker: () => Plugin; page: Plugin } {
  const stages: Stages = { files: [] };
  const worker = (): Plugin => ({
    name: 'room-elements:render-stages',
    async generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
      const entry = chunks.find((chunk) => chunk.isEntry && WORKER_ENTRY.test(chunk.facadeModuleId ?? ''));
      // the model and mesh-decoding workers are left as they are
      if (!entry) return;
      const fail = (why: string): never => this.error(`render worker stages: ${why}`);
      const byName = new Map(chunks.map((chunk) => [posix.basename(chunk.fileName), chunk]));
      const apart = new Map(chunks.map((chunk) => [chunk, takeApart(chunk.code, fail)]));
      // the first stage: the entry and what it imports statically, dependencies first
      const first: typeof chunks = [];
      const visit = (chunk: (typeof chunks)[number], path: Set<unknown>): void => {
        if (first.includes(chunk)) return;
        if (path.has(chunk)) fail(`a circle of static imports through ${chunk.fileName}`);
        for (const { from } of apart.get(chunk)!.imports)
          visit(
            byName.get(from) ?? fail(`${chunk.fileName} imports ${from}, which the build did not write`),
            new Set([...path, chunk]),
          );
        first.push(chunk);
      };
      visit(entry, new Set());
      entry.code = firstStage(
        { name: posix.basename(entry.fileName), parts: apart.get(entry)! },
        first
          .filter((chunk) => chunk !== entry)
          .map((chunk) => ({ name: posix.basename(chunk.fileName), parts: apart.get(chunk)! })),
        fail,
      );
      stages.files = [];
      for (const chunk of chunks) {
        if (chunk === entry) continue;
        // in the first stage now: not written
        if (first.includes(chunk)) delete bundle[chunk.fileName];
        else {
          chunk.code = laterStage(posix.basename(chunk.fileName), apart.get(chunk)!);
          stages.files.push(chunk.fileName);
        }
      }
      // each stage as a whole through terser too (scripts/minify-again.ts): the first stage is put together
      // here from chunks Oxc minified one by one (about 1.1 KB gzip less before a viewer's first frame)
      for (const chunk of [entry, ...chunks.filter((chunk) => stages.files.includes(chunk.fileName))])
        chunk.code = (await minifyAgain(chunk.code, (why) => fail(`${chunk.fileName}: ${why}`))).code;
    },
  });
  const page: Plugin = {
    name: 'room-elements:render-stage-urls',
    load(id) {
      if (!STAGE_URLS.test(id)) return null;
      // worker-view.ts, the only importer, started the worker's build in its own transform
      if (!stages.files.length)
        this.error('render worker stages: the worker was not built before its stages were named');
      const entries = stages.files.map((file) => {
        const name = posix.basename(file);
        return `${JSON.stringify(name)}: ${PLACEHOLDER}(${JSON.stringify(file)})`;
      });
      return `export const RENDER_STAGES = {${entries.join(', ')}};\n`;
    },
    renderChunk(code, chunk) {
      if (!code.includes(PLACEHOLDER)) return null;
      const from = posix.dirname(chunk.fileName);
      const out = code.replace(
        new RegExp(`${PLACEHOLDER}\\((["'\`])([^"'\`]+)\\1\\)`, 'g'),
        (_, _quote: string, file: string) => {
          const relative = posix.relative(from, file);
          return `new URL(${JSON.stringify(relative.startsWith('.') ? relative : `./${relative}`)}, import.meta.url)`;
        },
      );
      if (out.includes(PLACEHOLDER)) this.error(`${chunk.fileName}: a render stage's URL in an unknown form`);
      return { code: out, map: null };
    },
  };
  return { worker, page };
}
