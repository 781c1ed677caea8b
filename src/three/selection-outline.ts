/**
 * The selected and highlighted components, drawn in the view's own render: each as its box's twelve
 * edges (drawn over everything, so a piece behind a wall still shows where it is) and a translucent
 * tint over its faces. One LineSegments and one Mesh per kind (selected, highlighted), rebuilt only
 * when the ids change: a few hundred vertices, nothing per frame.
 */
import {
  BufferGeometry,
  Float32BufferAttribute,
  Group,
  LineBasicMaterial,
  LineSegments,
  Matrix4,
  Mesh,
  MeshBasicMaterial,
  Vector3,
} from 'three';
import type { ModelComponent } from '../model/types.js';
import { componentMatrix } from './components.js';
import type { RoomView } from './room-view.js';

export const SELECTED_COLOUR = '#2563eb';
export const HIGHLIGHT_COLOUR = '#f59e0b';
/** At most this many outlined pieces per kind (a page asking for 100 000 must not stall a frame). */
const MAX_OUTLINED = 5_000;
/** The outline stands off the piece's faces by this much (cm), so the tint never fights them in depth. */
const STAND_OFF = 1;

// corner index bits: x (1), y (2), z (4)
const EDGES = [0, 1, 2, 3, 4, 5, 6, 7, 0, 2, 1, 3, 4, 6, 5, 7, 0, 4, 1, 5, 2, 6, 3, 7];
const FACES = [
  [0, 2, 3, 1],
  [4, 5, 7, 6],
  [0, 1, 5, 4],
  [2, 6, 7, 3],
  [0, 4, 6, 2],
  [1, 3, 7, 5],
];

class Outline {
  readonly edges: LineSegments;
  readonly tint: Mesh;

  constructor(colour: string, parent: Group) {
    this.edges = new LineSegments(
      new BufferGeometry(),
      new LineBasicMaterial({ color: colour, depthTest: false, transparent: true, toneMapped: false }),
    );
    this.tint = new Mesh(
      new BufferGeometry(),
      new MeshBasicMaterial({
        color: colour,
        transparent: true,
        opacity: 0.35,
        depthWrite: false,
        toneMapped: false,
      }),
    );
    // after the room and its shading
    this.edges.renderOrder = 3;
    this.tint.renderOrder = 2;
    parent.add(this.tint, this.edges);
  }

  set(components: readonly ModelComponent[], height: number): void {
    const lines: number[] = [];
    const faces: number[] = [];
    const matrix = new Matrix4();
    const v = new Vector3();
    for (const c of components.slice(0, MAX_OUTLINED)) {
      const [min, max] = c.boundingBox.map((p) => p.map((n) => (Number.isFinite(n) ? n : 0)));
      const lo = [0, 1, 2].map((i) => Math.min(min![i]!, max![i]!) - STAND_OFF);
      const hi = [0, 1, 2].map((i) => Math.max(min![i]!, max![i]!) + STAND_OFF);
      // an upright piece is drawn cut at the wall height (components.ts); so is its outline
      if (c.rotation[0] % 360 === 0 && c.rotation[1] % 360 === 0 && height > 0)
        hi[2] = Math.max(lo[2]! + 1, Math.min(hi[2]!, height - c.position[2] + STAND_OFF));
      componentMatrix(c, matrix);
      const corners = [0, 1, 2, 3, 4, 5, 6, 7].map((bits) =>
        v
          .set(bits & 1 ? hi[0]! : lo[0]!, bits & 2 ? hi[1]! : lo[1]!, bits & 4 ? hi[2]! : lo[2]!)
          .applyMatrix4(matrix)
          .toArray(),
      );
      for (const i of EDGES) lines.push(...corners[i]!);
      for (const [a, b, cc, d] of FACES) for (const i of [a, b, cc, a, cc, d]) faces.push(...corners[i!]!);
    }
    replace(this.edges, lines);
    replace(this.tint, faces);
  }

  dispose(): void {
    this.edges.removeFromParent();
    this.tint.removeFromParent();
    for (const object of [this.edges, this.tint]) {
      object.geometry.dispose();
      (object.material as MeshBasicMaterial).dispose();
    }
  }
}

function replace(object: Mesh | LineSegments, positions: number[]): void {
  object.geometry.dispose();
  const geometry = new BufferGeometry();
  if (positions.length) geometry.setAttribute('position', new Float32BufferAttribute(positions, 3));
  object.geometry = geometry;
  object.visible = positions.length > 0;
}

/** The selection and the highlight of one view; `dispose()` before the view goes. */
export class SelectionOutline {
  readonly group = new Group();
  readonly #selected: Outline;
  readonly #highlighted: Outline;

  constructor(private readonly view: RoomView) {
    this.group.name = 'selection-outline';
    // not something a click can pick (picking.ts)
    this.group.userData.pickable = false;
    this.#highlighted = new Outline(HIGHLIGHT_COLOUR, this.group);
    this.#selected = new Outline(SELECTED_COLOUR, this.group);
    view.room.root.add(this.group);
    this.group.updateMatrixWorld(true);
  }

  /** Outlines `selected` and `highlighted` (a piece in both shows as selected) and draws again. */
  show(selected: readonly ModelComponent[], highlighted: readonly ModelComponent[]): void {
    const height = this.view.room.model.height;
    const chosen = new Set(selected);
    this.#selected.set(selected, height);
    this.#highlighted.set(
      highlighted.filter((c) => !chosen.has(c)),
      height,
    );
    this.view.requestRender();
  }

  dispose(): void {
    this.#selected.dispose();
    this.#highlighted.dispose();
    this.group.removeFromParent();
    this.view.requestRender();
  }
}
