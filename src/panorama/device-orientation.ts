/**
 * The view follows the phone (what photo-sphere-viewer's gyroscope plugin does, which this project
 * does not install): a lazy chunk of its own, loaded only when a panorama with `gyroscope` has a live
 * viewer. Plain math on DeviceOrientationEvent's angles, no three.js, so the chunk stays small.
 *
 * Permission: where the browser wants it first (iOS Safari: DeviceOrientationEvent.requestPermission,
 * allowed only in a user gesture) the session says `asking` and the element shows a button whose click
 * calls `ask()` (synchronously: this chunk is loaded by then). Chromium has requestPermission too but
 * grants the sensors without asking, which the Permissions API tells without calling it.
 *
 * As PSV's plugin does by default, the view keeps the yaw it had when the phone first reported (the
 * phone's compass is not the panorama's north) and the user can still drag it sideways; the pitch is
 * the phone's own. A browser without an orientation sensor sends no event, or events without angles:
 * nothing happens, and nothing is reported.
 */
import type { PanoramaViewer } from './psv-runtime.js';
import { normalizeYaw, yawDistance } from './view.js';

const RAD = Math.PI / 180;

/**
 * Where the back camera of a device looks, from DeviceOrientationEvent's alpha, beta, gamma (degrees,
 * the W3C Z-X'-Y'' angles): `pitch` up from the horizon and `heading` clockwise seen from above (so it
 * turns as the element's yaw does), from the device's own zero. Looking steeply up or down, the heading
 * comes from the top edge of the screen (which way the user faces then), using `screenAngle`.
 */
export function lookDirection(
  alpha: number,
  beta: number,
  gamma: number,
  screenAngle = 0,
): { heading: number; pitch: number } {
  const [ca, sa, cb, sb, cg, sg] = [alpha, alpha, beta, beta, gamma, gamma].map((d, i) =>
    i % 2 ? Math.sin(d * RAD) : Math.cos(d * RAD),
  ) as [number, number, number, number, number, number];
  // the device's axes in the earth frame (x east, y north, z up): the columns of Rz(α)·Rx(β)·Ry(γ)
  const x = [ca * cg - sa * sb * sg, sa * cg + ca * sb * sg, -cb * sg];
  const y = [-sa * cb, ca * cb, sb];
  const z = [ca * sg + sa * sb * cg, sa * sg - ca * sb * cg, cb * cg];
  // the camera looks out of the back (-z); the screen's top is +y turned by the screen's rotation
  const look = z.map((v) => -v) as [number, number, number];
  const so = Math.sin(screenAngle * RAD);
  const co = Math.cos(screenAngle * RAD);
  const up = x.map((v, i) => so * v + co * y[i]!);
  const pitch = Math.asin(Math.max(-1, Math.min(1, look[2]))) / RAD;
  // level: the look itself; looking down the screen's top points ahead, looking up it points behind
  const east = look[0] - look[2] * up[0]!;
  const north = look[1] - look[2] * up[1]!;
  return { heading: Math.atan2(east, north) / RAD, pitch };
}

type Answer = 'granted' | 'denied';
type Asking = { requestPermission?: () => Promise<Answer> };

/** The browser's permission request, where it has one (iOS 13+, recent Chromium). */
const asker = () =>
  typeof DeviceOrientationEvent === 'undefined'
    ? undefined
    : (DeviceOrientationEvent as unknown as Asking).requestPermission;

/** Whether the sensors may be read, found without asking (asking needs a tap on iOS): `ask` when unknown. */
async function permission(): Promise<Answer | 'ask'> {
  if (!asker()) return 'granted';
  const query = (name: string) => navigator.permissions.query({ name: name as PermissionName });
  try {
    const states = (await Promise.all([query('accelerometer'), query('gyroscope')])).map((s) => s.state);
    return states.includes('denied') ? 'denied' : states.every((s) => s === 'granted') ? 'granted' : 'ask';
  } catch {
    return 'ask'; // Safari knows no such permission names: a tap must ask
  }
}

/** One element's following of the phone. */
export interface GyroscopeSession {
  /** A tap must ask permission first: the element shows its button. */
  readonly asking: boolean;
  /** The button's click: asks (in the gesture), then follows if granted. */
  ask(): void;
  stop(): void;
}

/**
 * Follows the phone once the sensors may be read: `changed` is called when `asking` changes. A refusal
 * (or no sensor) leaves the view alone and says nothing.
 */
export function startGyroscope(
  viewer: PanoramaViewer,
  moved: () => void,
  changed: () => void,
): GyroscopeSession {
  let stopped = false;
  let asking = false;
  let stopFollowing: (() => void) | undefined;
  const answered = (answer: Answer | 'ask') => {
    if (stopped) return;
    asking = answer === 'ask';
    if (answer === 'granted') stopFollowing ??= followDeviceOrientation(viewer, moved);
    changed();
  };
  void permission().then(answered);
  return {
    get asking() {
      return asking && !stopped;
    },
    ask() {
      // called in the click itself: iOS refuses the request outside a user gesture
      asker()!
        .call(DeviceOrientationEvent)
        .then((answer) => answered(answer === 'granted' ? 'granted' : 'denied'))
        .catch(() => answered('denied'));
    },
    stop() {
      stopped = true;
      stopFollowing?.();
    },
  };
}

function screenAngle(): number {
  const angle = typeof screen !== 'undefined' ? screen.orientation?.angle : undefined;
  return angle ?? Number((globalThis as { orientation?: number }).orientation ?? 0);
}

/**
 * Turns `viewer` with the device from now on (at most once a frame); `moved` is called on every turn
 * (the element pauses autorotation). Returns the function that stops it.
 */
export function followDeviceOrientation(viewer: PanoramaViewer, moved: () => void): () => void {
  let latest: DeviceOrientationEvent | undefined;
  let frame = 0;
  /** The panorama's yaw minus the device's heading, fixed by the first reading. */
  let offset: number | undefined;
  /** The yaw last set here: a different yaw now means the user dragged the view meanwhile. */
  let lastYaw: number | undefined;

  const apply = () => {
    frame = 0;
    const event = latest;
    if (!event) return;
    const { heading, pitch } = lookDirection(event.alpha!, event.beta!, event.gamma!, screenAngle());
    const view = viewer.getView();
    if (offset === undefined) offset = view.yaw - heading;
    else if (lastYaw !== undefined && yawDistance(lastYaw, view.yaw) > 0.05) {
      offset += normalizeYaw(view.yaw - lastYaw);
    }
    lastYaw = normalizeYaw(heading + offset);
    viewer.setView({ yaw: lastYaw, pitch: Math.round(pitch * 100) / 100, zoom: view.zoom });
    moved();
  };

  const onOrientation = (event: DeviceOrientationEvent) => {
    // no sensor: some browsers still send events, with null angles
    if (event.alpha === null || event.beta === null || event.gamma === null) return;
    latest = event;
    frame ||= requestAnimationFrame(apply);
  };

  addEventListener('deviceorientation', onOrientation);
  return () => {
    removeEventListener('deviceorientation', onOrientation);
    cancelAnimationFrame(frame);
    frame = 0;
  };
}
