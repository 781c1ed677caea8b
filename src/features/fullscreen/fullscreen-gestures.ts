/**
 * What `<room-viewer>` and `<room-plan>` share of full screen and gestures (gesture-attributes.ts: the
 * attributes, `exitFullscreen()`, `:state(fullscreen)` and `fullscreen-change`), with the two controllers
 * (fullscreen.ts, wheel-guard.ts) made at once, as the plan wires them to its SVG
 * (room-plan/features/snapshot.ts). The viewer makes the same two with its parts, after its first frame
 * (room-viewer/features/snapshot.ts).
 */
import { FullscreenController } from './fullscreen.js';
import type { RoomElement } from '../../internal/room-element.js';
import { WheelGuard } from './wheel-guard.js';
import type { Constructor } from '../../internal/mixin.js';
import { GestureAttributes, type GestureAttributesMembers } from './gesture-attributes.js';

/** The members the mixin adds (a declared class: the declaration build can name protected members). */
export declare abstract class FullscreenGesturesMembers extends GestureAttributesMembers {
  /** Decides whether the wheel zooms and whether one finger scrolls the page; renders the hint. */
  protected readonly gestures: WheelGuard;
  /** Full screen on the element and its button. */
  protected readonly fullscreen: FullscreenController;
}

export function FullscreenGestures<T extends Constructor<RoomElement>>(
  Base: T,
): T & Constructor<FullscreenGesturesMembers> {
  abstract class WithFullscreenGestures extends GestureAttributes(Base) {
    protected readonly fullscreen = new FullscreenController(this, (on) => this.fullscreenToggled(on));

    protected readonly gestures = new WheelGuard(this, {
      policy: () => this.gestureHandling,
      fullscreen: () => this.fullscreen.active,
    });
  }
  // the declared class names the protected members; TypeScript cannot relate it to this one itself
  return WithFullscreenGestures as unknown as T & Constructor<FullscreenGesturesMembers>;
}
