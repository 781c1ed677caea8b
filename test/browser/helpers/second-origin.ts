/**
 * The test server's second origin (helpers/test-origins.mjs): a real listener on another port that
 * records every request it receives with its Authorization header, where the token-origin tests check
 * that a planner token never goes.
 */
import { expect } from '@esm-bundle/chai';
import { resetConfig } from '../../../src/config.ts';
import { resetEmulator } from './emulator.ts';
import { connectPartner } from './partner.ts';
import { cleanup } from './wait.ts';

export interface SecondRequest {
  method: string;
  path: string;
  authorization: string | null;
}

/** What the second origin received since its last reset. */
export const secondRequests = async (): Promise<SecondRequest[]> =>
  (await fetch('/__second-origin/requests')).json();

/**
 * In the suite it is called in: `found(origin)` with the second origin (checked to be another origin)
 * and the partner signed in before the tests (a failed login fails them: a skip would hide every
 * check); the emulator, the second origin's log and configure() reset before each test; configure()
 * reset and the page cleaned after each.
 */
export function tokenOriginHooks(found: (origin: string) => void): void {
  before(async function () {
    const origin = ((await (await fetch('/__second-origin')).json()) as { origin: string }).origin;
    expect(new URL(origin).origin).to.not.equal(location.origin);
    found(origin);
    if (!(await connectPartner())) throw new Error('the partner login through the emulator failed');
  });
  beforeEach(async () => {
    await resetEmulator();
    await fetch('/__second-origin/reset', { method: 'POST' });
    resetConfig();
  });
  afterEach(() => {
    resetConfig();
    cleanup();
  });
}
