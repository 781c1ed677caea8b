import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ESLint } from 'eslint';

/**
 * The layer rule of eslint.config.js, exercised on made-up files placed in each folder: a rule that
 * stopped matching (a renamed folder, a typo in a glob) would let every layer import anything.
 */
const eslint = new ESLint();

async function restricted(path: string, source: string): Promise<boolean> {
  const [result] = await eslint.lintText(source, { filePath: path });
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
  ];
  for (const [path, source, expected] of cases) {
    it(`${path}: ${source} is ${expected ? 'refused' : 'allowed'}`, async () => {
      assert.equal(await restricted(path, source), expected);
    });
  }
});
