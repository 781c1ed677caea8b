/**
 * The planning emulator's `panorama` exports show the design's furniture (issue 38's follow-up): each
 * item a box of its footprint and height (server/emulator/planning/render/panorama-furniture.ts). A face
 * pixel that looks at a known item (the made-up home's dining table, seen from the kitchen camera) is
 * the box's colour, and the floor's without the item; a turned item stands turned; an item with its own
 * colour is drawn in it; a camera standing in a piece sees past it. Then the same over real HTTP: the
 * export's JPEG face shows the table where it stands. The pixel is found by this test's own search over
 * the faces' directions, not by the renderer's code.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import jpeg from 'jpeg-js';
import { seedProjects } from '../../server/emulator/planning/domain/seed.ts';
import type { PlanDesign, PlanItem } from '../../server/emulator/planning/domain/plan-geometry.ts';
import { CUBE_FACES, faceDirection, type CubeFace } from '../../server/emulator/shared/cube-faces.ts';
import {
  panoramaScene,
  renderPanoramaFace,
  type Eye,
} from '../../server/emulator/planning/render/panorama-render.ts';
import { FURNITURE } from '../../server/emulator/planning/render/panorama-furniture.ts';
import { demoServerForSuite } from './partner-setup.ts';

const HOME = 29250001;
const HOME_GROUND = 292500015;
const KITCHEN = 2925000163;
/** The kitchen camera (demo-home.ts), FML frame, at eye height. */
const EYE: Eye = { x: 760, y: 180, z: 160 };
const SIZE = 64;

function groundDesign(): { design: PlanDesign; height: number } {
  const project = seedProjects(1, null).find((p) => p.id === HOME)!;
  const floor = project.floors.find((f) => f.designs.some((d) => d.id === HOME_GROUND))!;
  return { design: floor.designs.find((d) => d.id === HOME_GROUND)!, height: floor.height };
}

/** The face and pixel (of SIZE²) whose ray points nearest to `at` (FML frame: y down the plan, z up). */
function pixelTowards(eye: Eye, at: [number, number, number]): { face: CubeFace; x: number; y: number } {
  const [tx, ty, tz] = [at[0] - eye.x, at[1] - eye.y, at[2] - eye.z];
  const length = Math.hypot(tx, ty, tz);
  let best = { face: 'f' as CubeFace, x: 0, y: 0, cos: -2 };
  for (const face of CUBE_FACES)
    for (let y = 0; y < SIZE; y++)
      for (let x = 0; x < SIZE; x++) {
        // the panorama's frame (x right, y up, z up the plan) to FML's (x right, y down the plan, z up)
        const [px, py, pz] = faceDirection(face, ((x + 0.5) / SIZE) * 2 - 1, ((y + 0.5) / SIZE) * 2 - 1);
        const [dx, dy, dz] = [px, -pz, py];
        const cos = (dx * tx + dy * ty + dz * tz) / (Math.hypot(dx, dy, dz) * length);
        if (cos > best.cos) best = { face, x, y, cos };
      }
  return best;
}

function colourAt(
  design: PlanDesign,
  height: number,
  eye: Eye,
  at: { face: CubeFace; x: number; y: number },
) {
  const raster = renderPanoramaFace(panoramaScene(design, height), eye, at.face, SIZE);
  const i = (at.y * SIZE + at.x) * 4;
  return [raster.data[i]!, raster.data[i + 1]!, raster.data[i + 2]!];
}

const near = (a: readonly number[], b: readonly number[], by: number) =>
  a.every((v, i) => Math.abs(v - b[i]!) <= by);
/** A furniture colour: the neutral one, shaded by the light on a side (0.72..1) or lighter on top (1.08). */
const furnitureShade = (c: readonly number[], base: readonly number[] = FURNITURE) =>
  [0.7, 0.72, 0.8, 0.86, 0.93, 1, 1.08].some((k) =>
    near(
      c,
      base.map((v) => v * k),
      6,
    ),
  );

