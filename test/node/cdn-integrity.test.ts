/**
 * The pinnable CDN's files (docs/cdn.md), on the built folder (`npm run build` first): integrity.json
 * holds the sha384 of every JS file of dist/cdn, as the browser computes it, and importmap.json pins
 * each at the versioned unpkg URL of package.json's version. (test/browser/cdn-integrity.test.ts shows
 * Chromium refusing a changed chunk with them.)
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { test } from 'node:test';
import { scriptFiles, sri } from '../../scripts/cdn/integrity.ts';
import { ELEMENT_TAGS } from '../shared/element-tags.ts';

const DIR = 'dist/cdn';
const read = (file: string) => JSON.parse(readFileSync(`${DIR}/${file}`, 'utf8'));

test('integrity.json pins every JS file of dist/cdn, and importmap.json each at its versioned URL', () => {
  assert.ok(
    existsSync(`${DIR}/integrity.json`),
    `${DIR}/integrity.json is missing: run \`npm run build\` first`,
  );
  const integrity = read('integrity.json') as Record<string, string>;
  const files = scriptFiles(DIR);
  assert.ok(files.includes('room-elements.js') && files.some((f) => f.startsWith('chunks/')));
  assert.deepEqual(Object.keys(integrity).sort(), files);
  for (const file of files) assert.equal(integrity[file], sri(readFileSync(`${DIR}/${file}`)), file);

  const { version } = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };
  const base = `https://unpkg.com/room-elements@${version}/dist/cdn/`;
  const map = read('importmap.json') as { integrity: Record<string, string> };
  assert.deepEqual(Object.keys(map), ['integrity'], 'an import map with only integrity (it maps nothing)');
  assert.deepEqual(map.integrity, Object.fromEntries(files.map((file) => [base + file, integrity[file]])));
});

test('the loader knows each element chunk of dist/cdn (its preload chains)', () => {
  const loader = readFileSync(`${DIR}/room-elements.js`, 'utf8');
  assert.ok(!loader.includes('__ROOM_ELEMENTS_CHAINS__'), 'the chains were written in');
  for (const tag of ELEMENT_TAGS) {
    // minified: "room-gallery":[`room-gallery-1a2B3c4D`,… (any quotes)
    const chain = new RegExp(`["'\`]?${tag}["'\`]?:\\[["'\`](${tag}-[\\w-]{8})["'\`]`).exec(loader);
    assert.ok(chain, `no chain for <${tag}>`);
    assert.ok(existsSync(`${DIR}/chunks/${chain[1]}.js`), `${chain[1]}.js exists`);
  }
});

test('each chain fits in one round of requests: its element chunk and at most 6 preloads (an HTTP/1.1 origin opens 6 connections)', () => {
  const loader = readFileSync(`${DIR}/room-elements.js`, 'utf8');
  const chains: Record<string, string[]> = {};
  for (const tag of ELEMENT_TAGS) {
    const list = new RegExp(`["'\`]?${tag}["'\`]?:\\[([^\\]]*)\\]`).exec(loader);
    assert.ok(list, `no chain for <${tag}>`);
    chains[tag] = [...list[1]!.matchAll(/["'`]([\w.-]+)["'`]/g)].map((m) => m[1]!);
    for (const name of chains[tag]) assert.ok(existsSync(`${DIR}/chunks/${name}.js`), `${name}.js exists`);
    // scripts/cdn/element-chunks.ts groups what the elements share; left to the bundler the panorama's was 14
    // <room-tour> is made of a viewer and a panorama: its chain is theirs together, plus its own two
    // chunks (a second round on HTTP/1.1; the documented CDNs speak HTTP/2)
    const most = tag === 'room-tour' ? 11 : 7;
    assert.ok(
      chains[tag].length <= most,
      `<${tag}>: ${chains[tag].length} files (${chains[tag].join(', ')})`,
    );
  }
  // the gallery's first cards need its own chunk and `shared`, nothing else (budgets.json)
  assert.deepEqual(
    chains['room-gallery']!.map((name) => name.replace(/-[\w-]{8}$/, '')),
    ['room-gallery', 'shared'],
  );
});

test('the loader is one file: it imports no chunk statically (its head start carries its own copies)', () => {
  const loader = readFileSync(`${DIR}/room-elements.js`, 'utf8');
  // a static import would make the page wait one more round trip before the loader could see a tag
  assert.doesNotMatch(loader, /^import\s*[{*\w]|[;}]import\s*[{*\w][^(]*from\s*["'`]/m);
  assert.doesNotMatch(loader, /from\s*["'`]\.\/chunks\//);
});
