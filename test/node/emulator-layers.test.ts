import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ESLint } from 'eslint';

/**
 * The planning emulator's layer rule in eslint.config.js (domain <- formats <- render <- routes), on
 * made-up files in each folder: a rule that stopped matching would let every layer import anything.
 */
// without import-x/no-cycle: it follows every import of the real modules a case names, most of this file's
// time, and a case asks only no-restricted-imports (test/node/layers.test.ts checks the cycle rule)
const eslint = new ESLint({ overrideConfig: { rules: { 'import-x/no-cycle': 'off' } } });
const P = 'server/emulator/planning';

async function restricted(path: string, source: string): Promise<boolean> {
  const [result] = await eslint.lintText(source, { filePath: path });
  return result!.messages.some((m) => m.ruleId === 'no-restricted-imports');
}

describe('the planning emulator imports only downward (eslint no-restricted-imports)', () => {
  const cases: [string, string, boolean][] = [
    [`${P}/domain/x.ts`, "import { projectFml } from '../formats/fml-xml.ts';", true],
    [`${P}/domain/x.ts`, "import { renderExport } from '../render/export-render.ts';", true],
    [`${P}/domain/x.ts`, "import { findProject } from '../routes/find-project.ts';", true],
    [`${P}/domain/x.ts`, "import { Hono } from 'hono';", true],
    [`${P}/domain/x.ts`, "import { randomHex } from '../../shared/random-hex.ts';", false],
    [`${P}/domain/x.ts`, "import { iso } from './seed.ts';", false],
    [`${P}/formats/x.ts`, "import { planDrawing2d } from '../render/plan-drawing.ts';", true],
    [`${P}/formats/x.ts`, "import type { ApiEnv } from '../routes/api-env.ts';", true],
    [`${P}/formats/x.ts`, "import type { ProjectRecord } from '../domain/records.ts';", false],
    [`${P}/render/x.ts`, "import { v2App } from '../routes/v2-app.ts';", true],
    [`${P}/render/x.ts`, "import type { Context } from 'hono';", true],
    [`${P}/render/x.ts`, "import type { PlanDesign } from '../domain/plan-geometry.ts';", false],
    [`${P}/routes/x.ts`, "import { renderExport } from '../render/export-render.ts';", false],
  ];
  for (const [path, source, expected] of cases) {
    it(`${path}: ${source} is ${expected ? 'refused' : 'allowed'}`, async () => {
      assert.equal(await restricted(path, source), expected);
    });
  }
});
