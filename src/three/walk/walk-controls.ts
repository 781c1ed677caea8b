/**
 * `camera="walk"`: first person at eye height (160 cm) on the floor drawn, with walls that hold
 * (src/model/walk/). Keys: ↑/W forward, ↓/S back, ←/A and →/D turn, Shift+←/→ (or Q/E) step aside;
 * a drag looks around; a tap or click on the floor walks there (a flight along the floor, round the
 * furniture and walls in the way, src/model/walk/walk-path.ts, searched in slices that give the thread
 * back, so a tap on a very large plan makes no long task; at once under reduced motion). The
 * view's OrbitControls stay (their update keeps the camera on its target, and their `start`/`change`
 * events make `camera-change`) with their own rotate, pan and zoom turned off while walking. The same code runs on the page's thread and in the
 * render worker (pointer and keys are forwarded there onto the view's stand-in element).
 */
import { Raycaster, Vector2, Vector3 } from 'three';
import type { PlanGeometry, Vec2 } from '../../model/types.js';
import {
  EYE_HEIGHT,
  walk,
  walkPathSliced,
  walkStart,
  walkWorld,
  type WalkObstacle,
  type WalkStair,
  type WalkWorld,
} from '../../model/walk/index.js';
import { toWorld } from '../axes.js';
import type { RoomView } from '../room-view.js';
import { yieldToPage } from '../../platform/yield.js';

/** What the page gives a walk (RoomDrawing.setWalk): where it starts and the floor's stairs. */
export interface WalkSetup {
  /** Where the walker stands and looks (model frame, cm; a unit vector on the plan). */
  start?: { position: Vec2; heading: Vec2 };
  /** Stairs with the floor each leads to (none: it is in the way). */
  stairs: WalkStair[];
  /** Walk to a tapped place at once instead of flying there. */
  reducedMotion: boolean;
  // furniture holds the walker (src/model/walk/walk-furniture.ts)
  /** The floor's furniture in the way: footprints the walker keeps its 20 cm from. */
  furniture?: WalkObstacle[];
}

/** One key press: this far (cm), or this much turn (radians). */
const STEP = 15;
const TURN = (6 * Math.PI) / 180;
/** Flights along the floor: metres per second, and at most this long (s). */
const SPEED = 2.5;
const LONGEST = 1.5;
/** A press that moves less than this (CSS px) and lasts less than this (ms) is a tap. */
const TAP_PX = 6;
const TAP_MS = 500;
/** Radians per CSS pixel of drag, and how far up or down one may look. */
const LOOK = 0.005;
const PITCH = 1.2;

/** A flight to a tapped spot: the waypoints left (round what holds the walker, walk-path.ts). */
type Flight = { path: Vec2[]; last: number };

export class WalkControls {
  readonly #view: RoomView;
  readonly #plan: PlanGeometry;
  readonly #pointer: HTMLElement;
  readonly #keys: HTMLElement;
  #world: WalkWorld;
  #setup: WalkSetup = { stairs: [], reducedMotion: false };
  #active = false;
  #position: Vec2 = [0, 0];
  #yaw = 0;
  #pitch = 0;
  #flight?: Flight;
  #press?: { id: number; x: number; y: number; at: number; moved: number };

