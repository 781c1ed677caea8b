import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/**
 * room-elements/jsx (dist/types/jsx.d.ts, made from custom-elements.json by `npm run build`) must give
 * TSX pages typed elements: right attribute types accepted, wrong ones refused, against the real
 * element classes' declarations.
 */
describe('JSX types (room-elements/jsx)', () => {
  it('types every element, its attributes and its events for React 19', (t) => {
    const types = resolve('dist/types/jsx.d.ts');
    if (!existsSync(types)) {
      t.skip('dist/types/jsx.d.ts is missing: run `npm run build` first (npm test does)');
      return;
    }
    const dir = resolve('node_modules/.cache/jsx-check');
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    // React's own types (@types/react 19, a devDependency): the React side is checked with real React
    // apps in framework-consumers.test.ts; this checks the framework-neutral CustomElements map
    writeFileSync(
      join(dir, 'page.ts'),
      `import type { CustomElements } from ${JSON.stringify(types.replace(/\.d\.ts$/, '.js'))};
type Gallery = CustomElements['room-gallery'];
export const ok: Gallery = { 'api-base': 'https://example.test/api', source: 'search', limit: 12, filters: true,
  'onroom-select': (e: Event) => e.preventDefault() };
export const button: CustomElements['project-export-button'] = { 'project-id': 1, type: '3d' };
export const viewer: CustomElements['room-viewer'] = { camera: 'top', 'room-id': '5' };
export const panorama: CustomElements['room-panorama'] = { yaw: 90, loading: 'eager' };
export const plan: CustomElements['room-plan'] = { units: 'imperial' };
// @ts-expect-error camera is model | orbit | top
export const badCamera: CustomElements['room-viewer'] = { camera: 'fisheye' };
// @ts-expect-error no such element
export const unknown: CustomElements['room-nothing'] = {};
`,
    );
    writeFileSync(
      join(dir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          noEmit: true,
          target: 'ES2022',
          module: 'ESNext',
          moduleResolution: 'bundler',
          lib: ['ES2022', 'DOM', 'DOM.Iterable'],
          types: [],
          skipLibCheck: false,
          experimentalDecorators: true,
        },
        files: ['page.ts'],
      }),
    );
    try {
      execFileSync(
        process.execPath,
        [resolve('node_modules/typescript/bin/tsc'), '-p', join(dir, 'tsconfig.json')],
        {
          stdio: 'pipe',
        },
      );
    } catch (error) {
      assert.fail(String((error as { stdout?: Buffer }).stdout ?? error));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
