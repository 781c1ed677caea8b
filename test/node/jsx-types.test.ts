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
// a number attribute written as markup writes it (limit="6" in TSX): the string of a number, nothing else
export const limitText: CustomElements['room-gallery'] = { limit: '6', page: '2' };
export const yawText: CustomElements['room-panorama'] = { yaw: '90.5', pitch: -10 };
// @ts-expect-error not a number
export const badLimit: CustomElements['room-gallery'] = { limit: 'six' };
// @ts-expect-error no such element
export const unknown: CustomElements['room-nothing'] = {};
`,
    );
    // the element's own listener: `progress` is the viewer's CustomEvent, not the DOM's ProgressEvent
    writeFileSync(
      join(dir, 'listeners.ts'),
      `import type { RoomViewer } from ${JSON.stringify(resolve('dist/types/elements/room-viewer/room-viewer.js'))};
import type { RoomPlan } from ${JSON.stringify(resolve('dist/types/elements/room-plan/room-plan.js'))};
declare const viewer: RoomViewer;
declare const plan: RoomPlan;
viewer.addEventListener('progress', (e) => {
  const share: number = e.detail.totalProgress;
  void share;
});
viewer.removeEventListener('progress', (e) => void e.detail.totalProgress);
viewer.addEventListener('model-load', (e) => void e.detail.model);
viewer.addEventListener('click', (e) => void e.clientX);
// @ts-expect-error the detail is typed
viewer.addEventListener('progress', (e) => void e.detail.loaded);
// a listener on either element of a union
for (const el of [plan, viewer]) el.addEventListener('model-error', (e) => void e.detail.error.message);
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
        files: ['page.ts', 'listeners.ts'],
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
