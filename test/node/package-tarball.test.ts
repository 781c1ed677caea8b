import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';

/**
 * The package as npm would publish it (`npm pack --dry-run --json`, after `npm run build`): at most
 * 1.5 MB packed (issue 35: it was 3.3 MB, 553 files), and no file shipped twice: the Basis transcoder
 * once, as its own .wasm and .js loaded by URL (not inlined as base64 into three chunks), each worker
 * once (the npm build starts the CDN folder's copy), each declaration once.
 */
const MAX_PACKED = 1_500_000;

interface Packed {
  size: number;
  unpackedSize: number;
  entryCount: number;
  files: { path: string; size: number }[];
}

function pack(): Packed {
  assert.ok(existsSync('dist/index.js'), 'dist/ is missing: run `npm run build` first (npm test does)');
  const out = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  return (JSON.parse(out) as Packed[])[0]!;
}

describe('the npm tarball', () => {
  const packed = pack();
  console.log(
    `npm pack: ${packed.size} B packed, ${packed.unpackedSize} B unpacked, ${packed.entryCount} files`,
  );

  it(`is at most ${MAX_PACKED} bytes packed`, () => {
    assert.ok(packed.size <= MAX_PACKED, `${packed.size} B packed (${packed.entryCount} files)`);
  });

  it('ships no file twice (the same bytes under two names)', () => {
    const byHash = new Map<string, string>();
    const twice: string[] = [];
    for (const file of packed.files) {
      const hash = createHash('sha256').update(readFileSync(file.path)).digest('hex');
      const first = byHash.get(hash);
      if (first) twice.push(`${file.path} = ${first}`);
      else byHash.set(hash, file.path);
    }
    assert.deepEqual(twice, []);
  });

  it('ships the Basis transcoder once, as its own files, not inlined into chunks', () => {
    const names = packed.files.map((f) => f.path);
    assert.deepEqual(names.filter((n) => /basis_transcoder\.(wasm|js)$/.test(n)).sort(), [
      'dist/basis/basis_transcoder.js',
      'dist/basis/basis_transcoder.wasm',
    ]);
    // the transcoder inlined was a 703 KB base64 wasm and a 77 KB base64 script; three's zstd decoder
    // (a 39 KB base64 wasm inside its own module) is the only inline binary left, in the KTX2 loader
    for (const name of names.filter((n) => n.endsWith('.js'))) {
      const text = readFileSync(name, 'utf8');
      const largest = Math.max(0, ...[...text.matchAll(/[A-Za-z0-9+/=]{20000,}/g)].map((m) => m[0].length));
      assert.ok(largest < 60_000, `${name} inlines ${largest} characters of base64`);
    }
  });

  it('ships each worker once', () => {
    const names = packed.files.map((f) => f.path.replace(/^.*\//, ''));
    for (const worker of ['render-worker', 'decode-worker', 'model-worker']) {
      const copies = names.filter((n) => n.startsWith(`${worker}-`) && n.endsWith('.js'));
      assert.equal(copies.length, 1, `${worker}: ${copies.join(', ')}`);
    }
  });
});
