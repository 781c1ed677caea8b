/**
 * Bad input never throws into the page: fuzzed models through the scene builder and the element, and a
 * browser without WebGL. (Runs in its own page: the WebGL stub below must not meet a live renderer.)
 */
import type { RoomModelJson } from '../../src/model/types.ts';
import { expect } from '@esm-bundle/chai';
import '../../src/elements/room-viewer/room-viewer.ts';
import type { ModelErrorDetail } from '../../src/events/index.ts';
import { planGeometry, readModel } from '../../src/model/index.ts';
import { RoomScene } from '../../src/three/build-room.ts';
import { collectPageErrors } from './helpers/page-errors.ts';
import { cleanup, fixtureContainer, waitForEvent } from './helpers/wait.ts';
import { withoutWebGL } from './helpers/webgl.ts';
import { seededRandom as random } from '../shared/seeded-random.ts';
import { boxRoom, makeViewer } from './room-viewer-fixtures.ts';
import { configure, resetConfig } from '../../src/config.ts';
import { THREADS } from './helpers/threads.ts';

const ODD = [NaN, -1, 0, 1e12, -1e12, '12', 'abc', null, undefined, [], {}, true, Infinity];

/** Replaces a few values anywhere in the model with odd ones, or deletes them. */
function mutate(value: unknown, rnd: () => number, depth = 0): unknown {
  if (rnd() < 0.04) return ODD[Math.floor(rnd() * ODD.length)];
  if (Array.isArray(value)) return value.map((v) => mutate(v, rnd, depth + 1)).filter(() => rnd() > 0.03);
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) if (rnd() > 0.03) out[k] = mutate(v, rnd, depth + 1);
    return out;
  }
  if (typeof value === 'number' && rnd() < 0.05) return value * (rnd() * 40 - 20);
  return value;
}

describe('<room-viewer> with bad input', () => {
  afterEach(cleanup);

  // first: the page's shared renderer must not exist yet. The page's thread without WebGL: the fallback's
  // own case (the render worker draws where the page has none: room-viewer-worker.test.ts)
  it('without WebGL: an error state that says so, and model-error', async () => {
    await withoutWebGL(async () => {
      const viewer = makeViewer({ loading: 'eager', renderer: 'main' });
      viewer.model = boxRoom();
      const error = waitForEvent<ModelErrorDetail>(viewer, 'model-error');
      fixtureContainer().append(viewer);
      const event = await error;
      expect(event.detail.fatal).to.equal(true);
      expect(event.detail.error.reason).to.equal('no-webgl');
      await viewer.updateComplete;
      expect(viewer.getAttribute('state')).to.equal('error');
      expect(viewer.shadowRoot!.querySelector('[part=error]')!.textContent).to.contain('WebGL');
    });
  });

  it('the scene builder never throws on 300 fuzzed models, and frees what it made', () => {
    const rnd = random(42);
    let built = 0;
    for (let i = 0; i < 300; i++) {
      const raw = mutate(boxRoom({ components: 6, kinds: 2 }), rnd);
      const { model, drawable } = readModel(raw);
      if (!drawable) continue;
      const scene = new RoomScene(model, planGeometry(model), { onChange() {}, onTextureError() {} });
      expect(Number.isFinite(scene.bounds.min.x) || scene.bounds.isEmpty()).to.equal(true);
      scene.dispose();
      built++;
    }
    expect(built).to.be.greaterThan(100);
  });
});

// on both threads: the render worker (the default) and the page's (renderer="main")
for (const drawnOn of THREADS)
  describe(`<room-viewer> with bad input (drawn on the ${drawnOn} thread)`, () => {
    before(() => configure({ viewerRenderer: drawnOn }));
    after(resetConfig);
    afterEach(cleanup);

    it('fuzzed models in the element end in model-load or model-error, with nothing thrown into the page', async () => {
      const rnd = random(7);
      const page = collectPageErrors();
      const outcomes = { load: 0, error: 0 };
      // 25 viewers: some load, some fail
      try {
        for (let i = 0; i < 25; i++) {
          const viewer = makeViewer({ loading: 'eager' }, [64, 48]);
          let model = mutate(boxRoom({ components: 4 }), rnd);
          // no model at all is no source (the idle state, no event): give it garbage instead
          if (model == null) model = 'garbage';
          // NaN once made every update look like a new source: a reload loop that froze the page
          viewer.model = (i === 0 ? NaN : model) as RoomModelJson;
          const done = Promise.race([
            waitForEvent(viewer, 'model-load').then(() => 'load' as const),
            waitForEvent(viewer, 'model-error').then(() => 'error' as const),
          ]);
          fixtureContainer().append(viewer);
          const outcome = await done;
          outcomes[outcome]++;
          if (outcome === 'load') expect(viewer.renderThread).to.equal(drawnOn);
          cleanup();
        }
      } finally {
        page.stop();
      }
      expect(page.errors).to.deep.equal([]);
      expect(outcomes.load).to.be.greaterThan(0);
    });
  });
