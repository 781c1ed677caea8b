import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
// @ts-expect-error: a plain .mjs script without types
import { contractMarkdown } from '../../scripts/contract-docs.mjs';
import { ELEMENT_TAGS } from '../shared/element-tags.ts';

describe('custom-elements.json', () => {
  it('is what the analyzer makes from src today (run `npm run analyze` when this fails)', () => {
    // the analyzer joins --outdir to the working directory, so the scratch copy lives in the tree
    const out = join('node_modules', '.cache', `cem-check-${process.pid}`);
    execFileSync(
      process.execPath,
      [
        'node_modules/@custom-elements-manifest/analyzer/cem.js',
        'analyze',
        '--config',
        'custom-elements-manifest.config.mjs',
        '--outdir',
        out,
      ],
      { stdio: 'pipe' },
    );
    const fresh = JSON.parse(readFileSync(join(out, 'custom-elements.json'), 'utf8'));
    const committed = JSON.parse(readFileSync('custom-elements.json', 'utf8'));
    rmSync(out, { recursive: true, force: true });
    assert.deepEqual(committed, fresh);
  });

  it('describes every element of DESIGN.md with its tag', () => {
    const manifest = JSON.parse(readFileSync('custom-elements.json', 'utf8'));
    const tags = manifest.modules.flatMap((m: { declarations?: { tagName?: string }[] }) =>
      (m.declarations ?? []).map((d) => d.tagName).filter(Boolean),
    );
    for (const tag of ELEMENT_TAGS) {
      assert.ok(tags.includes(tag), `${tag} missing from custom-elements.json`);
    }
  });

  it('docs/contract.md is made from it (run `npm run analyze` when this fails)', () => {
    const manifest = JSON.parse(readFileSync('custom-elements.json', 'utf8'));
    assert.equal(readFileSync('docs/contract.md', 'utf8'), contractMarkdown(manifest));
  });
});
