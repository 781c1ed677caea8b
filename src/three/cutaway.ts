/**
 * The viewer's cutaway (`<room-viewer cutaway>`): the walls between the camera and what it looks at are
 * lowered to a section height, their cut tops dark as the planning service's 3D exports draw them, and
 * the ceilings are hidden unless the camera stands inside a room under them. Followed as the camera
 * moves, and cheap: the merged wall meshes are built again (with addWall, as build-room.ts does) only
 * when the set of lowered walls changes, so an orbit rebuilds them a few times, not every frame, and
 * the draw calls stay one per wall material.
 *
 * Which walls: a wall is lowered when its line separates the camera from the orbit target (seen from
 * above) and it stands on the camera's side of the target. The far walls, and walls off to the side
 * beyond the target, stay whole, so the room keeps its back and sides as a dollhouse view does. The
 * doors and windows of a lowered wall are hidden (their instances scaled to nothing): the wall keeps
 * their gap up to the cut, as a plan's section does.
 */
import { Group, Matrix4, Mesh, type BufferGeometry, type InstancedMesh, type Object3D } from 'three';
import { pointInRing } from '../model/polygon.js';
import type { Vec2, WallGeometry } from '../model/types.js';
import { toModel } from './axes.js';
import { MeshData } from './mesh-data.js';
import type { RoomView } from './room-view.js';
import { ShadeData } from './shade.js';
import { surfacesOf } from './surfaces.js';
import { addWall, type WallExtras } from './walls.js';

/** Section height of lowered walls (cm) when the page gives none: a sill's height, as plans cut. */
export const CUTAWAY_HEIGHT = 100;

/** Seen from above, (e) and (c) lie strictly on opposite sides of the wall's line. */
function separates(wall: WallGeometry, e: Vec2, c: Vec2): boolean {
  const dx = wall.end[0] - wall.start[0];
  const dy = wall.end[1] - wall.start[1];
  const side = (p: Vec2) => dx * (p[1] - wall.start[1]) - dy * (p[0] - wall.start[0]);
  return side(e) * side(c) < 0;
}

/**
 * The indexes of the walls to lower for a camera at `eye` looking at `target` (model space, seen from
 * above): pure, so the rule can be tested without WebGL.
 */
export function wallsToLower(walls: readonly WallGeometry[], eye: Vec2, target: Vec2): number[] {
  const toEye: Vec2 = [eye[0] - target[0], eye[1] - target[1]];
  const out: number[] = [];
  walls.forEach((wall, index) => {
    const mid: Vec2 = [(wall.start[0] + wall.end[0]) / 2, (wall.start[1] + wall.end[1]) / 2];
    const ahead = (mid[0] - target[0]) * toEye[0] + (mid[1] - target[1]) * toEye[1];
    if (ahead > 0 && separates(wall, eye, target)) out.push(index);
  });
  return out;
}

/** An instance scaled to nothing: not drawn. */
const NOTHING = new Matrix4().makeScale(0, 0, 0);

export class Cutaway {
  /** Holds the walls while the cutaway is on (the scene's own wall group is hidden meanwhile). */
  readonly group = new Group();
  #height: number;
  /** The lowered walls' indexes as built, joined (compared to see whether to build again). */
  #key?: string;
  #geometries: BufferGeometry[] = [];
  readonly #walls?: Object3D;
  readonly #ceilings?: Object3D;
  #disposed = false;
  /** Door and window instances hidden with their lowered wall: where they were. */
  #hidden = new Map<string, { mesh: InstancedMesh; index: number; matrix: Matrix4 }>();
  /** Every door and window instance by component id. */
  #openings?: Map<string, { mesh: InstancedMesh; index: number }>;

