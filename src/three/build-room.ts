/**
 * Builds a viewer's scene from a validated model and its plan geometry: walls, floors and ceilings
 * (one merged mesh per material), the walls' cut tops, baked ambient occlusion (shade.ts), components
 * (instanced shapes, or the page's own meshes), the sun (with a shadow drawn only when the scene changed)
 * and a baked environment as spherical harmonics (environment.ts). Everything it creates is tracked and
 * freed by dispose().
 */
import {
  Box3,
  DirectionalLight,
  Group,
  LightProbe,
  Matrix4,
  Mesh,
  Scene,
  SphericalHarmonics3,
  Sphere,
  type BufferGeometry,
  type Material,
  type Object3D,
} from 'three';
import type { ModelComponent, PlanGeometry, RoomModel, Vec3 } from '../model/types.js';
import { MODEL_TO_WORLD, toWorld } from './axes.js';
import { buildComponents, componentMatrix, type ComponentGroup } from './components.js';
import { ENVIRONMENT_SH, SUN_SHARE, exposureFromStops } from './environment.js';
import { buildFloorsAndCeilings } from './floors.js';
import { MaterialLibrary, type SurfaceRole } from './materials.js';
import type { MeshData } from './mesh-data.js';
import { SHADE_LIFT, type ShadeData } from './shade.js';
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

/** Side of the sun's shadow map (texels): 2-3 cm per texel over a flat's plan. */
const SHADOW_MAP_SIZE = 1024;

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
  #sun?: DirectionalLight;
  #disposed = false;
  /** Exposure multiplier from the model's camera (1 without one). */
  readonly exposure: number;
  /** The sun's shadow must be drawn again (built, or a loaded component arrived). */
  shadowsDirty = true;

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

    this.exposure = exposureFromStops(model.camera?.exposure);
    const walls = buildWalls(plan, SHADE_LIFT);
    const wallGroup = this.#addMerged(walls.byMaterial, 'wall', 'walls');
    this.#addMesh(wallGroup, walls.tops, this.materials.cutTop(), 'wall-tops');
    const { floors, ceilings } = buildFloorsAndCeilings(plan);
    this.#addMerged(floors, 'floor', 'floors');
    const ceilingGroup = this.#addMerged(ceilings, 'ceiling', 'ceilings');
    this.#addShade(this.root, walls.shade, 'shade');
    // the shade under the ceiling goes (and hides) with the ceilings
    this.#addShade(ceilingGroup, walls.ceilingShade, 'ceiling-shade');
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

  #addMerged(byMaterial: Map<string, MeshData>, role: SurfaceRole, name: string): Group {
    const group = new Group();
    group.name = name;
    for (const [materialId, data] of byMaterial) {
      const mesh = this.#addMesh(
        group,
        data,
        this.materials.surface(materialId || undefined, role),
        `${role}:${materialId}`,
      );
      if (!mesh) continue;
      // Walls cast the sun's shadow, floors catch it. Ceilings do neither (the sun shines in from above,
      // as through a plan), and walls and furniture do not catch it: under software WebGL sampling the
      // shadow map in every fragment of every surface doubled the time of a frame, and floors are where
      // the shadows of a room fall (a sun from above lights no vertical face).
      mesh.castShadow = role === 'wall';
      mesh.receiveShadow = role === 'floor';
    }
    this.root.add(group);
    return group;
  }

  #addMesh(parent: Object3D, data: MeshData, material: Material, name: string): Mesh | undefined {
    if (data.empty) return undefined;
    const geometry = data.toGeometry();
    this.#geometries.add(geometry);
    const mesh = new Mesh(geometry, material);
    mesh.name = name;
    parent.add(mesh);
    return mesh;
  }

  #addShade(parent: Object3D, data: ShadeData, name: string): void {
    if (data.empty) return;
    const geometry = data.toGeometry();
    this.#geometries.add(geometry);
    const mesh = new Mesh(geometry, this.materials.shade());
    mesh.name = name;
    // drawn after the surfaces it darkens (it is transparent, and this keeps it after furniture too)
    mesh.renderOrder = 1;
    parent.add(mesh);
  }

  #addLights(): void {
    // the baked environment: irradiance from spherical harmonics, no environment map, no pre-filter
    const probe = new LightProbe(new SphericalHarmonics3().fromArray([...ENVIRONMENT_SH]), 1);
    probe.name = 'environment';
    this.scene.add(probe);

    // The model's sun gives a direction; the light is placed to cover the room for its shadow.
    const sunModel = this.model.sun ?? DEFAULT_SUN;
    const sun = new DirectionalLight(0xffffff, SUN_SHARE * Math.PI);
    const from = toWorld(sunModel.position);
    const aim = toWorld([
      sunModel.position[0] + sunModel.direction[0],
      sunModel.position[1] + sunModel.direction[1],
      sunModel.position[2] + sunModel.direction[2],
    ]);
    const direction = aim.sub(from);
    if (!(direction.lengthSq() > 1e-12) || !Number.isFinite(direction.lengthSq())) direction.set(0, -1, 0);
    direction.normalize();
    const { min, max } = this.plan.bounds;
    const box = new Box3().setFromPoints([
      toWorld([min[0], min[1], 0]),
      toWorld([max[0], max[1], Math.max(this.plan.height, 1)]),
    ]);
    const sphere = box.getBoundingSphere(new Sphere());
    const radius = Number.isFinite(sphere.radius) && sphere.radius > 0 ? sphere.radius : 1;
    const centre = sphere.center.clone();
    if (!Number.isFinite(centre.lengthSq())) centre.set(0, 0, 0);
    sun.target.position.copy(centre);
    sun.position.copy(centre).addScaledVector(direction, -2 * radius);
    sun.castShadow = true;
    const camera = sun.shadow.camera;
    camera.left = camera.bottom = -radius;
    camera.right = camera.top = radius;
    camera.near = radius * 0.5;
    camera.far = radius * 3.5;
    camera.updateProjectionMatrix();
    sun.shadow.mapSize.set(SHADOW_MAP_SIZE, SHADOW_MAP_SIZE);
    sun.shadow.bias = -0.0004;
    sun.shadow.normalBias = 0.01;
    sun.shadow.autoUpdate = true;
    sun.name = 'sun';
    this.#sun = sun;
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
    // the page's furniture arrives hidden when the furniture is (`furniture="hidden"`)
    holder.userData.furniture = group.mesh.userData.furniture === true;
    holder.visible = group.mesh.visible;
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
    this.shadowsDirty = true;
  }

  /** Frees every geometry, material and texture made for this scene (and the page's loaded objects). */
  dispose(): void {
    if (this.#disposed) return;
    this.#disposed = true;
    for (const group of this.groups) group.mesh.dispose();
    for (const geometry of this.#geometries) geometry.dispose();
    for (const object of this.#loaded) disposeObject(object);
    // the sun's shadow map is a render target the renderer made for it
    this.#sun?.shadow.dispose();
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
