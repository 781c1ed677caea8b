/**
 * Builds a viewer's scene from a validated model and its plan geometry: walls, floors and ceilings
 * (one merged mesh per material), components (instanced boxes, or the page's own meshes), the sun and
 * a sky light. Everything it creates is tracked and freed by dispose().
 */
import {
  Box3,
  DirectionalLight,
  Group,
  HemisphereLight,
  Matrix4,
  Mesh,
  Scene,
  type BufferGeometry,
  type Material,
  type Object3D,
} from 'three';
import type { ModelComponent, PlanGeometry, RoomModel, Vec3 } from '../model/types.js';
import { MODEL_TO_WORLD, toWorld } from './axes.js';
import { colourFromSrgb } from './colour.js';
import { buildComponents, componentMatrix, type ComponentGroup } from './components.js';
import { buildFloorsAndCeilings } from './floors.js';
import { MaterialLibrary, type SurfaceRole } from './materials.js';
import type { MeshData } from './mesh-data.js';
import { buildWalls } from './walls.js';

/** How a page supplies real furniture: an object in the component's own frame (centimetres, z up). */
export type ComponentLoader = (component: ModelComponent) => Promise<Object3D | null | undefined>;

export interface BuildOptions {
  mediaBase?: string;
  componentLoader?: ComponentLoader;
  /** Something arrived later (texture, loaded component): draw again. */
  onChange(): void;
  onTextureError(url: string, materialId: string): void;
  onComponentError?(error: unknown, component: ModelComponent): void;
}

/**
 * Light: a sky light plus the model's sun. Their strengths add up to 1 (times π, three's unit) on a
 * surface facing up under a sun from straight above, so a floor shows its material's own colour; walls
 * get less and read as walls.
 */
const SKY_SHARE = 0.62;
const SUN_SHARE = 0.38;
const DEFAULT_SUN: { position: Vec3; direction: Vec3 } = {
  position: [300, 400, 800],
  direction: [-300, -400, -800],
};

export class RoomScene {
  readonly scene = new Scene();
  /** Holds everything in model space; its matrix is MODEL_TO_WORLD (see axes.ts). */
  readonly root = new Group();
  /** The model's bounds in world space (walls from floor to wall height). */
  readonly bounds = new Box3();
  readonly materials: MaterialLibrary;
  readonly groups: ComponentGroup[];
  readonly #geometries = new Set<BufferGeometry>();
  readonly #loaded = new Set<Object3D>();
  #disposed = false;

  constructor(
    readonly model: RoomModel,
    readonly plan: PlanGeometry,
    private readonly options: BuildOptions,
  ) {
    this.materials = new MaterialLibrary(model, options);
    this.root.matrixAutoUpdate = false;
    this.root.matrix.copy(MODEL_TO_WORLD);
    this.root.name = 'room';
    this.scene.add(this.root);

    this.#addMerged(buildWalls(plan), 'wall', 'walls');
    const { floors, ceilings } = buildFloorsAndCeilings(plan);
    this.#addMerged(floors, 'floor', 'floors');
    this.#addMerged(ceilings, 'ceiling', 'ceilings');
    this.groups = buildComponents(model, this.materials);
    for (const group of this.groups) {
      this.#geometries.add(group.mesh.geometry);
      this.root.add(group.mesh);
    }
    this.#addLights();
    this.root.updateMatrixWorld(true);

    const { min, max } = plan.bounds;
    const corners = [toWorld([min[0], min[1], 0]), toWorld([max[0], max[1], Math.max(plan.height, 1)])];
    this.bounds.setFromPoints(corners);
    if (options.componentLoader) this.#loadComponents(options.componentLoader);
  }

  /** Ceiling meshes (hidden in the `top` view). */
  get ceilings(): Object3D | undefined {
    return this.root.getObjectByName('ceilings');
  }

