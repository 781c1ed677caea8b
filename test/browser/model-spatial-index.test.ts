/**
 * The spatial index (src/model/spatial-index.ts) is a chunk of its own, fetched only for a plan with many
 * walls or areas (src/model/near.ts, issue 33): a viewer's ordinary room is read and worked out without
 * it (a loop over the boxes), a large plan asks for it before its plan and its products are worked out.
 * The test server serves each module as a file, so a request for the module's file is the chunk's.
 */
import { expect } from '@esm-bundle/chai';
import '../../src/elements/room-viewer/room-viewer.ts';
import { readPlanOffThread } from '../../src/features/model-worker/model-off-thread.ts';
import { INDEX_MIN_ITEMS } from '../../src/model/near.ts';
import { roomProducts } from '../../src/model/products.ts';

/** Whether the page has requested the spatial index's module. */
const indexRequested = () =>
  performance
    .getEntriesByType('resource')
    .some((entry) => /\/src\/model\/spatial-index\.ts(\?|$)/.test(entry.name));

/** `areas` square rooms in a row, one piece of furniture in each, and the four walls around them. */
function rowOfRooms(areas: number): Record<string, unknown> {
  const points: [number, number][] = [
    [0, 0],
    [areas * 400, 0],
    [areas * 400, 400],
    [0, 400],
  ];
  const walls = Object.fromEntries(
    [0, 1, 2, 3].map((i) => [`wall${i}`, { indices: [i, (i + 1) % 4], thickness: 20 }]),
  );
  const rooms: Record<string, unknown> = {};
  const components: unknown[] = [];
  for (let k = 0; k < areas; k++) {
    const i = points.length;
    points.push([k * 400, 0], [k * 400 + 400, 0], [k * 400 + 400, 400], [k * 400, 400]);
    rooms[`area${k}`] = { indices: [i, i + 1, i + 2, i + 3], name: `Room ${k}` };
    components.push({
      ID: `piece${k}`,
      type: 'Component',
      component_id: `product-${k % 3}`,
      position: [k * 400 + 200, 200, 0],
      bounding_box: [
        [-20, -20, 0],
        [20, 20, 80],
      ],
    });
  }
  return { plan: { height: 250, points, walls, areas: rooms }, components };
}

describe('model read: the spatial index only for large plans (src/model/near.ts)', () => {
  it('an ordinary room is read, worked out and its products found without the index; a large plan fetches it', async () => {
    expect(indexRequested(), 'the viewer module alone does not bring the index').to.equal(false);
    const small = await readPlanOffThread(rowOfRooms(6));
    expect(small.ranIn).to.equal('main');
    expect(small.plan!.areas.length).to.equal(6);
    const smallProducts = roomProducts(small.read.model);
    expect(smallProducts.map((p) => p.count)).to.deep.equal([2, 2, 2]);
    expect(indexRequested(), 'a room of 6 areas does without the index').to.equal(false);

    const large = await readPlanOffThread(rowOfRooms(INDEX_MIN_ITEMS + 10));
    expect(large.ranIn, 'below the model worker’s size: read on this thread').to.equal('main');
    expect(indexRequested(), `a plan of ${INDEX_MIN_ITEMS + 10} areas fetches the index`).to.equal(true);
    const products = roomProducts(large.read.model);
    // every piece stands in its own room (the innermost area under it), found through the index
    expect(products.reduce((sum, p) => sum + p.count, 0)).to.equal(INDEX_MIN_ITEMS + 10);
    expect(products[0]!.areas.slice(0, 2).map((a) => a.name)).to.deep.equal(['area0', 'area3']);
  });
});
