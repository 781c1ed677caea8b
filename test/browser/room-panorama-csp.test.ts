/**
 * <room-panorama> on a page with a strict Content-Security-Policy (no inline styles): loading, the
 * progress bar with real percentages and the drawn panorama cause no violation.
 */
import { expect } from '@esm-bundle/chai';
import { armFault, resetEmulator, ROOM_STYLING } from './helpers/emulator.ts';
import { cspRun } from './helpers/csp.ts';
import { cleanup } from './helpers/wait.ts';

describe('<room-panorama>: strict Content-Security-Policy', function () {
  this.timeout(40000);
  before(resetEmulator);
  afterEach(cleanup);

  it('loads, shows its progress and draws without one CSP violation (style-src without unsafe-inline)', async () => {
    const { rooms } = await (await fetch(`${ROOM_STYLING}/rooms/panoramas?limit=8`)).json();
    const id = (rooms as { id: number }[]).map((r) => r.id).find((r) => r !== 6346838)!;
    const record = await (await fetch(`${ROOM_STYLING}/rooms/${id}/panorama`)).json();
    // one slow face: the bar shows real percentages for a while
    await armFault({ match: new URL(record.images.r).pathname, delay: 1500 });
    const result = await cspRun<{ percents: number; filled: number; canvas: boolean }>('room-panorama', {
      page: 'csp-page-blob.html',
      query: { room: String(id) },
      size: 'width: 480px; height: 320px',
      timeout: 30000,
    });
    expect(result.state).to.equal('ready');
    expect(result.canvas).to.equal(true);
    expect(result.violations).to.deep.equal([]);
    expect(result.percents, 'the bar showed percentages').to.be.above(0);
    expect(result.filled, 'its fill was given them').to.be.above(0);
  });
});
