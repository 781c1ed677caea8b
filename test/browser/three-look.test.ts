/**
 * The look of the 3D layer, read from pixels of known surfaces: a RoomView built directly on a canvas
 * (src/three/index.ts) with a small made-up room: a white ceiling, white walls but one blue wall with a
 * window, a terracotta floor and a door. White lit from the front renders white, a material's sRGB
 * colour renders as that colour, wall tops are dark where the view cuts them, a window has a frame.
 */
import { expect } from '@esm-bundle/chai';
import { Vector3 } from 'three';
import { planGeometry, readModel } from '../../src/model/index.ts';
import { MODEL_TO_WORLD, RoomView, SharedRenderer } from '../../src/three/index.ts';
import { srgbToLinear } from '../../src/three/colour.ts';
import { ENVIRONMENT_SH, exposureFromStops } from '../../src/three/environment.ts';
import { doorComponent } from '../shared/fixtures.ts';
import { cleanup, fixtureContainer, until } from './helpers/wait.ts';

const FLOOR = [0.8, 0.3, 0.2];
const BLUE = [0.2, 0.4, 0.8];

/** 400 × 300 cm, walls 20 cm thick and 250 high; the blue wall (y = 0) holds a 100 × 100 window. */
function lookRoom(): Record<string, unknown> {
  return {
    version: 2,
    materials: [
      { ID: 'floor', diffuse: FLOOR },
      { ID: 'white', diffuse: [1, 1, 1] },
      { ID: 'blue', diffuse: BLUE },
    ],
    lights: [{ type: 'sun', position: [200, 150, 800], direction: [0, 0, -800] }],
    camera: { position: [200, 280, 140], focal_point: [200, 0, 140], exposure: 0 },
    plan: {
      height: 250,
      points: [
        [0, 0],
        [400, 0],
        [400, 300],
        [0, 300],
      ],
      walls: {
        wall0: { indices: [0, 1], thickness: 20, material: 'blue' },
        wall1: { indices: [1, 2], thickness: 20, material: 'white' },
        wall2: { indices: [2, 3], thickness: 20, material: 'white' },
        wall3: { indices: [3, 0], thickness: 20, material: 'white' },
      },
      areas: { area0: { indices: [0, 1, 2, 3], floor_material: 'floor', ceiling_material: 'white' } },
    },
    components: [
      {
        ID: 'window-1',
        type: 'ArchitecturalComponent',
        category: 'Window',
        component_id: 'window',
        parentID: '0',
        position: [120, 0, 150],
        rotation: [270, 0, 0],
        bounding_box: [
          [-50, -50, -4],
          [50, 50, 4],
        ],
        aperture: { type: 'rectangle', bounds: [100, 100] },
      },
      doorComponent({
        ID: 'door-1',
        component_id: 'door',
        parentID: '2',
        position: [300, 300, 104],
        rotation: [270, 0, 0],
        aperture: { type: 'rectangle', bounds: [82, 208] },
      }),
    ],
  };
}

const WIDTH = 240;
const HEIGHT = 180;

let view: RoomView | undefined;

async function build(camera: 'model' | 'top'): Promise<RoomView> {
  const { model } = readModel(lookRoom());
  const canvas = document.createElement('canvas');
  canvas.width = WIDTH;
  canvas.height = HEIGHT;
  fixtureContainer().append(canvas);
  let frames = 0;
  view = new RoomView({
    canvas,
    keyTarget: canvas,
    model,
    plan: planGeometry(model),
    camera,
    width: WIDTH,
    height: HEIGHT,
    onFrame: (n) => (frames = n),
  });
  await until(() => frames >= 1, 15000, 'the first frame');
  return view;
}

/** The view's picture now (the shared renderer may draw a lone view straight into its own canvas). */
function picture(v: RoomView): CanvasRenderingContext2D {
  const shared = SharedRenderer.peek() as unknown as { snapshot?(view: RoomView): HTMLCanvasElement };
  const canvas = shared.snapshot ? shared.snapshot(v) : v.target.canvas;
  return canvas.getContext('2d')!;
}

/** Colour (RGBA) of the pixel where a model point (cm, z up) lands. */
function at(v: RoomView, point: [number, number, number]): number[] {
  const ndc = new Vector3(...point).applyMatrix4(MODEL_TO_WORLD).project(v.camera);
  const x = Math.round(((ndc.x + 1) / 2) * WIDTH);
  const y = Math.round(((1 - ndc.y) / 2) * HEIGHT);
  return [...picture(v).getImageData(x, y, 1, 1).data];
}

