import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

/**
 * Every entry package.json promises exists after `npm run build` (npm test builds before the node
 * tests), and the server-only entries load in plain Node: a partner installs them without tsx.
 */
const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as {
  exports: Record<string, string | { types?: string; default?: string }>;
  dependencies: Record<string, string>;
  peerDependenciesMeta: Record<string, { optional: boolean }>;
};

describe('package entries', () => {
  it('every export points at a built file and its declarations', () => {
    assert.ok(existsSync('dist/index.js'), 'run npm run build first (npm test does)');
    for (const [name, target] of Object.entries(pkg.exports)) {
      const paths = typeof target === 'string' ? [target] : [target.default, target.types].filter(Boolean);
      for (const path of paths) assert.ok(existsSync(path!), `${name}: ${path} is missing`);
    }
  });

  it('the partner back end is a server entry with hono and redis as optional peers, not browser dependencies', async () => {
    assert.equal(pkg.dependencies.hono, undefined);
    assert.equal(pkg.dependencies.redis, undefined);
    assert.ok(pkg.peerDependenciesMeta.hono?.optional && pkg.peerDependenciesMeta.redis?.optional);
    const partner = await import(pathToFileURL('dist/partner.js').href);
    assert.equal(typeof partner.createPartner, 'function');
    const redis = await import(pathToFileURL('dist/partner-redis.js').href);
    assert.equal(typeof redis.RedisStore, 'function');
  });

  it('the browser entries never load server code or the secret-taking helpers', () => {
    for (const entry of [
      'dist/index.js',
      'dist/planning.js',
      'dist/room-gallery.js',
      'dist/project-export-button.js',
    ]) {
      const text = readFileSync(entry, 'utf8');
      assert.doesNotMatch(text, /from ["'](hono|redis|node:)/, entry);
    }
    const server = readFileSync('dist/planning/server.js', 'utf8');
    assert.match(server, /exchangeCode/);
  });
});
