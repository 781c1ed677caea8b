// npm run build: declarations, the npm build (dist/) and the CDN build (dist/cdn/), then guards:
// against the Vite 8 trap of raw decorators reaching the output (see NOTES-toolchain §7), and for
// the CDN loader's size (every page that has the script tag pays it, elements or not).
import { execFileSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { gzipSync } from 'node:zlib';

const run = (cmd, args) => execFileSync(cmd, args, { stdio: 'inherit' });
rmSync('dist', { recursive: true, force: true });
run('node', ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.build.json']);
// the server entries' declarations (room-elements/partner): their own root, as they import src/ too
run('node', ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.partner.json']);
run('node', ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn', '-c', 'vite.lib.config.ts']);
// The workers (render, mesh decoding, model) bundle what they run, the first two their own three.js (and,
// lazily, three's KTX2 and meshopt decoders): their maps (3.5 MB, three's sources) would double the
// package for files a page's bundler copies as they are and no one debugs through (three's own maps
// are the ones to read). Vite writes a worker's maps as the build's, so they are removed here, with
// the comment that points at them.
const withoutMapComment = (text) => `${text.replace(/\n\/\/# sourceMappingURL=\S+\s*$/, '').trimEnd()}\n`;
for (const name of readdirSync('dist/assets')) {
  if (!name.endsWith('.js')) continue;
  const file = join('dist/assets', name);
  writeFileSync(file, withoutMapComment(readFileSync(file, 'utf8')));
  rmSync(`${file}.map`, { force: true });
}
run('node', ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn', '-c', 'vite.cdn.config.ts']);
// Shipped once (issue 35: the render worker was in the package twice): a worker file (or its chunk) the
// CDN build made byte for byte as well is kept in dist/cdn/assets/ only, and the npm build's modules
// start it from there (`new URL('../cdn/assets/…', import.meta.url)`, which a page's bundler follows
// as it followed `../assets/…`). The CDN folder stays whole for those who host it alone.
const moved = [];
for (const name of readdirSync('dist/assets')) {
  const twin = join('dist/cdn/assets', name);
  if (!name.endsWith('.js') || !existsSync(twin)) continue;
  const ours = readFileSync(join('dist/assets', name), 'utf8');
  if (ours !== withoutMapComment(readFileSync(twin, 'utf8'))) continue;
  // the CDN's bytes stay as they are: dist/cdn/integrity.json pins them
  rmSync(join('dist/assets', name));
  moved.push(name);
}
if (moved.length) {
  const names = moved.map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|');
  const fromOutside = new RegExp(`(["'\`])(\\.\\.?/)assets/(${names})`, 'g');
  const fromInside = new RegExp(`(["'\`])\\./(${names})`, 'g');
  for (const file of jsFiles('dist', ['cdn'])) {
    const text = readFileSync(file, 'utf8');
    const inAssets = file.startsWith(join('dist', 'assets'));
    const next = inAssets
      ? text.replace(fromInside, '$1../cdn/assets/$2')
      : text.replace(fromOutside, '$1$2cdn/assets/$3');
    if (next !== text) writeFileSync(file, next);
  }
  if (!readdirSync('dist/assets').length) rmSync('dist/assets', { recursive: true });
}
// The npm build is compressed (vite.lib.config.ts), and its printer writes a worker's URL as a template
// literal; webpack and Turbopack find a worker only by `new URL("…", import.meta.url)` with a plain string
for (const file of jsFiles('dist', ['cdn'])) {
  const text = readFileSync(file, 'utf8');
  const next = text.replace(
    /new URL\(`([^`$\\"]*)`,\s*import\.meta\.url\)/g,
    'new URL("$1", import.meta.url)',
  );
  if (next !== text) writeFileSync(file, next);
}
// the Basis transcoder (for KTX2 textures), once, as its own files: configure({ basisTranscoderPath })
// names this folder (or any other copy); scripts/transcoder-by-url.ts keeps it out of the chunks
mkdirSync('dist/basis', { recursive: true });
for (const name of ['basis_transcoder.js', 'basis_transcoder.wasm'])
  copyFileSync(`node_modules/three/examples/jsm/libs/basis/${name}`, `dist/basis/${name}`);
run('node', ['scripts/framework-types.mjs']);
pruneDeclarations();
// A language table is the same bytes in both builds (no imports, minified alike): the npm file re-exports
// the CDN's chunk instead of shipping it twice (test/node/package-tarball.test.ts)
{
  const cdnChunks = readdirSync('dist/cdn/chunks').filter((f) => f.endsWith('.js'));
  for (const file of readdirSync('dist/i18n').filter((f) => f.endsWith('.js'))) {
    const bytes = readFileSync(`dist/i18n/${file}`, 'utf8');
    const twin = cdnChunks.find((c) => readFileSync(`dist/cdn/chunks/${c}`, 'utf8') === bytes);
    if (twin) writeFileSync(`dist/i18n/${file}`, `export { default } from '../cdn/chunks/${twin}';\n`);
  }
}
// the manifest the package ships (package.json `customElements`): the committed one, without its
// indentation (a sixth of the tarball packed otherwise; the repository keeps the readable file)
writeFileSync(
  'dist/custom-elements.json',
  JSON.stringify(JSON.parse(readFileSync('custom-elements.json', 'utf8'))),
);
// room-elements/loader.css for npm pages (the CDN loader carries the same rules itself)
copyFileSync('src/loader.css', 'dist/loader.css');
// …and its declaration, so `import 'room-elements/loader.css'` resolves for TypeScript (TS 5.6+ with
// bundler or node16 resolution wants one: ts(2882)) and for `attw --profile esm-only`
writeFileSync(
  'dist/loader.css.d.ts',
  '// room-elements/loader.css: a stylesheet, imported for its rules; it exports nothing.\nexport {};\n',
);

/**
 * The declarations shipped once and only those a package entry reaches (issue 35: the tarball):
 * tsc writes one .d.ts per source file, internals included, and the server entries' tsconfig writes a
 * second copy of every src/ file they import. A declaration no entry's types reach (through `from`,
 * `import()` or a side-effect import) cannot be named by a user (package.json `exports` allows no deep
 * path) and is removed; a server copy identical to its dist/types twin becomes a re-export of it.
 */
function pruneDeclarations() {
  const pkg = JSON.parse(readFileSync('package.json', 'utf8'));
  const entries = Object.values(pkg.exports).flatMap((target) =>
    typeof target === 'object' && target.types ? [normalize(target.types)] : [],
  );
  const reached = new Set();
  const todo = [...entries];
  while (todo.length) {
    const file = todo.pop();
    if (reached.has(file) || !existsSync(file)) continue;
    reached.add(file);
    const text = readFileSync(file, 'utf8');
    for (const [, specifier] of text.matchAll(/(?:\bfrom|\bimport)\s*\(?\s*["'](\.{1,2}\/[^"']+)["']/g)) {
      // `./x.js`, and `./x.ts` as the server entries' declarations keep their sources' specifiers
      const target = normalize(join(dirname(file), specifier)).replace(/\.[jt]s$/, '');
      todo.push(`${target}.d.ts`, join(target, 'index.d.ts'));
    }
  }
  for (const file of [...files('dist/types', '.d.ts'), ...files('dist/types-server', '.d.ts')])
    if (!reached.has(file)) rmSync(file);
  for (const file of files('dist/types-server/src', '.d.ts')) {
    const twin = join('dist/types', relative('dist/types-server/src', file));
    const text = readFileSync(file, 'utf8');
    if (!existsSync(twin) || readFileSync(twin, 'utf8') !== text || /\bexport default\b/.test(text)) continue;
    writeFileSync(file, `export * from '${relative(dirname(file), twin).replace(/\.d\.ts$/, '.js')}';\n`);
  }
}

/** The .js files under `dir`, but for its subfolders named in `skip`. */
function jsFiles(dir, skip = []) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return skip.includes(name) ? [] : jsFiles(path);
    return path.endsWith('.js') ? [path] : [];
  });
}

const RAW_DECORATOR = /(^|[\s=(,;{}])@[A-Za-z_$][\w$.]*(\(|\s+(accessor|class|static|get|set|async)\s)/m;
/** The files under `dir` (if it exists) whose name ends in `ending`. */
function files(dir, ending = '.js') {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path, ending) : path.endsWith(ending) ? [path] : [];
  });
}
const bad = files('dist').filter((file) => {
  const text = readFileSync(file, 'utf8');
  // PSV's CSS licence comment ("@licence MIT (") is not a decorator
  return RAW_DECORATOR.test(text.replace(/@licen[cs]e MIT \(/g, ''));
});
if (bad.length) {
  console.error(`build: raw decorators left in ${bad.join(', ')}`);
  process.exit(1);
}

// src/cdn/autoload.ts: the loader and the chunk chains, nothing an element needs (docs/cdn.md);
// its budget, with the first cards' (checked in Chromium by test/node/cdn-budgets.test.ts), is in
// scripts/cdn/budgets.json
const budget = JSON.parse(readFileSync('scripts/cdn/budgets.json', 'utf8')).loader;
const loader = gzipSync(readFileSync(`dist/cdn/${budget.file}`), { level: 9 }).length;
if (loader > budget.bytes) {
  console.error(`build: dist/cdn/${budget.file} is ${loader} B gzip, over its ${budget.bytes} B budget`);
  process.exit(1);
}
console.log(`build: dist/ and dist/cdn/ written (CDN loader ${loader} B gzip)`);
