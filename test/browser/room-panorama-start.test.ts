/**
 * The viewer's start in slices (issue 20): the WebGL context made ahead without multisampling, the
 * navbar and the faces' load after the construction, the shaders compiled and a first draw before the
 * faces are shown. What the visitor sees must not change with it.
 */
import { expect } from '@esm-bundle/chai';
import '../../src/elements/room-panorama/room-panorama.ts';
import { cleanup, fixtureContainer } from './helpers/wait.ts';
import {
  FACE_COLOURS,
  distance,
  look,
  mountReady,
  pixel,
  plainFaces,
  preserveDrawingBuffers,
  viewerCanvas,
} from './room-panorama.helpers.ts';

describe('<room-panorama> start', () => {
  let restore: () => void;
  before(() => (restore = preserveDrawingBuffers()));
  after(() => restore());
  afterEach(cleanup);

  it('draws with the context made ahead of the viewer: WebGL 2, no multisampling', async () => {
    const el = await mountReady(fixtureContainer(), await plainFaces(), 160);
    const gl = viewerCanvas(el)!.getContext('webgl2')!;
    expect(gl).to.not.equal(null);
    const attributes = gl.getContextAttributes()!;
    expect(attributes.antialias).to.equal(false);
    expect(attributes.alpha).to.equal(true);
  });

  it('shows each face in its place on the first frames (the ahead draw leaves nothing behind)', async () => {
    const el = await mountReady(fixtureContainer(), await plainFaces(), 160);
    for (const [yaw, face] of [
      [0, 'f'],
      [90, 'r'],
      [180, 'b'],
      [-90, 'l'],
    ] as const) {
      const image = await look(el, yaw, 0);
      // the centre, and near the bottom-left corner, where the ahead draw drew its one pixel
      for (const [fx, fy] of [
        [0.5, 0.5],
        [0.1, 0.9],
      ] as const)
        expect(distance(pixel(image, fx, fy), FACE_COLOURS[face]), `${face} at ${fx},${fy}`).to.be.below(40);
    }
  });

  it('gets its navbar after the construction, shown when the panorama is ready', async () => {
    const el = await mountReady(fixtureContainer(), await plainFaces(), 200, { navbar: '' });
    const root = el.shadowRoot!;
    expect(root.querySelector('.psv-navbar--open')).to.not.equal(null);
    expect(root.querySelector('.psv-zoom-button')).to.not.equal(null);
    expect(root.querySelector('.room-panorama-autorotate')).to.not.equal(null);
    expect(root.querySelector('.room-panorama-fullscreen')).to.not.equal(null);
  });
});
