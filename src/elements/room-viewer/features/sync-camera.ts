/**
 * `<room-viewer>` feature: `sync-camera="other-viewer-id"`, two viewers on the same camera (two designs
 * of an FML floor, the room furnished and empty, two rooms side by side). A move of either camera (a
 * drag, the keyboard, `flyTo()`, the camera attributes) is copied to the other after the frame it was
 * drawn in, so a drag on either moves both. The viewer with the attribute takes the other's camera
 * when they are linked. A mixin over RoomViewerBase (viewer-base.ts).
 */
import type { PropertyValues } from 'lit';
import { property } from 'lit/decorators.js';
import type { RoomView } from '../../../three/index.js';
import type { RoomViewerBase, ViewerContext } from '../base.js';
import type { Constructor } from '../../../internal/mixin.js';

/** What the mixin adds (documented on the class below). */
export interface SyncCameraProperties {
  syncCamera?: string;
  readonly syncedViewer: HTMLElement | undefined;
}

type Viewer = HTMLElement & { readonly view?: RoomView };

const isViewer = (el: Element | null): el is Viewer => el?.localName === 'room-viewer';

/** Camera position and target in world space, as one list (to compare and copy). */
function stateOf(view: RoomView): number[] {
  return [...view.camera.position.toArray(), ...view.controls.target.toArray()];
}

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

    #other?: Viewer;
    #watch?: MutationObserver;
    /** The views followed now (this viewer's and the other's). */
    #views: RoomView[] = [];
    /** The camera both views were last given (world space). */
    #shared?: number[];

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

    protected override featuresAtStart(inWorker = false): boolean {
      // a camera followed frame by frame (another viewer's `sync-camera`, a plan's `for`) is read on the
      // page's thread: such a viewer draws there
      return super.featuresAtStart(inWorker) || (inWorker && (!!this.syncCamera?.trim() || this.#followed()));
    }

    /** Another viewer (`sync-camera`) or a plan (`for`) of this document or shadow root names this one. */
    #followed(): boolean {
      if (!this.id) return false;
      const root = this.getRootNode() as Document | ShadowRoot;
      const id = CSS.escape(this.id);
      return !!root.querySelector?.(`room-viewer[sync-camera="${id}"], room-plan[for="${id}"]`);
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

    #attach(other: Viewer): void {
      this.#watch?.disconnect();
      this.#watch = undefined;
      this.#other = other;
      // the other's reload makes a new view
      other.addEventListener('model-load', this.#onOtherLoad);
      // one drawn in the render worker hears that it is followed now, and draws on the page's thread
      (other as Viewer & { requestUpdate?(): void }).requestUpdate?.();
      this.#follow(true);
    }

    #unlink(): void {
      this.#watch?.disconnect();
      this.#watch = undefined;
      this.#other?.removeEventListener('model-load', this.#onOtherLoad);
      this.#other = undefined;
      for (const view of this.#views) view.frameListeners.delete(this.#onFrame);
      this.#views = [];
      this.#shared = undefined;
    }

    #onOtherLoad = () => this.#follow(true);

    /** Follows the two views there are now; `takeOver`: this viewer takes the other's camera. */
    #follow(takeOver: boolean): void {
      for (const view of this.#views) view.frameListeners.delete(this.#onFrame);
      const mine = this.view;
      const theirs = this.#other?.view;
      this.#views = mine && theirs && mine !== theirs ? [mine, theirs] : [];
      this.#shared = undefined;
      if (!this.#views.length) return;
      for (const view of this.#views) view.frameListeners.add(this.#onFrame);
      if (takeOver) this.#copy(theirs!, mine!);
    }

    /** After a frame of either view: a camera that moved since it was shared is given to the other. */
    #onFrame = (view: RoomView): void => {
      const state = stateOf(view);
      const shared = this.#shared;
      if (shared && state.every((v, i) => Math.abs(v - shared[i]!) < SAME)) return;
      const other = this.#views.find((v) => v !== view);
      if (other) this.#copy(view, other);
    };

    #copy(from: RoomView, to: RoomView): void {
      to.camera.position.copy(from.camera.position);
      to.controls.target.copy(from.controls.target);
      to.camera.lookAt(to.controls.target);
      to.controls.update();
      to.requestRender();
      this.#shared = stateOf(from);
    }
  }
  return WithSyncCamera;
}
