// npm run build: declarations, the npm build (dist/) and the CDN build (dist/cdn/), then guards:
// against the Vite 8 trap of raw decorators reaching the output (see NOTES-toolchain §7), and for
// the CDN loader's size (every page that has the script tag pays it, elements or not).
import { execFileSync } from 'node:child_process';
import { copyFileSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const run = (cmd, args) => execFileSync(cmd, args, { stdio: 'inherit' });
rmSync('dist', { recursive: true, force: true });
run('node', ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.build.json']);
// the server entries' declarations (room-elements/partner): their own root, as they import src/ too
run('node', ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.partner.json']);
run('node', ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn', '-c', 'vite.lib.config.ts']);
// The render worker bundles its own three.js (and, lazily, three's KTX2 and meshopt decoders): their maps
// (3.5 MB, three's sources) would double the package for files a page's bundler copies as they are and
// no one debugs through (three's own maps are the ones to read). Vite writes a worker's maps as the
// build's, so they are removed here, with the comment that points at them.
for (const name of readdirSync('dist/assets')) {
  if (!/^(render-worker|KTX2Loader|meshopt_decoder)[\w.-]*\.js$/.test(name)) continue;
  const file = join('dist/assets', name);
  writeFileSync(file, readFileSync(file, 'utf8').replace(/\n\/\/# sourceMappingURL=\S+\s*$/, '\n'));
  rmSync(`${file}.map`, { force: true });
}
run('node', ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn', '-c', 'vite.cdn.config.ts']);
run('node', ['scripts/framework-types.mjs']);
// room-elements/loader.css for npm pages (the CDN loader carries the same rules itself)
copyFileSync('src/loader.css', 'dist/loader.css');
// …and its declaration, so `import 'room-elements/loader.css'` resolves for TypeScript (TS 5.6+ with
// bundler or node16 resolution wants one: ts(2882)) and for `attw --profile esm-only`
writeFileSync(
  'dist/loader.css.d.ts',
  '// room-elements/loader.css: a stylesheet, imported for its rules; it exports nothing.\nexport {};\n',
);

const RAW_DECORATOR = /(^|[\s=(,;{}])@[A-Za-z_$][\w$.]*(\(|\s+(accessor|class|static|get|set|async)\s)/m;
const files = (dir) =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : path.endsWith('.js') ? [path] : [];
  });
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
