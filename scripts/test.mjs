// npm test: every check, in the order that fails fastest. Each runner ends with its own plain line
// ("node: N passed, N failed", "wtr: N passed, N failed"); the last line sums up the steps.
import { spawnSync } from 'node:child_process';
import { findChromium, HOW_TO_GET_CHROMIUM } from './chromium.mjs';

const steps = [
  ['typecheck', ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.json', '--noEmit']],
  ['lint', ['node_modules/eslint/bin/eslint.js', '.']],
  ['format', ['node_modules/prettier/bin/prettier.cjs', '--check', '--log-level', 'warn', 'src/**/*.ts', 'server/**/*.ts']],
  ['build', ['scripts/build.mjs']],
  ['node tests', ['scripts/test-node.mjs']],
  ['browser tests', ['--import', 'tsx', 'node_modules/@web/test-runner/dist/bin.js', '--config', 'web-test-runner.config.mjs']],
];

if (!findChromium()) {
  console.error(HOW_TO_GET_CHROMIUM);
  process.exit(1);
}

const failed = [];
for (const [name, args] of steps) {
  const started = Date.now();
  console.log(`\n== ${name}`);
  const result = spawnSync(process.execPath, args, { stdio: 'inherit', env: { ...process.env, FORCE_COLOR: '0' } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    failed.push(name);
    console.log(`== ${name}: FAILED (${seconds} s)`);
    // later steps that need a build make no sense without one
    if (name === 'build') break;
  } else {
    console.log(`== ${name}: ok (${seconds} s)`);
  }
}
console.log(failed.length ? `\nnpm test: failed steps: ${failed.join(', ')}` : '\nnpm test: every step passed');
process.exit(failed.length ? 1 : 0);
