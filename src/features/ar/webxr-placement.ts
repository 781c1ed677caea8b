/**
 * The page's own WebXR `immersive-ar` session (Chrome on Android): the arrangement, exported as a GLB
 * (metres, floor at y = 0, origin at its footprint's centre), stands on a detected floor at true scale.
 * A reticle follows the floor where the screen's centre points (hit test from the viewer's space); a
 * tap places the arrangement there, turned to face the visitor; one finger held on it drags it along
 * the floor; two fingers turn it. WebXR lives on the page's thread, so this draws with the page's one
 * WebGL context (SharedRenderer), whether the viewer draws its room there or in the render worker, and
 * gives the context back as it was when the session ends. Loaded only when a visitor starts AR (three.js
 * and GLTFLoader are in its chunk).
 */
import {
  AmbientLight,
  Box3,
  Color,
  DirectionalLight,
  Group,
  HemisphereLight,
  Mesh,
  MeshBasicMaterial,
  Object3D,
  PerspectiveCamera,
  Plane,
  Ray,
  RingGeometry,
  Scene,
  Vector3,
  type Material,
  type Texture,
} from 'three';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { SharedRenderer } from '../../three/shared-renderer.js';
import type { XrSession } from './request-session.js';

/** What the placement tells its element. */
export interface PlacementEvents {
  /** The arrangement stands on the floor: placed by a tap, or moved or turned (once per gesture). */
  placed(): void;
  /** The session ended (the visitor left, the page ended it, or the system did). */
  ended(): void;
}

interface XrFrame {
  getHitTestResults(source: unknown): { getPose(space: unknown): { transform: XrTransform } | undefined }[];
  getPose(space: unknown, base: unknown): { transform: XrTransform } | undefined;
}
interface XrTransform {
  position: { x: number; y: number; z: number };
  orientation: { x: number; y: number; z: number; w: number };
  matrix: Float32Array;
}
interface XrInputEvent extends Event {
  inputSource: { targetRaySpace: unknown };
}

/** A two-finger turn: the angle of the line between the fingers' floor points, as it was. */
interface Turn {
  angle: number;
  rotation: number;
}

export class WebXrPlacement {
  /** The arrangement (the GLB's scene in a group): placed, it stands where the visitor put it. */
  readonly arrangement = new Group();
  readonly #scene = new Scene();
  readonly #reticle: Mesh;
  readonly #session: XrSession;
  readonly #events: PlacementEvents;
  readonly #renderer = SharedRenderer.get().renderer;
  #space: unknown;
  #viewerHits?: { cancel(): void };
  #placed = false;
  /** The fingers on the screen (their input sources), in the order they came down. */
  #fingers: { targetRaySpace: unknown }[] = [];
  /** One finger dragging: the arrangement's place less where the finger first met the floor (set on the next frame). */
  #drag?: { offset?: Vector3 };
  #turn?: Turn;
  #moved = false;
  #floor = new Plane(new Vector3(0, 1, 0), 0);
  #restore?: () => void;
  #done = false;

