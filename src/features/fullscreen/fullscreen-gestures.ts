/**
 * What `<room-viewer>` and `<room-plan>` share of full screen and gestures: the `gesture-handling` and
 * `fullscreen-button` attributes, `exitFullscreen()`, `:state(fullscreen)` with the `fullscreen-change`
 * event, and the two controllers (fullscreen.ts, wheel-guard.ts) the elements' own mixins
 * (room-viewer/features/snapshot.ts, room-plan/features/snapshot.ts) wire to their canvas or SVG. A mixin over RoomElement,
 * declared once so both elements name and document it alike (as fml-inputs.ts does).
 */
import { property } from 'lit/decorators.js';
import { onUnlessFalse } from '../../internal/converters.js';
import { FullscreenController } from './fullscreen.js';
import type { RoomElement } from '../../internal/room-element.js';
import { WheelGuard, type GestureHandling } from './wheel-guard.js';
import type { Constructor } from '../../internal/mixin.js';

/** The members the mixin adds (a declared class: the declaration build can name protected members). */
export declare abstract class FullscreenGesturesMembers {
  gestureHandling: GestureHandling;
  fullscreenButton: boolean;
  exitFullscreen(): Promise<void>;
  /** Decides whether the wheel zooms and whether one finger scrolls the page; renders the hint. */
  protected readonly gestures: WheelGuard;
  /** Full screen on the element and its button. */
  protected readonly fullscreen: FullscreenController;
  /** The element went into or out of full screen (after the state and the event; call super). */
  protected fullscreenChanged(on: boolean): void;
}

export function FullscreenGestures<T extends Constructor<RoomElement>>(
  Base: T,
): T & Constructor<FullscreenGesturesMembers> {
  /**
   * @fires {CustomEvent<FullscreenChangeDetail>} fullscreen-change - The element went into or out of
   *   full screen (its button, `requestFullscreen()`, `exitFullscreen()`, or Escape). Detail `{ fullscreen }`.
   * @csspart fullscreen-button - The full-screen button (`fullscreen-button="false"` removes it).
   * @csspart hint - "Use Ctrl + scroll to zoom" (⌘ on a Mac) or "Use two fingers to move the view",
   *   shown for a moment when the wheel or a finger was left to the page.
   * @cssstate fullscreen - The element is shown full screen (also the boolean `fullscreen` attribute).
   */
  abstract class WithFullscreenGestures extends Base {
    /**
     * `cooperative` (default): the page stays scrollable: the wheel zooms only with Ctrl / ⌘ held, in
     * full screen, or after a click inside (until the pointer leaves or focus goes), and on touch one
     * finger scrolls the page while two move the view. `greedy`: every wheel turn zooms and one finger
     * moves the view, as before (Google Maps' `gestureHandling` words).
     */
    @property({ attribute: 'gesture-handling', reflect: true }) gestureHandling: GestureHandling =
      'cooperative';

    /** The full-screen button; on unless `fullscreen-button="false"`. `requestFullscreen()` works either way. */
    @property({ attribute: 'fullscreen-button', converter: onUnlessFalse }) fullscreenButton = true;

    protected readonly fullscreen = new FullscreenController(this, (on) => {
      this.toggleState('fullscreen', on);
      this.emit('fullscreen-change', { fullscreen: on });
      // going full screen takes the visitor's click or key (the browser asks for it)
      if (on) this.analytics.track('fullscreen');
      this.fullscreenChanged(on);
    });

    protected readonly gestures = new WheelGuard(this, {
      policy: () => this.gestureHandling,
      fullscreen: () => this.fullscreen.active,
    });

    /** Leaves full screen (when this element is the one shown full screen). `requestFullscreen()` enters it. */
    exitFullscreen(): Promise<void> {
      return this.fullscreen.exit();
    }

    protected fullscreenChanged(_on: boolean): void {}
  }
  // the declared class names the protected members; TypeScript cannot relate it to this one itself
  return WithFullscreenGestures as unknown as T & Constructor<FullscreenGesturesMembers>;
}
