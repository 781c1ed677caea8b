import { describe, it } from 'node:test';
import assert from 'node:assert/strict';

describe('<room-plan> without a DOM', () => {
  it('imports on a server (no document, no customElements) without throwing or registering', async () => {
    assert.equal(typeof (globalThis as { document?: unknown }).document, 'undefined');
    const module = await import('../../src/elements/room-plan/room-plan.ts');
    assert.equal(typeof module.RoomPlan, 'function');
    assert.equal(typeof module.PlanError, 'function');
  });
});