  constructor(view: RoomView, plan: PlanGeometry, pointer: HTMLElement, keys: HTMLElement) {
    this.#view = view;
    this.#plan = plan;
    this.#pointer = pointer;
    this.#keys = keys;
    this.#world = walkWorld(plan);
    this.#place(walkStart(this.#world, plan, []));
    pointer.addEventListener('pointerdown', this.#onDown);
    pointer.addEventListener('pointermove', this.#onMove);
    pointer.addEventListener('pointerup', this.#onUp);
    pointer.addEventListener('pointercancel', this.#onCancel);
    // capture: before OrbitControls' own keydown listener on the same element, which takes arrows
    keys.addEventListener('keydown', this.#onKey, { capture: true });
    view.frameListeners.add(this.#onFrame);
  }

  /** Where the walker stands now (model frame, cm). */
  get position(): Vec2 {
    return this.#position;
  }

  /** The floor's stairs and the walk's start (the page's, from the plan's cameras). */
  setup(setup: WalkSetup): void {
    this.#setup = setup;
    this.#world = walkWorld(this.#plan, setup.stairs, setup.furniture);
    this.#flight = undefined;
    this.#place(setup.start ?? walkStart(this.#world, this.#plan, []));
    if (this.#active) this.#apply();
  }

  /** Walking (camera="walk") or not: the orbit's own moves are off while walking. */
  setActive(active: boolean): void {
    this.#active = active;
    const controls = this.#view.controls;
    controls.enableRotate = !active;
    controls.enablePan = !active;
    controls.enableZoom = !active;
    this.#flight = undefined;
    if (active) this.#apply();
  }

  #place(start: { position: Vec2; heading: Vec2 }): void {
    this.#position = start.position;
    this.#yaw = Math.atan2(start.heading[1], start.heading[0]);
    this.#pitch = 0;
  }

  /** The camera where the walker stands and looks. */
  #apply(): void {
    const view = this.#view;
    const [x, y] = this.#position;
    const eye = toWorld([x, y, EYE_HEIGHT]);
    const look = toWorld([
      x + Math.cos(this.#yaw) * Math.cos(this.#pitch) * 100,
      y + Math.sin(this.#yaw) * Math.cos(this.#pitch) * 100,
      EYE_HEIGHT + Math.sin(this.#pitch) * 100,
    ]);
    view.camera.position.copy(eye);
    view.controls.target.copy(look);
    view.camera.lookAt(look);
    view.requestRender();
  }

  /** A move of the user's: `camera-change` follows (RoomView listens to the controls' start). */
  #user(move: () => void): void {
    const controls = this.#view.controls;
    controls.dispatchEvent({ type: 'start' });
    move();
    this.#apply();
    controls.dispatchEvent({ type: 'end' });
  }

  #allowed(): boolean {
    return this.#active && this.#view.controls.enabled;
  }

  #step(forward: number, aside: number): void {
    const c = Math.cos(this.#yaw);
    const s = Math.sin(this.#yaw);
    // aside: positive to the right (the heading turned clockwise on the plan)
    const delta: Vec2 = [c * forward + s * aside, s * forward - c * aside];
    this.#position = walk(this.#world, this.#position, delta);
  }

  #onKey = (event: KeyboardEvent): void => {
    // a key the page took already is not the walk's; in the worker the page checked that before it
    // forwarded the key (there, OrbitControls' listener may run first and mark it: it does nothing with it)
    const taken = event.defaultPrevented && event.isTrusted;
    if (!this.#allowed() || taken || event.ctrlKey || event.metaKey || event.altKey) return;
    const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
    const sideways = event.shiftKey;
    const moves: Record<string, () => void> = {
      ArrowUp: () => this.#step(STEP, 0),
      w: () => this.#step(STEP, 0),
      ArrowDown: () => this.#step(-STEP, 0),
      s: () => this.#step(-STEP, 0),
      ArrowLeft: () => (sideways ? this.#step(0, -STEP) : (this.#yaw += TURN)),
      a: () => (this.#yaw += TURN),
      ArrowRight: () => (sideways ? this.#step(0, STEP) : (this.#yaw -= TURN)),
      d: () => (this.#yaw -= TURN),
      q: () => this.#step(0, -STEP),
      e: () => this.#step(0, STEP),
    };
    const move = moves[key];
    if (!move) return;
    event.preventDefault();
    this.#flight = undefined;
    this.#user(move);
  };

  #onDown = (event: PointerEvent): void => {
    if (!this.#allowed() || (event.button ?? 0) !== 0) return;
    this.#press = {
      id: event.pointerId,
      x: event.clientX,
      y: event.clientY,
      at: performance.now(),
      moved: 0,
    };
  };

  #onMove = (event: PointerEvent): void => {
    const press = this.#press;
    if (!press || event.pointerId !== press.id || !this.#allowed()) return;
    const dx = event.clientX - press.x;
    const dy = event.clientY - press.y;
    press.x = event.clientX;
    press.y = event.clientY;
    press.moved += Math.abs(dx) + Math.abs(dy);
    if (press.moved < TAP_PX) return;
    // drag the view: the room follows the pointer (as a panorama does)
    this.#flight = undefined;
    this.#user(() => {
      this.#yaw += dx * LOOK;
      this.#pitch = Math.max(-PITCH, Math.min(PITCH, this.#pitch + dy * LOOK));
    });
  };

  #onUp = (event: PointerEvent): void => {
    const press = this.#press;
    this.#press = undefined;
    if (!press || event.pointerId !== press.id || !this.#allowed()) return;
    if (press.moved >= TAP_PX || performance.now() - press.at > TAP_MS) return;
    const to = this.#floorPoint(event.clientX, event.clientY);
    if (to) this.goTo(to);
  };

  #onCancel = (): void => {
    this.#press = undefined;
  };

  /** The floor point under (x, y) client pixels, model frame (cm); none above the horizon or far off. */
  #floorPoint(clientX: number, clientY: number): Vec2 | undefined {
    const box = this.#pointer.getBoundingClientRect();
    if (!(box.width > 0 && box.height > 0)) return undefined;
    const ndc = new Vector2(
      ((clientX - box.left) / box.width) * 2 - 1,
      -((clientY - box.top) / box.height) * 2 + 1,
    );
    const ray = new Raycaster();
    ray.setFromCamera(ndc, this.#view.camera);
    const { origin, direction } = ray.ray;
    if (direction.y > -1e-3) return undefined;
    const hit = origin.clone().add(direction.clone().multiplyScalar(-origin.y / direction.y));
    if (hit.distanceTo(origin) > 40) return undefined;
    return [hit.x * 100, -hit.z * 100];
  }

  /** The latest tap's search (walkPathSliced()): an earlier one still going is dropped. */
  #tap = 0;

  /**
   * Walks to `to` (model frame, cm): a flight along the floor, or at once under reduced motion; round
   * the furniture and walls in the way when there is a way round (walkPathSliced(), in slices of a few
   * ms), else straight until held. A key, another tap or the walker moved meanwhile drops the search.
   */
  goTo(to: Vec2): void {
    if (!this.#active) return;
    // a flight under way stops where it is: the new way starts from there
    this.#flight = undefined;
    const tap = ++this.#tap;
    const [from, world] = [this.#position, this.#world];
    const stale = () =>
      tap !== this.#tap || !this.#active || this.#position !== from || this.#world !== world;
    walkPathSliced(world, from, to, yieldToPage, stale).then(
      (path) => {
        if (!stale()) this.#follow(path ?? [to]);
      },
      () => undefined,
    );
  }

  /** Walks the way found: a flight, or every leg at once under reduced motion. */
  #follow(path: Vec2[]): void {
    if (this.#setup.reducedMotion) {
      this.#user(() => {
        for (const point of path) if (this.#walkTowards(point, Infinity) === 'held') break;
      });
      return;
    }
    this.#flight = { path, last: performance.now() };
    this.#view.controls.dispatchEvent({ type: 'start' });
    this.#view.requestRender();
  }

  /** Walks up to `limit` cm towards `to` in steps under 40 cm: still `going`, `there`, or `held`. */
  #walkTowards(to: Vec2, limit: number): 'going' | 'there' | 'held' {
    let left = limit;
    while (left > 0) {
      const [x, y] = this.#position;
      const dx = to[0] - x;
      const dy = to[1] - y;
      const distance = Math.hypot(dx, dy);
      if (distance < 1) return 'there';
      const length = Math.min(distance, left, 39);
      const next = walk(this.#world, this.#position, [(dx / distance) * length, (dy / distance) * length]);
      const moved = Math.hypot(next[0] - x, next[1] - y);
      this.#position = next;
      // the walker turns the way it goes
      this.#yaw = Math.atan2(dy, dx);
      if (moved < length * 0.25) return 'held';
      left -= length;
    }
    return 'going';
  }

  #onFrame = (): void => {
    const flight = this.#flight;
    if (!flight || !this.#active) return;
    const now = performance.now();
    const seconds = Math.min(0.1, (now - flight.last) / 1000);
    flight.last = now;
    const to = flight.path[0]!;
    const distance = Math.hypot(to[0] - this.#position[0], to[1] - this.#position[1]);
    const speed = Math.max(SPEED * 100, distance / LONGEST);
    const step = this.#walkTowards(to, Math.max(1, speed * seconds));
    if (step === 'there') flight.path.shift();
    this.#apply();
    if (step === 'held' || !flight.path.length) {
      this.#flight = undefined;
      this.#view.controls.dispatchEvent({ type: 'end' });
    }
  };

  dispose(): void {
    this.#pointer.removeEventListener('pointerdown', this.#onDown);
    this.#pointer.removeEventListener('pointermove', this.#onMove);
    this.#pointer.removeEventListener('pointerup', this.#onUp);
    this.#pointer.removeEventListener('pointercancel', this.#onCancel);
    this.#keys.removeEventListener('keydown', this.#onKey, { capture: true });
    this.#view.frameListeners.delete(this.#onFrame);
  }
}

/** The eye's world position for a plan point (tests and the plan's "you are here"). */
export function eyeAt(position: Vec2): Vector3 {
  return toWorld([position[0], position[1], EYE_HEIGHT]);
}
