/**
 * <room-plan> surfaces (issue 37): a painted floor shows its new colour on screen (pixels as Chromium
 * painted them) under the walls and labels, a painted wall face a strip of that colour along that face,
 * a texture as a pattern tiled at its size; undo puts the plan back; a click on an area or a wall fires
 * surface-select for that floor or face (a piece's footprint stays the piece's); bad input is refused
 * with room-change-error and changes nothing.
 */
import { expect } from '@esm-bundle/chai';
import { executeServerCommand, sendMouse } from '@web/test-runner-commands';
import '../../src/elements/room-plan/room-plan.ts';
import type { RoomPlan } from '../../src/elements/room-plan/room-plan.ts';
import type {
  ComponentSelectDetail,
  RoomChangeErrorDetail,
  SurfaceSelectDetail,
} from '../../src/events/index.ts';
import { mountShowing } from './helpers/select-fixtures.ts';
import { cleanup, rafPasses, waitForEvent } from './helpers/wait.ts';
import { boxRoom } from './room-viewer-fixtures.ts';

const STRIPES = `${location.origin}/test/browser/fixtures/stripes.png`;

async function mount(model = boxRoom({ components: 1 })): Promise<RoomPlan> {
  const plan = document.createElement('room-plan');
  plan.style.width = '480px';
  plan.style.height = '360px';
  const { el } = await mountShowing(plan, { model });
  return el;
}

/** Where (client CSS px) a model point (cm) is drawn. */
function screenOf(plan: RoomPlan, x: number, y: number): [number, number] {
  const svg = plan.shadowRoot!.querySelector<SVGSVGElement>('svg[part~=svg]')!;
  const p = new DOMPoint(x, -y).matrixTransform(svg.getScreenCTM()!);
  return [Math.round(p.x), Math.round(p.y)];
}

/** The colour Chromium painted at a client point. */
async function paintedAt(point: [number, number]): Promise<number[]> {
  await rafPasses(3);
  const png = await executeServerCommand<string, object>('screenshot-clip', {
    x: point[0],
    y: point[1],
    width: 1,
    height: 1,
  });
  const bitmap = await createImageBitmap(await (await fetch(`data:image/png;base64,${png}`)).blob());
  const canvas = new OffscreenCanvas(1, 1);
  const ctx = canvas.getContext('2d')!;
  ctx.drawImage(bitmap, 0, 0);
  return [...ctx.getImageData(0, 0, 1, 1).data.slice(0, 3)];
}

const near = (a: number[], b: number[]) => a.every((v, i) => Math.abs(v - b[i]!) <= 2);

