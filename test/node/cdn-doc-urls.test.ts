/**
 * Every CDN URL in the README and the guides names the package's version (package.json), so a page
 * copied from them is pinned (docs/cdn.md): `https://unpkg.com/room-elements@<version>/...`, never
 * the unversioned URL that follows every release.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';

const { name, version } = JSON.parse(readFileSync('package.json', 'utf8')) as {
  name: string;
  version: string;
};
const docs = [
  'README.md',
  ...readdirSync('docs', { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.md'))
    .map((f) => join('docs', f)),
];
/** A CDN URL of the package: unpkg or jsDelivr, with or without a version. */
const CDN_URL = new RegExp(
  `https://(?:unpkg\\.com|cdn\\.jsdelivr\\.net/npm)/${name}(@[^/\\s'"\`)]*)?/[^\\s'"\`)<]*`,
  'g',
);

test(`CDN URLs in the docs name version ${version}`, () => {
  const urls = docs.flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(CDN_URL)].map((m) => ({ file, url: m[0], at: m[1] })),
  );
  assert.ok(urls.length > 0, 'no CDN URL found in the docs: the pattern is out of date');
  const wrong = urls.filter((u) => u.at !== `@${version}`).map((u) => `${u.file}: ${u.url}`);
  assert.deepEqual(wrong, [], `unpinned or outdated CDN URLs (package.json says ${version})`);
});
