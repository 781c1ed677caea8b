/**
 * `<room-viewer>` feature: `sync-camera="other-viewer-id"`, two viewers on the same camera (two designs
 * of an FML floor, the room furnished and empty, two rooms side by side). A move of either camera (a
 * drag, the keyboard, `flyTo()`, the camera attributes) is copied to the other after the frame it was
 * drawn in, so a drag on either moves both. The viewer with the attribute takes the other's camera
 * when they are linked. Each viewer's camera comes from its frames and goes back through its drawing
 * (src/features/motion/camera-feed.ts), so either may be drawn on either thread. A mixin over
 * RoomViewerBase (base.ts).
 */
import type { PropertyValues } from 'lit';
import { property } from 'lit/decorators.js';
import { cameraFeedOf, type CameraPose } from '../../../features/motion/camera-feed.js';
import type { RoomViewerBase, ViewerContext } from '../base.js';
import type { Constructor } from '../../../internal/mixin.js';

/** What the mixin adds (documented on the class below). */
export interface SyncCameraProperties {
  syncCamera?: string;
  readonly syncedViewer: HTMLElement | undefined;
}

const isViewer = (el: Element | null): el is HTMLElement => el?.localName === 'room-viewer';

/** Camera position and target in world space, as one list (to compare). */
const stateOf = (pose: CameraPose): number[] => [...pose.position, ...pose.target];

/** Movements below this (metres, world space) are the same camera. */
const SAME = 1e-5;

export function ViewerSyncCamera<T extends Constructor<RoomViewerBase>>(
  Base: T,
): T & Constructor<SyncCameraProperties> {
  abstract class WithSyncCamera extends Base {
    /**
     * The id of another `<room-viewer>` in the same document (or shadow root) to share the camera with:
     * a move of either moves both. The other may come later; it needs no attribute of its own.
     */
    @property({ attribute: 'sync-camera' }) syncCamera?: string;

    #other?: HTMLElement;
    #watch?: MutationObserver;
    /** Stops hearing the two cameras. */
    #stops: (() => void)[] = [];
    /** The camera both views were last given (world space). */
    #shared?: number[];
    /** This viewer takes the other's camera with the next frame both have drawn. */
    #takeOver = false;

    /** The `<room-viewer>` `sync-camera` names, once found. */
    get syncedViewer(): HTMLElement | undefined {
      return this.#other;
    }

    override connectedCallback(): void {
      super.connectedCallback();
      if (this.syncCamera) this.#link();
    }

    override disconnectedCallback(): void {
      super.disconnectedCallback();
      this.#unlink();
    }

    protected override updated(changed: PropertyValues<this>): void {
      super.updated(changed);
      if (changed.has('syncCamera') && this.isConnected) this.#link();
    }

    protected override viewReady(context: ViewerContext): void {
      super.viewReady(context);
      this.#follow(true);
    }

    protected override viewGone(): void {
      super.viewGone();
      queueMicrotask(() => this.#follow(false));
    }

    #link(): void {
      this.#unlink();
      const id = this.syncCamera?.trim();
      if (!id) return;
      const root = this.getRootNode() as Document | ShadowRoot;
      const find = () => {
        const found = root.getElementById?.(id) ?? null;
        return isViewer(found) && found !== this ? found : undefined;
      };
      const found = find();
      if (found) return this.#attach(found);
      const watched = root instanceof Document ? root.documentElement : root;
      this.#watch = new MutationObserver(() => {
        const later = find();
        if (later) this.#attach(later);
      });
      this.#watch.observe(watched, {
        childList: true,
        subtree: true,
        attributes: true,
        attributeFilter: ['id'],
      });
    }

    #attach(other: HTMLElement): void {
      this.#watch?.disconnect();
      this.#watch = undefined;
      this.#other = other;
      // the other's reload: this viewer takes its camera again
      other.addEventListener('model-load', this.#onOtherLoad);
      this.#follow(true);
    }

    #unlink(): void {
      this.#watch?.disconnect();
      this.#watch = undefined;
      this.#other?.removeEventListener('model-load', this.#onOtherLoad);
      this.#other = undefined;
      for (const stop of this.#stops.splice(0)) stop();
      this.#shared = undefined;
    }

    #onOtherLoad = () => this.#follow(true);

    /** Hears both cameras; `takeOver`: this viewer takes the other's camera. */
    #follow(takeOver: boolean): void {
      for (const stop of this.#stops.splice(0)) stop();
      this.#shared = undefined;
      const mine = cameraFeedOf(this);
      const theirs = this.#other && cameraFeedOf(this.#other);
      if (!mine || !theirs || mine === theirs) return;
      this.#takeOver = takeOver;
      this.#stops = [
        theirs.listen((pose) => {
          if (this.#takeOver && !mine.pose) return; // taken once this viewer draws
          this.#takeOver = false;
          this.#copy(pose, mine);
        }),
        mine.listen((pose) => {
          if (!this.#takeOver) return this.#copy(pose, theirs);
          // this viewer's first frame: it takes the other's camera, if the other has drawn one
          if (!theirs.pose) return;
          this.#takeOver = false;
          this.#copy(theirs.pose, mine);
        }),
      ];
    }

    /** After a frame of either view: a camera that moved since it was shared is given to the other. */
    #copy(
      pose: CameraPose,
      to: { move(position: CameraPose['position'], target: CameraPose['target']): void },
    ) {
      const state = stateOf(pose);
      const shared = this.#shared;
      if (shared && state.every((v, i) => Math.abs(v - shared[i]!) < SAME)) return;
      this.#shared = state;
      to.move(pose.position, pose.target);
    }
  }
  return WithSyncCamera;
}
