/**
 * Builds a viewer's scene from a validated model and its plan geometry: walls, floors and ceilings
 * (one merged mesh per material), the walls' cut tops, baked ambient occlusion (shade.ts), components
 * (instanced shapes, then the page's own meshes or the products' meshes of `furniture-base` as they
 * arrive), the sun (with a shadow drawn only when the scene changed)
 * and a baked environment as spherical harmonics (environment.ts). Everything it creates is tracked and
 * freed by dispose().
 */
import {
  Box3,
  DirectionalLight,
  Group,
  InstancedMesh,
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
import {
  buildComponents,
  componentMatrix,
  prepareComponentShapes,
  type ComponentGroup,
  type ComponentShape,
} from './components.js';
import { forgetMotionDetail } from './motion-lod.js';
import { ENVIRONMENT_SH, SUN_SHARE, exposureFromStops } from './environment.js';
import { buildFloorsAndCeilings } from './floors.js';
import { MaterialLibrary, type SurfaceRole } from './materials.js';
import type { MeshData } from './mesh-data.js';
import { SHADE_LIFT, type ShadeData } from './shade.js';
import { buildWalls } from './walls.js';
import type { RoomSurfaces } from './surfaces.js';

/** How a page supplies real furniture: an object in the component's own frame (centimetres, z up). */
export type ComponentLoader = (component: ModelComponent) => Promise<Object3D | null | undefined>;

/**
 * A product's mesh from the built-in loader (furniture-meshes.ts), shared by every viewer of the page:
 * one geometry in the model's axes (z up, the front facing +y; any size: it is fitted into each
 * component's box), a group per part with its material in `materials`. `release()` when no longer shown
 * (the cache frees it when it needs the room); never dispose it yourself.
 */
export interface FurnitureMesh {
  geometry: BufferGeometry;
  materials: Material[];
  /** The geometry's bounds. */
  bounds: Box3;
  release(): void;
}

/** The built-in loader: the product's shared mesh, or undefined when it has none (the box stays, quietly). */
export type MeshLoader = (component: ModelComponent) => Promise<FurnitureMesh | undefined>;

/** How many pieces of furniture are drawn as boxes and as their products' meshes (tests and tools). */
export interface FurnitureCounts {
  boxes: number;
  meshes: number;
  /** Kinds of furniture whose mesh is on its way. */
  pending: number;
}

/**
 * The plan's walls, floors and ceilings and the model's furniture shapes, built ahead of the scene
 * (prepareRoomGeometry): together the larger share of a room's build on a slow phone, so each in tasks
 * of its own.
 */
export interface PreparedGeometry {
  plan: PlanGeometry;
  walls: ReturnType<typeof buildWalls>;
  surfaces: ReturnType<typeof buildFloorsAndCeilings>;
  /** The model the shapes were made for. */
  model?: RoomModel;
  components?: ComponentShape[];
}

/**
 * Builds the plan's walls, then (after `yieldToPage`) its floors and ceilings, then the model's
 * furniture, doors and windows in slices, each in a task of its own (issue 20: while an element
 * starts, no task over 50 ms where that can be helped); RoomScene then only makes the materials and
 * puts the meshes together.
 */
export async function prepareRoomGeometry(
  plan: PlanGeometry,
  yieldToPage: () => Promise<void>,
  model?: RoomModel,
): Promise<PreparedGeometry> {
  const walls = buildWalls(plan, SHADE_LIFT);
  await yieldToPage();
  const surfaces = buildFloorsAndCeilings(plan);
  await yieldToPage();
  if (!model) return { plan, walls, surfaces };
  const components = await prepareComponentShapes(model, yieldToPage);
  await yieldToPage();
  return { plan, walls, surfaces, model, components };
}

export interface BuildOptions {
  /** The walls, floors and ceilings built ahead (for this very plan), else built here. */
  prepared?: PreparedGeometry;
  mediaBase?: string;
  componentLoader?: ComponentLoader;
  /** The products' meshes (`furniture-base`); a `componentLoader` wins over it. */
  meshLoader?: MeshLoader;
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
  /** Shared product meshes shown: released (not disposed) with the scene. */
  readonly #shared = new Set<FurnitureMesh>();
  #pendingMeshes = 0;
  /** Box meshes left drawing only their contact shadows once a mesh replaced them. */
  readonly #shadows = new Set<InstancedMesh>();
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
    const prepared = options.prepared?.plan === plan ? options.prepared : undefined;
    const walls = prepared?.walls ?? buildWalls(plan, SHADE_LIFT);
    const wallGroup = this.#addMerged(walls.byMaterial, 'wall', 'walls');
    this.#addMesh(wallGroup, walls.tops, this.materials.cutTop(), 'wall-tops');
    const { floors, ceilings } = prepared?.surfaces ?? buildFloorsAndCeilings(plan);
    this.#addMerged(floors, 'floor', 'floors');
    const ceilingGroup = this.#addMerged(ceilings, 'ceiling', 'ceilings');
    this.#addShade(this.root, walls.shade, 'shade');
    // the shade under the ceiling goes (and hides) with the ceilings
    this.#addShade(ceilingGroup, walls.ceilingShade, 'ceiling-shade');
    this.groups = buildComponents(
      model,
      this.materials,
      options.prepared?.model === model ? options.prepared.components : undefined,
    );
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
    else if (options.meshLoader) this.#loadMeshes(options.meshLoader);
  }

  /** Pieces of furniture drawn as boxes and as meshes (the page's own or the products'). */
  furniture(): FurnitureCounts {
    const counts: FurnitureCounts = { boxes: 0, meshes: 0, pending: this.#pendingMeshes };
    for (const group of this.groups) {
      if (group.components[0]!.kind !== 'furniture') continue;
      const replaced = group.meshed || !group.mesh.parent;
      if (replaced) counts.meshes += group.components.length;
      else counts.boxes += group.components.length;
    }
    return counts;
  }

  // surfaces (issue 37)
  /**
   * The surfaces the page can paint (surfaces.ts `surfacesOf`), made on first use: with the features, a
   * later stage of the render worker (issue 33), not the first frame's.
   */
  surfaces?: RoomSurfaces;

  /** Something in the scene changed: drawn again. */
  changed(): void {
    this.options.onChange();
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

  #loadMeshes(loader: MeshLoader): void {
    for (const group of this.groups) {
      const first = group.components[0]!;
      if (first.kind !== 'furniture') continue;
      this.#pendingMeshes++;
      let promise: Promise<FurnitureMesh | undefined>;
      try {
        promise = loader(first);
      } catch (error) {
        promise = Promise.reject(error);
      }
      promise
        .then(
          (mesh) => {
            if (!mesh) return;
            if (this.#disposed) return mesh.release();
            this.#swapInMesh(group, mesh);
            this.options.onChange();
          },
          (error) => {
            if (!this.#disposed) this.options.onComponentError?.(error, first);
          },
        )
        .finally(() => this.#pendingMeshes--);
    }
  }

  /**
   * Draws a group's pieces as the product's shared mesh, fitted into the group's box (so nothing
   * jumps: the mesh takes the place and size the box had), one InstancedMesh over the shared
   * geometry. The boxes go; their contact shadow on the floor stays.
   */
  #swapInMesh(group: ComponentGroup, shared: FurnitureMesh): void {
    this.#shared.add(shared);
    const [min, max] = group.box;
    const { min: from, max: to } = shared.bounds;
    const scale = [0, 1, 2].map((i) => {
      const size = to.getComponent(i) - from.getComponent(i);
      const target = max[i]! - min[i]!;
      return size > 1e-6 ? target / size : 1;
    });
    // box min + (p - mesh min) * scale, a flat side centred in its box
    const fit = new Matrix4()
      .makeTranslation(
        ...([0, 1, 2].map((i) => {
          const size = to.getComponent(i) - from.getComponent(i);
          return size > 1e-6
            ? min[i]! - from.getComponent(i) * scale[i]!
            : (min[i]! + max[i]!) / 2 - from.getComponent(i);
        }) as [number, number, number]),
      )
      .multiply(new Matrix4().makeScale(scale[0]!, scale[1]!, scale[2]!));
    const mesh = new InstancedMesh(shared.geometry, shared.materials, group.components.length);
    mesh.name = group.key;
    mesh.castShadow = true;
    mesh.userData.furnitureMesh = true;
    const matrix = new Matrix4();
    group.components.forEach((component, i) =>
      mesh.setMatrixAt(i, componentMatrix(component, matrix).multiply(fit)),
    );
    mesh.instanceMatrix.needsUpdate = true;
    mesh.computeBoundingSphere();

    const boxes = group.mesh;
    const shadow = boxes.geometry.groups.find((g) => g.materialIndex === 1);
    if (shadow) {
      // only the contact shadow of the boxes is drawn on; picking skips it by its name
      boxes.geometry.clearGroups();
      boxes.geometry.addGroup(shadow.start, shadow.count, 1);
      boxes.name = `${group.key}:shade`;
      boxes.castShadow = false;
      this.#shadows.add(boxes);
    } else {
      this.root.remove(boxes);
      boxes.dispose();
    }
    group.mesh = mesh;
    group.meshed = true;
    this.root.add(mesh);
    this.root.updateMatrixWorld(true);
    forgetMotionDetail(this.root);
    this.shadowsDirty = true;
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
    for (const shadow of this.#shadows) shadow.dispose();
    for (const geometry of this.#geometries) geometry.dispose();
    // shared meshes are the page's cache's: handed back, not freed
    for (const shared of this.#shared) shared.release();
    this.#shared.clear();
    for (const object of this.#loaded) disposeObject(object);
    // the sun's shadow map is a render target the renderer made for it
    this.#sun?.shadow.dispose();
    this.surfaces?.dispose();
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
