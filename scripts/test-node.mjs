// Node tests (node:test over real HTTP on 127.0.0.1), TypeScript through tsx.
// Usage: node scripts/test-node.mjs [file-or-folder ...]   (default: test/node)
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const collect = (path) =>
  statSync(path).isDirectory()
    ? readdirSync(path).flatMap((name) => collect(join(path, name)))
    : path.endsWith('.test.ts')
      ? [path]
      : [];
const files = (process.argv.slice(2).length ? process.argv.slice(2) : ['test/node']).flatMap(collect).sort();
const result = spawnSync(
  process.execPath,
  [
    '--import',
    'tsx',
    '--test',
    '--test-concurrency=1',
    '--test-reporter=spec',
    '--test-reporter-destination=stdout',
    '--test-reporter=./scripts/node-summary-reporter.mjs',
    '--test-reporter-destination=stdout',
    ...files,
  ],
  { stdio: 'inherit' },
);
process.exit(result.status ?? 1);