describe('<room-plan> surfaces', () => {
  afterEach(cleanup);

  it('shows a painted floor in its new colour, a painted wall face as a strip; undo puts it back', async () => {
    const plan = await mount();
    // a quarter into the room: floor, away from the label and the piece
    const floorPoint = screenOf(plan, 90, 230);
    const was = await paintedAt(floorPoint);
    expect(await plan.setSurface('area:area0:floor', { color: '#e0109a' })).to.equal(true);
    expect(await paintedAt(floorPoint)).to.satisfy(
      (c: number[]) => near(c, [224, 16, 154]),
      'the floor is painted',
    );
    // the label still shows over it
    expect(plan.shadowRoot!.querySelector('[part~=label]')).to.not.equal(null);

    expect(await plan.setSurface('wall:wall2:left', { color: 'rgb(20, 200, 40)' })).to.equal(true);
    const strip = plan.shadowRoot!.querySelector<SVGPolygonElement>(
      '[part~=surface-paint][data-surface="wall:wall2:left"]',
    );
    expect(strip?.getAttribute('fill')).to.equal('#14c828');
    // the strip runs along the wall's inner face (y = 290 cm), inside the wall
    const face = screenOf(plan, 200, 292);
    expect(await paintedAt(face)).to.satisfy(
      (c: number[]) => near(c, [20, 200, 40]),
      'the wall face is painted',
    );

    // the quantities follow: the floor's m² now under the new colour, the face's under its own
    const materials = plan.quantities!.materials;
    expect(materials.floors.map((f) => [f.material, f.source])).to.deep.equal([['#e0109a', 'changed']]);
    expect(materials.walls.find((m) => m.material === '#14c828')?.surfaces).to.deep.equal([
      'wall:wall2:left',
    ]);
    expect(await plan.undo()).to.equal(true);
    expect(await plan.undo()).to.equal(true);
    expect(plan.quantities!.materials.floors.map((f) => f.material)).to.deep.equal(['floor']);
    expect(await paintedAt(floorPoint)).to.deep.equal(was);
    expect(plan.shadowRoot!.querySelector('[part~=surface-paint]')).to.equal(null);
    expect(plan.changes).to.deep.equal([]);
  });

  it('tiles a texture at its size as a pattern, refuses one that fails to load', async () => {
    const plan = await mount();
    expect(
      await plan.setSurface('area:area0:floor', { texture: STRIPES, tileSize: 20, rotation: 0 }),
    ).to.equal(true);
    const pattern = plan.shadowRoot!.querySelector('pattern')!;
    expect(pattern.getAttribute('width')).to.equal('20');
    expect(pattern.querySelector('image')!.getAttribute('href')).to.equal(STRIPES);
    // black then white stripes, 10 cm each, along x
    const dark = await paintedAt(screenOf(plan, 102, 230));
    const light = await paintedAt(screenOf(plan, 112, 230));
    expect(Math.max(...light) - Math.max(...dark), `dark ${dark}, light ${light}`).to.be.above(120);
    const errors: RoomChangeErrorDetail[] = [];
    plan.addEventListener('room-change-error', (e) => errors.push(e.detail));
    expect(
      await plan.setSurface('area:area0:floor', { texture: `${location.origin}/no-such-${Date.now()}.png` }),
    ).to.equal(false);
    expect(errors.map((e) => e.reason)).to.deep.equal(['load-failed']);
    expect(plan.surfaceOf('area:area0:floor')).to.deep.equal({ texture: STRIPES, tileSize: 20, rotation: 0 });
  });

  it('a click on the floor or a wall fires surface-select; a piece stays a piece', async () => {
    const plan = await mount();
    const floor = waitForEvent<SurfaceSelectDetail>(plan, 'surface-select', 3000);
    await sendMouse({ type: 'click', position: screenOf(plan, 90, 230) });
    expect((await floor).detail).to.deep.equal({
      surface: 'area:area0:floor',
      material: 'floor',
      source: 'pointer',
    });
    const wall = waitForEvent<SurfaceSelectDetail>(plan, 'surface-select', 3000);
    await sendMouse({ type: 'click', position: screenOf(plan, 200, 295) });
    expect((await wall).detail).to.deep.include({ surface: 'wall:wall2:left', material: 'wall' });
    const surfaces: SurfaceSelectDetail[] = [];
    plan.addEventListener('surface-select', (e) => surfaces.push(e.detail));
    const piece = plan.shadowRoot!.querySelector<SVGPolygonElement>('[part~=component-footprint]')!;
    const box = piece.getBoundingClientRect();
    const picked = waitForEvent<ComponentSelectDetail>(plan, 'component-select', 3000);
    await sendMouse({
      type: 'click',
      position: [Math.round(box.x + box.width / 2), Math.round(box.y + box.height / 2)],
    });
    await picked;
    expect(surfaces, JSON.stringify(surfaces)).to.deep.equal([]);
  });

  it('bad input: room-change-error, the plan as it was', async () => {
    const plan = await mount();
    const errors: RoomChangeErrorDetail[] = [];
    plan.addEventListener('room-change-error', (e) => errors.push(e.detail));
    const floorPoint = screenOf(plan, 90, 230);
    const was = await paintedAt(floorPoint);
    expect(await plan.setSurface('area:nope:floor', { color: 'red' })).to.equal(false);
    expect(await plan.setSurface('area:area0:floor', { color: 'reddish' })).to.equal(false);
    expect(await plan.setSurface('area:area0:floor', { texture: 'javascript:alert(1)' })).to.equal(false);
    expect(errors.map((e) => e.reason)).to.deep.equal(['unknown-target', 'bad-value', 'bad-value']);
    expect(await paintedAt(floorPoint)).to.deep.equal(was);
    expect(plan.changes).to.deep.equal([]);
  });
});