  constructor(
    private readonly view: RoomView,
    height = CUTAWAY_HEIGHT,
  ) {
    this.#height = height;
    const room = view.room;
    this.group.name = 'cutaway';
    this.#walls = room.root.getObjectByName('walls');
    this.#ceilings = room.ceilings;
    if (this.#walls) this.#walls.visible = false;
    room.root.add(this.group);
    this.update();
  }

  /** The section height (cm); a change builds the lowered walls again. */
  get height(): number {
    return this.#height;
  }

  set height(value: number) {
    if (value === this.#height) return;
    this.#height = value;
    this.#key = undefined;
    this.update();
  }

  /** Follows the camera; returns true when what is shown changed (the view is then asked to draw again). */
  update(): boolean {
    if (this.#disposed) return false;
    const { room, camera, controls } = this.view;
    const eye = toModel(camera.position);
    const target = toModel(controls.target);
    const lowered = wallsToLower(room.plan.walls, [eye[0], eye[1]], [target[0], target[1]]);
    let changed = false;
    const key = lowered.join(',');
    if (key !== this.#key) {
      this.#key = key;
      this.#build(new Set(lowered));
      changed = true;
    }
    // ceilings: shown only to a camera inside a room, under them
    const ceilings = this.#ceilings;
    if (ceilings) {
      const inside =
        eye[2] < room.plan.height &&
        room.plan.areas.some((area) => pointInRing([eye[0], eye[1]], area.polygon));
      if (ceilings.visible !== inside) {
        ceilings.visible = inside;
        changed = true;
      }
    }
    if (changed) this.view.requestRender();
    return changed;
  }

  #build(lowered: ReadonlySet<number>): void {
    const room = this.view.room;
    const plan = room.plan;
    const section = Math.max(1, Math.min(plan.height, this.#height));
    const byMaterial = new Map<string, MeshData>();
    // the shade strips of the scene's own walls stay (on the floor and at the foot of each wall, which
    // a lowered wall keeps); what addWall makes of them here is not used
    const extras: WallExtras = {
      tops: new MeshData(),
      shade: new ShadeData(),
      ceilingShade: new ShadeData(),
      ceilingLift: 0,
    };
    plan.walls.forEach((wall, index) => {
      const key = wall.material ?? '';
      let data = byMaterial.get(key);
      if (!data) byMaterial.set(key, (data = new MeshData()));
      addWall(data, wall, lowered.has(index) ? section : plan.height, extras);
    });
    this.#clear();
    this.#hideOpenings(lowered);
    for (const [materialId, data] of byMaterial) {
      const mesh = this.#mesh(
        data,
        room.materials.surface(materialId || undefined, 'wall'),
        `wall:${materialId}`,
      );
      if (mesh) mesh.castShadow = true;
    }
    this.#mesh(extras.tops, room.materials.cutTop(), 'wall-tops');
    this.group.updateMatrixWorld(true);
    // the sun's shadow follows the walls as they now stand
    room.shadowsDirty = true;
  }

  /** Hides the doors and windows of the lowered walls and shows the others again. */
  #hideOpenings(lowered: ReadonlySet<number>): void {
    const openings = (this.#openings ??= this.#findOpenings());
    const hide = new Set<string>();
    const walls = this.view.room.plan.walls;
    for (const index of lowered) for (const o of walls[index]!.openings) hide.add(o.componentId);
    const touched = new Set<InstancedMesh>();
    for (const [id, was] of this.#hidden) {
      if (hide.has(id)) continue;
      was.mesh.setMatrixAt(was.index, was.matrix);
      touched.add(was.mesh);
      this.#hidden.delete(id);
    }
    for (const id of hide) {
      const at = openings.get(id);
      if (!at || this.#hidden.has(id)) continue;
      const matrix = new Matrix4();
      at.mesh.getMatrixAt(at.index, matrix);
      this.#hidden.set(id, { ...at, matrix });
      at.mesh.setMatrixAt(at.index, NOTHING);
      touched.add(at.mesh);
    }
    for (const mesh of touched) mesh.instanceMatrix.needsUpdate = true;
  }

  #findOpenings(): Map<string, { mesh: InstancedMesh; index: number }> {
    const out = new Map<string, { mesh: InstancedMesh; index: number }>();
    for (const group of this.view.room.groups)
      group.components.forEach((component, index) => {
        if (component.kind !== 'furniture') out.set(component.id, { mesh: group.mesh, index });
      });
    return out;
  }

  #mesh(data: MeshData, material: Mesh['material'], name: string): Mesh | undefined {
    if (data.empty) return undefined;
    const geometry = data.toGeometry();
    this.#geometries.push(geometry);
    const mesh = new Mesh(geometry, material);
    mesh.name = name;
    // the walls' painted faces stay painted while lowered (issue 37)
    surfacesOf(this.view.room).dress(mesh);
    this.group.add(mesh);
    return mesh;
  }

  #clear(): void {
    this.group.clear();
    for (const geometry of this.#geometries) geometry.dispose();
    this.#geometries = [];
  }

  /** Puts the scene's own walls and ceilings back and frees what the cutaway made. */
  dispose(): void {
    if (this.#disposed) return;
    this.#disposed = true;
    this.#clear();
    this.#hideOpenings(new Set());
    this.group.removeFromParent();
    if (this.#walls) this.#walls.visible = true;
    // as RoomView.setCameraMode leaves them: shown in the model's own view only
    if (this.#ceilings) this.#ceilings.visible = this.view.cameraMode === 'model';
    this.view.room.shadowsDirty = true;
    this.view.requestRender();
  }
}
