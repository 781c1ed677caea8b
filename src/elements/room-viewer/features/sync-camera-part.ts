/**
 * The working part of `<room-viewer>`'s `sync-camera` (features/sync-camera.ts holds the attribute and
 * `syncedViewer`): finding the other viewer (now, or once it comes) and copying each camera to the other
 * after the frame it was drawn in. A chunk fetched when a page sets `sync-camera`, beside the room
 * (issue 33: a bare viewer's first frame never waits for it).
 */
import { cameraFeedOf, type CameraPose } from '../../../features/motion/camera-feed.js';

const isViewer = (el: Element | null): el is HTMLElement => el?.localName === 'room-viewer';

/** Camera position and target in world space, as one list (to compare). */
const stateOf = (pose: CameraPose): number[] => [...pose.position, ...pose.target];

/** Movements below this (metres, world space) are the same camera. */
const SAME = 1e-5;

export const make = (host: HTMLElement): CameraLink => new CameraLink(host);

/** One viewer's link to the viewer its `sync-camera` names. */
export class CameraLink {
  /** The `<room-viewer>` `sync-camera` names, once found. */
  other?: HTMLElement;
  #watch?: MutationObserver;
  /** Stops hearing the two cameras. */
  #stops: (() => void)[] = [];
  /** The camera both views were last given (world space). */
  #shared?: number[];
  /** This viewer takes the other's camera with the next frame both have drawn. */
  #takeOver = false;

  constructor(private readonly host: HTMLElement) {}

  /** Links to the viewer with the id `name` (undefined or blank: unlinked). */
  link(name: string | undefined): void {
    this.unlink();
    const id = name?.trim();
    if (!id) return;
    const root = this.host.getRootNode() as Document | ShadowRoot;
    const find = () => {
      const found = root.getElementById?.(id) ?? null;
      return isViewer(found) && found !== this.host ? found : undefined;
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
    this.other = other;
    // the other's reload: this viewer takes its camera again
    other.addEventListener('model-load', this.#onOtherLoad);
    this.follow(true);
  }

  unlink(): void {
    this.#watch?.disconnect();
    this.#watch = undefined;
    this.other?.removeEventListener('model-load', this.#onOtherLoad);
    this.other = undefined;
    for (const stop of this.#stops.splice(0)) stop();
    this.#shared = undefined;
  }

  #onOtherLoad = () => this.follow(true);

  /** Hears both cameras; `takeOver`: this viewer takes the other's camera. */
  follow(takeOver: boolean): void {
    for (const stop of this.#stops.splice(0)) stop();
    this.#shared = undefined;
    const mine = cameraFeedOf(this.host);
    const theirs = this.other && cameraFeedOf(this.other);
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