describe('planning emulator: panorama exports show the furniture as boxes', () => {
  const { design, height } = groundDesign();
  const table = design.items!.find((i) => i.refid === 'kit-dining-table')!;

  it('draws the dining table where it stands, in the furniture colour; without it, the floor', () => {
    assert.ok(table, 'the made-up home has its dining table');
    const top = pixelTowards(EYE, [table.x, table.y, table.z + table.z_height]);
    const seen = colourAt(design, height, EYE, top);
    assert.ok(furnitureShade(seen), `the table's top at ${top.face} ${top.x},${top.y}: ${seen}`);
    // its near side, half way up
    const side = pixelTowards(EYE, [table.x, table.y - table.height / 2 + 1, table.z_height / 2]);
    assert.ok(furnitureShade(colourAt(design, height, EYE, side)), 'its side');
    // the same pixels with no furniture: the floor under it (the can-fail check)
    const bare = { ...design, items: [] };
    const floor = colourAt(bare, height, EYE, top);
    assert.ok(!furnitureShade(floor), `no table: the floor (${floor})`);
    assert.notDeepEqual(floor, seen);
    // beside the table (60 cm west of its end, on the eye's side: a ray passing over it), the floor
    const beside = pixelTowards(EYE, [table.x - table.width / 2 - 60, table.y, 0]);
    assert.ok(!furnitureShade(colourAt(design, height, EYE, beside)), 'beside it, the floor');
  });

  it('stands a turned piece turned, draws a piece in its own colour, and sees past a piece the camera stands in', () => {
    // a long, narrow cabinet 150 cm west of the eye, turned 90°: 200 cm along the plan's y, 40 along x
    const cabinet: PlanItem = {
      refid: 'test-cabinet',
      x: EYE.x - 150,
      y: EYE.y,
      z: 0,
      width: 200,
      height: 40,
      z_height: 120,
      rotation: 90,
      guid: 'cab',
      color: '#3050c0',
    };
    const scene = { ...design, items: [cabinet] };
    const blue = [0x30, 0x50, 0xc0];
    // 80 cm north of its middle: inside it turned (it reaches 100 cm either way), outside it unturned (20 cm)
    const along = pixelTowards(EYE, [cabinet.x, cabinet.y - 80, 60]);
    assert.ok(furnitureShade(colourAt(scene, height, EYE, along), blue), 'turned: it reaches there');
    const unturned = { ...design, items: [{ ...cabinet, rotation: 0 }] };
    assert.ok(!furnitureShade(colourAt(unturned, height, EYE, along), blue), 'unturned: it does not');
    // a piece around the eye (a wardrobe the camera stands in) is left out: the room is seen, not the box
    const around = {
      ...design,
      items: [{ ...cabinet, x: EYE.x, y: EYE.y, width: 100, height: 100, z_height: 250 }],
    };
    const ahead = pixelTowards(EYE, [EYE.x, EYE.y - 200, EYE.z]);
    assert.ok(!furnitureShade(colourAt(around, height, EYE, ahead), blue), 'seen past the box it stands in');
  });

  describe('over HTTP', () => {
    const demo = demoServerForSuite();

    it("the export's face shows the table where it stands", async () => {
      const response = await fetch(`${demo.url}/planning/api/v2/projects/${HOME}/export.json`, {
        method: 'POST',
        headers: { Authorization: 'Basic ' + btoa('demo-key:x'), 'Content-Type': 'application/json' },
        body: JSON.stringify({
          type: '3d',
          fmt: ['jpg'],
          width: SIZE,
          height: SIZE,
          paper: { combine: false },
          callback: 'pano@partner.example',
          views: [{ type: 'panorama', camera_id: KITCHEN }],
        }),
      });
      assert.equal(response.status, 200, await response.clone().text());
      const result = (await response.json()) as { design: Record<string, string[]> };
      const urls = result.design[String(HOME_GROUND)]!;
      const top = pixelTowards(EYE, [table.x, table.y, table.z + table.z_height]);
      const url = urls.find((u) => u.endsWith(`-${top.face}.jpg`))!;
      const image = jpeg.decode(new Uint8Array(await (await fetch(url)).arrayBuffer()), { useTArray: true });
      const i = (top.y * image.width + top.x) * 4;
      const seen = [image.data[i]!, image.data[i + 1]!, image.data[i + 2]!];
      // JPEG: a little off the drawn colour
      assert.ok(
        [1, 1.08].some((k) =>
          near(
            seen,
            FURNITURE.map((v) => v * k),
            14,
          ),
        ),
        `the table in the exported ${top.face} face: ${seen}`,
      );
    });
  });
});
