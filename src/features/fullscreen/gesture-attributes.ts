/**
 * The contract of full screen and gestures on `<room-viewer>` and `<room-plan>`: the `gesture-handling`
 * and `fullscreen-button` attributes, `exitFullscreen()`, `:state(fullscreen)` with the `fullscreen-change`
 * event. A mixin over RoomElement without the two controllers' code (fullscreen.ts, wheel-guard.ts): the
 * plan makes them at once (fullscreen-gestures.ts), the viewer with its parts after its first frame (issue
 * 33, the fifteenth round: about 1.5 KB gzip its first frame never ran).
 */
import { property } from 'lit/decorators.js';
import { onUnlessFalse } from '../../internal/converters.js';
import type { RoomElement } from '../../internal/room-element.js';
import type { GestureHandling } from './wheel-guard.js';
import type { Constructor } from '../../internal/mixin.js';
import { isFullscreen } from './is-fullscreen.js';

/** The members the mixin adds (a declared class: the declaration build can name protected members). */
export declare abstract class GestureAttributesMembers {
  gestureHandling: GestureHandling;
  fullscreenButton: boolean;
  exitFullscreen(): Promise<void>;
  /** The full-screen controller's callback: the state, the event, the visitor's action, fullscreenChanged. */
  protected fullscreenToggled(on: boolean): void;
  /** The element went into or out of full screen (after the state and the event; call super). */
  protected fullscreenChanged(on: boolean): void;
}

export function GestureAttributes<T extends Constructor<RoomElement>>(
  Base: T,
): T & Constructor<GestureAttributesMembers> {
  /**
   * @fires {CustomEvent<FullscreenChangeDetail>} fullscreen-change - The element went into or out of
   *   full screen (its button, `requestFullscreen()`, `exitFullscreen()`, or Escape). Detail `{ fullscreen }`.
   * @csspart fullscreen-button - The full-screen button (`fullscreen-button="false"` removes it).
   * @csspart hint - "Use Ctrl + scroll to zoom" (⌘ on a Mac) or "Use two fingers to move the view",
   *   shown for a moment when the wheel or a finger was left to the page.
   * @cssstate fullscreen - The element is shown full screen (also the boolean `fullscreen` attribute).
   */
  abstract class WithGestureAttributes extends Base {
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

    /** Leaves full screen (when this element is the one shown full screen). `requestFullscreen()` enters it. */
    exitFullscreen(): Promise<void> {
      return isFullscreen(this) ? document.exitFullscreen() : Promise.resolve();
    }

    protected fullscreenToggled(on: boolean): void {
      this.toggleState('fullscreen', on);
      this.emit('fullscreen-change', { fullscreen: on });
      // going full screen takes the visitor's click or key (the browser asks for it)
      if (on) this.analytics.track('fullscreen');
      this.fullscreenChanged(on);
    }

    protected fullscreenChanged(_on: boolean): void {}
  }
  // the declared class names the protected members; TypeScript cannot relate it to this one itself
  return WithGestureAttributes as unknown as T & Constructor<GestureAttributesMembers>;
}