/** Points the camera (model space) and draws. */
function look(v: RoomView, from: [number, number, number], to: [number, number, number]): void {
  v.camera.position.set(...from).applyMatrix4(MODEL_TO_WORLD);
  v.controls.target.set(...to).applyMatrix4(MODEL_TO_WORLD);
  v.camera.lookAt(v.controls.target);
  v.controls.update();
  v.camera.near = 0.05;
  v.camera.far = 50;
  v.camera.updateProjectionMatrix();
}

const srgb255 = (c: readonly number[]) => c.map((v) => Math.round(v * 255));
const distance = (a: readonly number[], b: readonly number[]) =>
  Math.max(...[0, 1, 2].map((i) => Math.abs(a[i]! - b[i]!)));

describe('the 3D look (src/three)', () => {
  afterEach(() => {
    view?.dispose();
    view = undefined;
    cleanup();
  });

  it('ships its light as data: a neutral spherical-harmonics environment, exposure in stops', () => {
    expect(ENVIRONMENT_SH.length).to.equal(27);
    // neutral: red, green and blue alike
    for (let i = 0; i < 27; i += 3) expect(ENVIRONMENT_SH[i]).to.equal(ENVIRONMENT_SH[i + 2]);
    expect(exposureFromStops(undefined)).to.equal(1);
    expect(exposureFromStops(0)).to.equal(1);
    expect(exposureFromStops(1)).to.equal(2);
  });

  it("a floor shows its material's sRGB colour, and wall tops are dark where the view cuts them (top view)", async () => {
    const v = await build('top');
    // the middle of the floor, away from walls (their shade reaches 22 cm) and from the door
    const floor = at(v, [200, 150, 0]);
    expect(distance(floor, srgb255(FLOOR)), `floor ${floor}`).to.be.at.most(6);
    // the top of the white wall opposite, on its centre line: the cut, dark
    const top = at(v, [200, 300, 250]);
    expect(Math.max(...top.slice(0, 3)), `wall top ${top}`).to.be.below(80);
    expect(top[3]).to.equal(255);
    // the floor at the foot of a wall is shaded (ambient occlusion baked at build), still floor coloured
    const foot = at(v, [200, 13, 0]);
    expect(foot[0]!, `foot ${foot}`).to.be.below(floor[0]! - 15);
    expect(foot[0]!).to.be.above(floor[0]! * 0.55);
  });

  it('a white ceiling and a white wall lit from the front render white; a blue wall keeps its hue', async () => {
    const v = await build('model');
    // from near the blue wall, looking across at the white wall opposite and up at the ceiling
    look(v, [200, 40, 130], [200, 300, 200]);
    const wall = at(v, [150, 290, 150]);
    expect(Math.min(...wall.slice(0, 3)), `white wall ${wall}`).to.be.at.least(235);
    const ceiling = at(v, [200, 200, 249]);
    expect(Math.min(...ceiling.slice(0, 3)), `white ceiling ${ceiling}`).to.be.at.least(235);
    // the blue wall seen from the other side: its colour times the light on it, the same for each channel
    look(v, [200, 280, 130], [200, 0, 130]);
    const blue = at(v, [300, 10, 100]);
    const ratios = [0, 1, 2].map((i) => srgbToLinear(blue[i]! / 255) / srgbToLinear(BLUE[i]!));
    for (const r of ratios) expect(r, `blue wall ${blue}`).to.be.within(0.8, 1.03);
    expect(Math.max(...ratios) - Math.min(...ratios), `blue wall ${blue}`).to.be.below(0.08);
  });

  it('moving frames skip multisampling with the same programs; a view that stops is drawn once more, smooth', async () => {
    const v = await build('model');
    const shared = SharedRenderer.peek()!;
    // the context has no multisampling: still frames get it from a multisampled framebuffer (still-frame.ts)
    expect(shared.renderer.getContext().getContextAttributes()!.antialias).to.equal(false);
    expect(shared.drawnMoving(v), 'the first frame is a still one').to.equal(false);
    const programs = shared.renderer.info.programs!.length;
    v.setAutoRotate(true);
    await until(() => shared.drawnMoving(v), 5000, 'a frame drawn while moving');
    const frames = v.frames;
    await until(() => v.frames >= frames + 3, 5000, 'more moving frames');
    expect(shared.drawnMoving(v)).to.equal(true);
    expect(shared.renderer.info.programs!.length, 'programs made for moving frames').to.equal(programs);
    v.setAutoRotate(false);
    await until(() => !shared.drawnMoving(v), 5000, 'the still frame after the move');
    // what stays on screen is the still (multisampled) picture: the same pixels as a still snapshot
    const shown = v.target.getImageData(0, 0, WIDTH, HEIGHT).data;
    const still = shared.snapshot(v).getContext('2d')!.getImageData(0, 0, WIDTH, HEIGHT).data;
    let different = 0;
    for (let i = 0; i < shown.length; i++) if (shown[i] !== still[i]) different++;
    expect(different, 'channels differing from a still snapshot').to.equal(0);
    expect(shared.renderer.info.programs!.length, 'programs made for the still frame').to.equal(programs);
  });

  it('views due together are drawn plain side by side, each copied from its own place, then smoothed', async () => {
    const { model } = readModel(lookRoom());
    const cameras = ['model', 'top', 'model', 'top'] as const;
    const views: RoomView[] = [];
    const firsts: Uint8ClampedArray[] = [];
    // the shared canvas's size when each view's picture was last drawn (see below)
    const drawnIn: [number, number][] = [];
    try {
      // all built in one task: their first frames are due in the same animation frame
      cameras.forEach((camera, i) => {
        const canvas = document.createElement('canvas');
        fixtureContainer().append(canvas);
        const v: RoomView = new RoomView({
          canvas,
          keyTarget: canvas,
          model,
          plan: planGeometry(model),
          camera,
          // different sizes: the batch lays them out in rows
          width: WIDTH - 20 * i,
          height: HEIGHT - 10 * i,
          onFrame: (n) => {
            if (n === 1) firsts[i] = v.target.getImageData(0, 0, v.pixelWidth, v.pixelHeight).data;
            const canvas = SharedRenderer.peek()!.canvas;
            drawnIn[i] = [canvas.width, canvas.height];
          },
        });
        views.push(v);
      });
      await until(() => firsts.filter(Boolean).length === views.length, 15000, 'every first frame');
      const shared = SharedRenderer.peek()!;
      await until(() => views.every((v) => !shared.drawnMoving(v)), 5000, 'every view smoothed');
      views.forEach((v, i) => {
        const shown = v.target.getImageData(0, 0, v.pixelWidth, v.pixelHeight).data;
        // The views no longer all arrive in one frame (under SwiftShader the first to start is warmed
        // alone, SharedRenderer.warm, the others wait and are drawn together), so each was smoothed in a
        // shared canvas of its own frame's size. The snapshot is drawn in a canvas of that size: a
        // multisample resolve into a canvas of another size rounds a few edge pixels differently (by up
        // to 4/255), which is not what this compares.
        shared.renderer.setSize(...drawnIn[i]!, false);
        const still = shared
          .snapshot(v)
          .getContext('2d')!
          .getImageData(0, 0, v.pixelWidth, v.pixelHeight).data;
        let different = 0;
        for (let k = 0; k < shown.length; k++) if (shown[k] !== still[k]) different++;
        expect(different, `view ${i}: channels differing from a still snapshot`).to.equal(0);
        // the first (plain) picture is this view's own, not a neighbour's: it differs from the smooth
        // one only along edges
        let far = 0;
        for (let k = 0; k < shown.length; k++) if (Math.abs(firsts[i]![k]! - still[k]!) > 64) far++;
        expect(far / shown.length, `view ${i}: first frame unlike the view`).to.be.below(0.03);
      });
    } finally {
      for (const v of views) v.dispose();
    }
  });

  it('a window has a frame round its glass, and a door a leaf in a frame', async () => {
    const v = await build('model');
    look(v, [120, 280, 150], [120, 0, 150]);
    const wall = at(v, [40, 10, 150]);
    // the frame: 7 cm bars inside the 100 × 100 opening
    const frame = at(v, [120, 10, 197]);
    const jamb = at(v, [74, 10, 150]);
    const glass = at(v, [120, 10, 150]);
    expect(frame[3], `frame ${frame}`).to.equal(255);
    expect(distance(frame, wall), `frame ${frame} vs wall ${wall}`).to.be.above(40);
    expect(distance(jamb, frame), `jamb ${jamb} vs head ${frame}`).to.be.below(30);
    // through the glass: the pane is translucent (what lies behind shows) and not the frame
    expect(distance(glass, frame) > 20 || glass[3]! < 255, `glass ${glass}`).to.equal(true);
    // the door in the white wall: a leaf in its finish colour inside a light frame
    look(v, [300, 60, 110], [300, 300, 110]);
    const leaf = at(v, [300, 290, 100]);
    const doorFrame = at(v, [300 - 41 + 3, 290, 100]);
    expect(distance(leaf, doorFrame), `leaf ${leaf} vs frame ${doorFrame}`).to.be.above(30);
  });
});
