import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ESLint } from 'eslint';

/**
 * The layer rule of eslint.config.js, exercised on made-up files placed in each folder: a rule that
 * stopped matching (a renamed folder, a typo in a glob) would let every layer import anything.
 */
const eslint = new ESLint();
/**
 * The same configuration without import-x/no-cycle for the layer cases: that rule follows every import of
 * the real module a case names (the whole graph behind ../api/http.js), most of this file's time, and a
 * layer case asks only no-restricted-imports.
 */
const layersOnly = new ESLint({ overrideConfig: { rules: { 'import-x/no-cycle': 'off' } } });

async function restricted(path: string, source: string): Promise<boolean> {
  const [result] = await layersOnly.lintText(source, { filePath: path });
  return result!.messages.some((m) => m.ruleId === 'no-restricted-imports');
}

describe('layers import only downward (eslint no-restricted-imports)', () => {
  const cases: [string, string, boolean][] = [
    ['src/model/x.ts', "import { Mesh } from 'three';", true],
    ['src/model/x.ts', "import { request } from '../api/http.js';", true],
    ['src/model/x.ts', "import { LitElement } from 'lit';", true],
    ['src/model/x.ts', "import { area } from './polygon.js';", false],
    ['src/three/x.ts', "import { request } from '../api/http.js';", true],
    ['src/three/x.ts', "import { RoomViewer } from '../elements/room-viewer/room-viewer.js';", true],
    ['src/three/x.ts', "import { readModel } from '../model/index.js';", false],
    ['src/api/x.ts', "import { RoomElement } from '../internal/room-element.js';", true],
    ['src/api/x.ts', "import { RoomView } from '../three/index.js';", true],
    ['src/api/x.ts', "import { readModel } from '../model/index.js';", false],
    ['src/panorama/x.ts', "import { RoomPanorama } from '../elements/room-panorama/room-panorama.js';", true],
    ['src/elements/room-plan/x.ts', "import { app } from '../../../server/partner/app.ts';", true],
    ['src/elements/room-plan/x.ts', "import { readModel } from '../../model/index.js';", false],
    [
      'src/elements/room-plan/x.ts',
      "import { MeasureMode } from '../../features/measure/measure-mode.js';",
      false,
    ],
    // features/ sit beside the elements: infrastructure, model, api below them; never an element
    ['src/features/measure/x.ts', "import { RoomPlan } from '../../elements/room-plan/room-plan.js';", true],
    ['src/features/measure/x.ts', "import { app } from '../../../server/partner/app.ts';", true],
    ['src/features/measure/x.ts', "import { LanguageController } from '../../internal/language.js';", false],
    ['src/features/measure/x.ts', "import { readModel } from '../../model/index.js';", false],
    ['src/features/measure/x.ts', "import { hasModelSource } from '../../api/model-source.js';", false],
    ['src/features/measure/x.ts', "import { Fullscreen } from '../fullscreen/fullscreen.js';", false],
    // internal/ is the infrastructure under both: it imports neither
    ['src/internal/x.ts', "import { MeasureMode } from '../features/measure/measure-mode.js';", true],
    ['src/internal/x.ts', "import { RoomViewer } from '../elements/room-viewer/room-viewer.js';", true],
    ['src/internal/x.ts', "import { readModel } from '../model/index.js';", false],
    ['src/internal/x.ts', "import { defineElement } from './define.js';", false],
    // platform/ is the floor: every layer may import it, and it imports only its own files
    ['src/platform/x.ts', "import { delay } from './yield.js';", false],
    ['src/platform/x.ts', "import { readModel } from '../model/index.js';", true],
    ['src/platform/x.ts', "import { request } from '../api/http.js';", true],
    ['src/platform/x.ts', "import { LitElement } from 'lit';", true],
    ['src/platform/x.ts', "import { Mesh } from 'three';", true],
    ['src/platform/x.ts', "import { app } from '../../server/partner/app.ts';", true],
    ['src/model/x.ts', "import { yieldToPage } from '../platform/yield.js';", false],
    ['src/three/x.ts', "import { gpuFence } from '../platform/gpu-fence.js';", false],
    ['src/panorama/x.ts', "import { gpuFence } from '../platform/gpu-fence.js';", false],
    ['src/api/x.ts', "import { readBoundedText } from '../platform/bounded-body.js';", false],
    ['src/internal/x.ts', "import { yieldToPage } from '../platform/yield.js';", false],
    ['src/features/measure/x.ts', "import { yieldToPage } from '../../platform/yield.js';", false],
    ['src/elements/room-plan/x.ts', "import { yieldToPage } from '../../platform/yield.js';", false],
  ];
  for (const [path, source, expected] of cases) {
    it(`${path}: ${source} is ${expected ? 'refused' : 'allowed'}`, async () => {
      assert.equal(await restricted(path, source), expected);
    });
  }
});

describe('no import cycle (eslint import-x/no-cycle)', () => {
  // two real files on disk, as the rule follows imports through the files they name
  const dir = mkdtempSync(join('test', 'node', '.cycle-'));
  after(() => rmSync(dir, { recursive: true, force: true }));
  const write = (name: string, source: string) => {
    writeFileSync(join(dir, name), source);
    return join(dir, name);
  };

  async function cycle(path: string, source: string): Promise<boolean> {
    const [result] = await eslint.lintText(source, { filePath: path });
    return result!.messages.some((m) => m.ruleId === 'import-x/no-cycle');
  }

  it('refuses a module that imports one importing it back', async () => {
    write('b.ts', "import { a } from './a.js';\nexport const b = (): number => a() + 1;\n");
    const a = write('a.ts', "import { b } from './b.js';\nexport const a = (): number => b();\n");
    assert.equal(await cycle(a, "import { b } from './b.js';\nexport const a = (): number => b();\n"), true);
  });

  it('refuses a ring through a lazy import()', async () => {
    write('d.ts', "import { c } from './c.js';\nexport const d = (): number => c;\n");
    const c = write('c.ts', "export const c = 1;\nexport const later = () => import('./d.js');\n");
    assert.equal(await cycle(c, "export const c = 1;\nexport const later = () => import('./d.js');\n"), true);
  });

  it('allows the same modules without the way back, and a type-only import back', async () => {
    write('f.ts', "import type { E } from './e.js';\nexport const f = (e: E): number => e.n;\n");
    const e = write(
      'e.ts',
      "import { f } from './f.js';\nexport interface E { n: number }\nexport const e = f;\n",
    );
    assert.equal(
      await cycle(e, "import { f } from './f.js';\nexport interface E { n: number }\nexport const e = f;\n"),
      false,
    );
  });
});
