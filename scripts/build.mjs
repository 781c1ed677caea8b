// npm run build: declarations, the npm build (dist/) and the CDN build (dist/cdn/), then a guard
// against the Vite 8 trap of raw decorators reaching the output (see NOTES-toolchain §7).
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';

const run = (cmd, args) => execFileSync(cmd, args, { stdio: 'inherit' });
rmSync('dist', { recursive: true, force: true });
run('node', ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.build.json']);
run('node', ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn', '-c', 'vite.lib.config.ts']);
run('node', ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn', '-c', 'vite.cdn.config.ts']);
run('node', ['scripts/jsx-types.mjs']);

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
console.log('build: dist/ and dist/cdn/ written');
