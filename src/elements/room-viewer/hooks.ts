/**
 * What `<room-viewer>`'s features and its loading feature hook into (as model-viewer's mixins override
 * the base's symbols): each hook's default here, the core (base.ts) calls them, a feature overrides the
 * ones it needs (and calls super).
 */
import { nothing } from 'lit';
import type { DrawnFrame, OpeningCamera } from '../../three/drawing.js';
import { RoomViewerInputs } from './inputs.js';
import type { ViewerContext } from './load.js';
// types only: the chunk itself comes after the first frame (base.ts)
import type * as AfterFrame from './after-frame.js';

/** The viewer's working code loaded after its first frame (after-frame.ts). */
export type ViewerParts = typeof AfterFrame;

/**
 * A step of a load, told to the loading feature (features/loading.ts: poster and progress): `reload`
 * (another room, or the same once more), `start` (the room is asked for), `room` (it arrived), `code`
 * (the drawing code arrived), `frame` (drawn, with its textures asked for and still pending), `drawn`
 * (the first frame is on screen).
 */
export type LoadStep =
  | { step: 'reload' | 'start' | 'room' | 'code' | 'drawn' }
  | { step: 'frame'; total: number; pending: number };

export abstract class RoomViewerHooks extends RoomViewerInputs {
  /**
   * A feature's hook: a room is drawn now, on either thread (called before its first frame: what a feature
   * asks of `context.drawing` now is in that frame; call super).
   */
  protected viewReady(_context: ViewerContext): void {}

  /**
   * A feature's hook: the working code loaded after the first frame (after-frame.ts) is in, once per
   * element: make what works with it; take up the room on screen if there is one (`viewContext`), as
   * `viewReady` does for a room that comes later (call super). `model-load` fires after it.
   */
  protected partsIn(_parts: ViewerParts): void {}

  /**
   * A feature's hook: true when what the page set changes the first frame and needs the working code
   * (after-frame.ts), which then loads with the room, before that frame (call super).
   */
  protected partsBeforeFrame(): boolean {
    return false;
  }

  /**
   * A feature's hook: the features took the working code in and rendered the room with it; `model-load`
   * fires when this resolves. A feature whose own render is large (the room description: a button per
   * piece and surface) renders it here, in a task of its own, so on a phone neither render is a long
   * task (call super).
   */
  protected async partsRendered(): Promise<void> {}

  /** A feature's hook: the view is about to be disposed (a reload, an error, the element left; call super). */
  protected viewGone(): void {}

  /** A feature's hook: a frame was drawn, with its camera and the anchors it follows (call super). */
  protected drawnFrame(_frame: DrawnFrame): void {}

  /**
   * A feature's hook: true when the opening view needs the features' three.js side, which then loads
   * before the first frame on the page's thread (the render worker has it with its own code; call super).
   */
  protected featuresAtStart(): boolean {
    return false;
  }

  /** A feature's hook (the wheel guard): whether this wheel turn zooms the room, on either thread. */
  protected wheelZooms(_event: WheelEvent): boolean {
    return true;
  }

  /** A feature's hook (cooperative gestures): whether one finger scrolls the page instead of orbiting. */
  protected oneFingerScrolls(): boolean {
    return false;
  }

  /** The loading feature's hook: whether the room waits for the visitor or the page (reveal; sets the poster up). */
  protected holdRoom(): boolean {
    return false;
  }

  /** The loading feature's hook: true while the room is held (the element's state is then `poster`). */
  protected roomHeld(): boolean {
    return false;
  }

  /** The loading feature's hook: what the drawing code waits for (poster first); undefined: nothing. */
  protected posterFirst(): Promise<void> | undefined {
    return undefined;
  }

  /** The loading feature's hook: the poster is still to come from the room's document (code waits for it). */
  protected posterFromRoom(): boolean {
    return false;
  }

  /** The loading feature's hook: a step of the load (poster and progress follow it; call super). */
  protected loadStep(_step: LoadStep): void {}

  /** The loading feature's hook: the poster layer, over the canvas. */
  protected renderPoster(): unknown {
    return nothing;
  }

  /** The loading feature's hook: the progress bar and the loading indicator. */
  protected renderProgress(): unknown {
    return nothing;
  }

  // the opening camera (issue 33's follow-up)
  /**
   * A feature's hook: the camera the first frame of `room` is drawn with, on either thread (the camera
   * attributes, a linked viewer's camera, the walk's start), asked for before the drawing is made; merge
   * your part into super's.
   */
  protected async openingCamera(_room: Pick<ViewerContext, 'model' | 'plan'>): Promise<OpeningCamera> {
    return {};
  }
}
