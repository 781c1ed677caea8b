/**
 * A room's picture drawn from its model: a top view (floors, furniture footprints, walls, doors and
 * windows) fitted into a 16:9 frame. Used for image_url (480x270) and hq_image_url (960x540).
 */
import {
  type AnyModel,
  componentsOf,
  furnitureColour,
  materialColour,
  num,
  planOf,
  polygonArea,
  vec,
} from './model-read.ts';
import { Raster, type Rgb, shade } from './raster.ts';

const BACKGROUND: Rgb = [236, 238, 241];
const WALL: Rgb = [64, 66, 72];
const GLASS: Rgb = [150, 205, 240];

export function renderTopView(model: AnyModel, width: number, height: number): Raster {
  const raster = new Raster(width, height, BACKGROUND);
  const plan = planOf(model);
  if (!plan.points.length) return raster;
  const xs = plan.points.map((p) => p[0]);
  const ys = plan.points.map((p) => p[1]);
  const minX = Math.min(...xs);
  const maxX = Math.max(...xs);
  const minY = Math.min(...ys);
  const maxY = Math.max(...ys);
  const margin = Math.round(Math.min(width, height) * 0.06);
  const scale = Math.min(
    (width - 2 * margin) / (maxX - minX || 1),
    (height - 2 * margin) / (maxY - minY || 1),
  );
  const offX = (width - (maxX - minX) * scale) / 2;
  const offY = (height - (maxY - minY) * scale) / 2;
  // Plan y grows "north": drawn upwards, as a plan is read.
  const toPx = (x: number, y: number): [number, number] => [
    offX + (x - minX) * scale,
    offY + (maxY - y) * scale,
  ];

  const areas = plan.areas
    .map((area) => ({ area, polygon: area.indices.map((i) => plan.points[i]!) }))
    .sort((a, b) => polygonArea(b.polygon) - polygonArea(a.polygon));
  for (const { area, polygon } of areas) {
    raster.fillPolygon(
      polygon.map(([x, y]) => toPx(x, y)),
      materialColour(model, area.floor, [210, 200, 185]),
    );
  }

  const components = componentsOf(model);
  const footprints = components
    .filter((c) => c.type === 'Component' && num(c.level, 1) >= 0)
    .sort((a, b) => num(a.level) - num(b.level));
  for (const component of footprints) {
    const [x, y] = vec(component.position, 2) as [number, number];
    const angle = (num(vec(component.rotation, 3)[2]) * Math.PI) / 180;
    const box = Array.isArray(component.bounding_box) ? component.bounding_box : [];
    const [x0, y0] = vec(box[0], 2) as [number, number];
    const [x1, y1] = vec(box[1], 2) as [number, number];
    const corner = (lx: number, ly: number) =>
      toPx(x + lx * Math.cos(angle) - ly * Math.sin(angle), y + lx * Math.sin(angle) + ly * Math.cos(angle));
    const outline = [corner(x0, y0), corner(x1, y0), corner(x1, y1), corner(x0, y1)];
    const colour = furnitureColour(component.component_id);
    raster.fillPolygon(outline, shade(colour, 0.7));
    // A lighter top inset by a pixel gives the boxes an edge without anti-aliasing.
    const inset = 1.2 / scale;
    if (x1 - x0 > 3 * inset && y1 - y0 > 3 * inset) {
      raster.fillPolygon(
        [
          corner(x0 + inset, y0 + inset),
          corner(x1 - inset, y0 + inset),
          corner(x1 - inset, y1 - inset),
          corner(x0 + inset, y1 - inset),
        ],
        colour,
      );
    }
  }

  for (const wall of plan.walls) {
    raster.line(
      toPx(...plan.points[wall.a]!),
      toPx(...plan.points[wall.b]!),
      Math.max(1.5, wall.thickness * scale),
      WALL,
    );
  }

  for (const component of components) {
    if (component.type !== 'ArchitecturalComponent') continue;
    const [x, y] = vec(component.position, 2) as [number, number];
    const angle = (num(vec(component.rotation, 3)[2]) * Math.PI) / 180;
    const aperture = (component.aperture ?? {}) as Record<string, unknown>;
    const w = num(vec(aperture.bounds, 2)[0], 80);
    const dx = (Math.cos(angle) * w) / 2;
    const dy = (Math.sin(angle) * w) / 2;
    const wall = plan.walls.find((w) => w.name === `wall${String(component.parentID)}`);
    const thickness = Math.max(2, (wall?.thickness ?? 12) * scale);
    if (component.category === 'Window') {
      raster.line(toPx(x - dx, y - dy), toPx(x + dx, y + dy), thickness * 0.55, GLASS);
    } else {
      raster.line(
        toPx(x - dx, y - dy),
        toPx(x + dx, y + dy),
        thickness + 1,
        materialColour(model, 'decor-2658', [200, 160, 110]),
      );
    }
  }
  return raster;
}
