/**
 * The parametric parts furniture is made of: boxes with bevelled edges, cylinders, cones and turned
 * profiles (lathe), low spheres, each placed in the piece's own glTF frame (metres, y up, the front
 * facing +z, the floor at y 0) and tagged with the material it is drawn in. three.js makes the
 * vertices (its geometries need no DOM); glb.ts writes them out.
 */
import {
  BoxGeometry,
  BufferGeometry,
  CylinderGeometry,
  IcosahedronGeometry,
  LatheGeometry,
  Matrix4,
  Vector2,
} from 'three';
import { RoundedBoxGeometry } from 'three/examples/jsm/geometries/RoundedBoxGeometry.js';
import type { MaterialName } from './materials.ts';

export interface Part {
  geometry: BufferGeometry;
  material: MaterialName;
}

/** Collects a piece's parts; coordinates in metres. */
export class Parts {
  readonly list: Part[] = [];

  #add(geometry: BufferGeometry, material: MaterialName, matrix?: Matrix4): void {
    if (matrix) geometry.applyMatrix4(matrix);
    // only what the viewer draws: positions and normals (no textures, so no uv)
    geometry.deleteAttribute('uv');
    this.list.push({ geometry, material });
  }

  /**
   * A box from its lowest corner `(x0, y0, z0)` to `(x1, y1, z1)`, edges rounded by `bevel` (clamped to
   * a third of its thinnest side).
   */
  box(
    material: MaterialName,
    [x0, y0, z0]: [number, number, number],
    [x1, y1, z1]: [number, number, number],
    bevel = 0.01,
  ): void {
    const w = Math.abs(x1 - x0);
    const h = Math.abs(y1 - y0);
    const d = Math.abs(z1 - z0);
    if (w <= 0 || h <= 0 || d <= 0) return;
    const radius = Math.min(bevel, Math.min(w, h, d) / 3);
    // a bevel under 3 mm does not show: a plain box (24 vertices instead of 96)
    const geometry = radius >= 0.003 ? new RoundedBoxGeometry(w, h, d, 1, radius) : new BoxGeometry(w, h, d);
    this.#add(geometry, material, new Matrix4().makeTranslation((x0 + x1) / 2, (y0 + y1) / 2, (z0 + z1) / 2));
  }

  /** A box by its centre on the floor plan (`x`, `z`), its bottom `y0` and its sizes. */
  block(
    material: MaterialName,
    x: number,
    z: number,
    y0: number,
    [w, h, d]: [number, number, number],
    bevel = 0.01,
  ): void {
    this.box(material, [x - w / 2, y0, z - d / 2], [x + w / 2, y0 + h, z + d / 2], bevel);
  }

  /** An upright cylinder (or cone) standing at (`x`, `y0`, `z`). */
  cylinder(
    material: MaterialName,
    x: number,
    y0: number,
    z: number,
    radiusTop: number,
    radiusBottom: number,
    height: number,
    segments = 16,
  ): void {
    if (height <= 0) return;
    const geometry = new CylinderGeometry(radiusTop, radiusBottom, height, segments);
    this.#add(geometry, material, new Matrix4().makeTranslation(x, y0 + height / 2, z));
  }

  /** A cylinder lying along x (a rail, a bar). */
  rod(material: MaterialName, x0: number, x1: number, y: number, z: number, radius: number): void {
    const length = Math.abs(x1 - x0);
    if (length <= 0) return;
    const geometry = new CylinderGeometry(radius, radius, length, 10);
    const matrix = new Matrix4()
      .makeTranslation((x0 + x1) / 2, y, z)
      .multiply(new Matrix4().makeRotationZ(Math.PI / 2));
    this.#add(geometry, material, matrix);
  }

  /** A turned shape: `profile` is [radius, height] pairs from the bottom up, at (`x`, `y0`, `z`). */
  lathe(
    material: MaterialName,
    x: number,
    y0: number,
    z: number,
    profile: [number, number][],
    segments = 20,
  ): void {
    const geometry = new LatheGeometry(
      profile.map(([r, h]) => new Vector2(r, h)),
      segments,
    );
    this.#add(geometry, material, new Matrix4().makeTranslation(x, y0, z));
  }

  /** A faceted ball (foliage), squashed or stretched by `scale`. */
  ball(
    material: MaterialName,
    x: number,
    y: number,
    z: number,
    radius: number,
    scale: [number, number, number] = [1, 1, 1],
  ): void {
    const geometry = new IcosahedronGeometry(radius, 1);
    const matrix = new Matrix4()
      .makeTranslation(x, y, z)
      .multiply(new Matrix4().makeScale(scale[0], scale[1], scale[2]));
    this.#add(geometry, material, matrix);
  }

  /** Four legs under a rectangle `w` × `d`, inset by `inset`, `height` high. */
  legs(
    material: MaterialName,
    w: number,
    d: number,
    height: number,
    inset: number,
    radius: number,
    round = true,
  ): void {
    for (const sx of [-1, 1]) {
      for (const sz of [-1, 1]) {
        const x = sx * (w / 2 - inset);
        const z = sz * (d / 2 - inset);
        if (round) this.cylinder(material, x, 0, z, radius, radius * 0.8, height, 10);
        else this.block(material, x, z, 0, [radius * 2, height, radius * 2], 0.003);
      }
    }
  }
}