  #addMerged(byMaterial: Map<string, MeshData>, role: SurfaceRole, name: string): void {
    const group = new Group();
    group.name = name;
    for (const [materialId, data] of byMaterial) {
      if (data.empty) continue;
      const geometry = data.toGeometry();
      this.#geometries.add(geometry);
      const mesh = new Mesh(geometry, this.materials.surface(materialId || undefined, role));
      mesh.name = `${role}:${materialId}`;
      group.add(mesh);
    }
    this.root.add(group);
  }

  #addLights(): void {
    const sky = new HemisphereLight(0xffffff, 0xffffff, SKY_SHARE * Math.PI);
    // ground light a little darker and warmer so ceilings and walls shade apart from floors
    colourFromSrgb([0.62, 0.6, 0.57], sky.groundColor);
    sky.position.set(0, 1, 0);
    this.scene.add(sky);

    const sunModel = this.model.sun ?? DEFAULT_SUN;
    const sun = new DirectionalLight(0xffffff, SUN_SHARE * Math.PI);
    toWorld(sunModel.position, sun.position);
    const aim: Vec3 = [
      sunModel.position[0] + sunModel.direction[0],
      sunModel.position[1] + sunModel.direction[1],
      sunModel.position[2] + sunModel.direction[2],
    ];
    if (sun.position.distanceTo(toWorld(aim)) < 1e-6) toWorld([0, 0, 0], sun.target.position);
    else toWorld(aim, sun.target.position);
    sun.name = 'sun';
    this.scene.add(sun, sun.target);
  }

  #loadComponents(loader: ComponentLoader): void {
    for (const group of this.groups) {
      const first = group.components[0]!;
      if (first.kind !== 'furniture') continue;
      let promise: Promise<Object3D | null | undefined>;
      try {
        promise = Promise.resolve(loader(first));
      } catch (error) {
        this.options.onComponentError?.(error, first);
        continue;
      }
      promise.then(
        (object) => {
          if (!object || this.#disposed) {
            if (object && this.#disposed) disposeObject(object);
            return;
          }
          this.#replaceGroup(group, object);
          this.options.onChange();
        },
        (error) => {
          if (!this.#disposed) this.options.onComponentError?.(error, first);
        },
      );
    }
  }

  /** Swaps a group's instanced boxes for clones of the page's object (they share its geometry). */
  #replaceGroup(group: ComponentGroup, object: Object3D): void {
    const holder = new Group();
    holder.name = `loaded:${group.key}`;
    const matrix = new Matrix4();
    for (const component of group.components) {
      const clone = object.clone();
      clone.matrixAutoUpdate = false;
      clone.matrix.copy(componentMatrix(component, matrix)).multiply(object.matrix);
      holder.add(clone);
    }
    this.root.remove(group.mesh);
    group.mesh.geometry.dispose();
    this.#geometries.delete(group.mesh.geometry);
    group.mesh.dispose();
    this.#loaded.add(object);
    this.root.add(holder);
    this.root.updateMatrixWorld(true);
  }

  /** Frees every geometry, material and texture made for this scene (and the page's loaded objects). */
  dispose(): void {
    if (this.#disposed) return;
    this.#disposed = true;
    for (const group of this.groups) group.mesh.dispose();
    for (const geometry of this.#geometries) geometry.dispose();
    for (const object of this.#loaded) disposeObject(object);
    this.materials.dispose();
    this.scene.clear();
    this.#geometries.clear();
    this.#loaded.clear();
  }
}

/** Frees an object tree's geometries, materials and their textures. */
export function disposeObject(object: Object3D): void {
  object.traverse((node) => {
    const mesh = node as Mesh;
    if (mesh.geometry) mesh.geometry.dispose();
    const materials: Material[] = Array.isArray(mesh.material)
      ? mesh.material
      : mesh.material
        ? [mesh.material]
        : [];
    for (const material of materials) {
      for (const value of Object.values(material)) {
        if (value && typeof value === 'object' && (value as { isTexture?: boolean }).isTexture) {
          (value as { dispose(): void }).dispose();
        }
      }
      material.dispose();
    }
  });
}