  private constructor(session: XrSession, events: PlacementEvents) {
    this.#session = session;
    this.#events = events;
    this.arrangement.name = 'arrangement';
    this.arrangement.visible = false;
    const ring = new RingGeometry(0.12, 0.15, 40).rotateX(-Math.PI / 2);
    this.#reticle = new Mesh(ring, new MeshBasicMaterial({ color: 0xffffff }));
    this.#reticle.matrixAutoUpdate = false;
    this.#reticle.visible = false;
    this.#scene.add(
      new HemisphereLight(0xffffff, 0x888877, 2),
      new AmbientLight(0xffffff, 0.4),
      this.arrangement,
      this.#reticle,
    );
    const sun = new DirectionalLight(0xffffff, 1.5);
    sun.position.set(2, 4, 3);
    this.#scene.add(sun);
  }

  /**
   * Draws the session with the page's WebGL context and loads `glb` into it. Rejects (the session ended)
   * when the file cannot be read.
   */
  static async start(session: XrSession, glb: Blob, events: PlacementEvents): Promise<WebXrPlacement> {
    const placement = new WebXrPlacement(session, events);
    try {
      await placement.#begin();
      const gltf = await new GLTFLoader().parseAsync(await glb.arrayBuffer(), '');
      placement.arrangement.add(gltf.scene);
    } catch (error) {
      await placement.end();
      throw error;
    }
    return placement;
  }

  /** Ends the session (the view comes back through `ended`). */
  async end(): Promise<void> {
    if (this.#done) return;
    await this.#session.end().catch(() => undefined);
    this.#finish();
  }

  async #begin(): Promise<void> {
    const renderer = this.#renderer;
    const session = this.#session;
    session.addEventListener('end', this.#onEnd);
    // the floor-levelled space where offered (y = 0 on the floor), else the device's own start
    let type = 'local-floor';
    try {
      await session.requestReferenceSpace('local-floor');
    } catch {
      type = 'local';
    }
    const clear = new Color();
    renderer.getClearColor(clear);
    const alpha = renderer.getClearAlpha();
    const autoClear = renderer.autoClear;
    this.#restore = () => {
      renderer.setAnimationLoop(null);
      renderer.xr.enabled = false;
      renderer.setClearColor(clear, alpha);
      renderer.autoClear = autoClear;
    };
    // the camera's picture shows through: nothing is cleared to a colour
    renderer.setClearColor(0x000000, 0);
    renderer.autoClear = true;
    renderer.xr.enabled = true;
    renderer.xr.setReferenceSpaceType(type as 'local-floor');
    await renderer.xr.setSession(session as never);
    this.#space = renderer.xr.getReferenceSpace();
    const viewer = await session.requestReferenceSpace('viewer');
    this.#viewerHits = await session.requestHitTestSource?.({ space: viewer });
    session.addEventListener('selectstart', this.#onSelectStart);
    session.addEventListener('selectend', this.#onSelectEnd);
    session.addEventListener('select', this.#onSelect);
    const camera = new PerspectiveCamera();
    renderer.setAnimationLoop((_time, frame) => {
      if (frame) this.#frame(frame as unknown as XrFrame);
      renderer.render(this.#scene, camera);
    });
  }

  #frame(frame: XrFrame): void {
    const hit = this.#viewerHits && frame.getHitTestResults(this.#viewerHits)[0]?.getPose(this.#space);
    this.#reticle.visible = !!hit && !this.#placed;
    if (hit) this.#reticle.matrix.fromArray(hit.transform.matrix);
    if (!this.#placed) return;
    const points = this.#fingers.map((finger) => this.#floorPoint(frame, finger.targetRaySpace));
    if (points.length >= 2 && points[0] && points[1]) {
      const angle = Math.atan2(points[1].z - points[0].z, points[1].x - points[0].x);
      this.#turn ??= { angle, rotation: this.arrangement.rotation.y };
      // turning the fingers clockwise seen from above turns the arrangement with them
      this.arrangement.rotation.y = this.#turn.rotation - (angle - this.#turn.angle);
      this.#drag = undefined;
      this.#moved = true;
    } else if (this.#drag && points[0]) {
      if (!this.#drag.offset) this.#drag.offset = this.arrangement.position.clone().sub(points[0]);
      else {
        const to = points[0].add(this.#drag.offset);
        // a finger held still is a tap, not a move (a millimetre of jitter is no move either)
        if (to.distanceTo(this.arrangement.position) > 0.001) this.#moved = true;
        this.arrangement.position.copy(to);
      }
    }
  }

  /** Where a finger's ray meets the floor the arrangement stands on. */
  #floorPoint(frame: XrFrame, space: unknown): Vector3 | undefined {
    const pose = frame.getPose(space, this.#space);
    if (!pose) return undefined;
    const { position: p, orientation: q } = pose.transform;
    const origin = new Vector3(p.x, p.y, p.z);
    const direction = new Vector3(0, 0, -1).applyQuaternion({ x: q.x, y: q.y, z: q.z, w: q.w } as never);
    return new Ray(origin, direction).intersectPlane(this.#floor, new Vector3()) ?? undefined;
  }

  /** A tap with the reticle on the floor places the arrangement there, facing the visitor. */
  #onSelect = (): void => {
    if (this.#placed || !this.#reticle.visible) return;
    const at = new Vector3().setFromMatrixPosition(this.#reticle.matrix);
    const eye = new Vector3();
    const xrCamera = this.#renderer.xr.getCamera();
    xrCamera.getWorldPosition(eye);
    this.arrangement.position.copy(at);
    // the arrangement's front (+z) turned toward where the visitor stands
    this.arrangement.rotation.set(0, Math.atan2(eye.x - at.x, eye.z - at.z), 0);
    this.arrangement.visible = true;
    this.#floor.constant = -at.y;
    this.#placed = true;
    this.#reticle.visible = false;
    this.#events.placed();
  };

  #onSelectStart = (event: Event): void => {
    const { inputSource } = event as XrInputEvent;
    this.#fingers.push(inputSource);
    if (!this.#placed) return;
    this.#turn = undefined;
    this.#drag = this.#fingers.length === 1 ? {} : undefined;
  };

  #onSelectEnd = (event: Event): void => {
    const { inputSource } = event as XrInputEvent;
    this.#fingers = this.#fingers.filter((f) => f !== inputSource);
    this.#turn = undefined;
    if (this.#fingers.length === 0) {
      this.#drag = undefined;
      if (this.#moved) this.#events.placed();
      this.#moved = false;
    }
  };

  #onEnd = (): void => {
    this.#finish();
  };

  #finish(): void {
    if (this.#done) return;
    this.#done = true;
    this.#viewerHits?.cancel();
    this.#session.removeEventListener('end', this.#onEnd);
    this.#restore?.();
    disposeTree(this.#scene);
    this.#events.ended();
  }

  /** The arrangement's box in the session's space (metres), for tests and tools. */
  worldBox(): Box3 {
    this.#scene.updateMatrixWorld(true);
    return new Box3().setFromObject(this.arrangement);
  }
}

/** Frees what the session's scene holds on the GPU (the page's context stays). */
function disposeTree(root: Object3D): void {
  root.traverse((object) => {
    const mesh = object as Partial<Mesh>;
    mesh.geometry?.dispose();
    const materials = ([] as (Material | undefined)[]).concat(mesh.material as Material | Material[]);
    for (const material of materials) {
      if (!material) continue;
      for (const value of Object.values(material))
        if ((value as Texture)?.isTexture) (value as Texture).dispose();
      material.dispose();
    }
  });
}
