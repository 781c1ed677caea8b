// Dutch, German, French and Spanish: known to the element, downloaded only when it speaks one
import '../../i18n/shipped.js';
import { html, nothing, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';
import { createRef, ref } from 'lit/directives/ref.js';
import { loadFmlModule, loadRaw } from '../../api/model-source.js';
import { renderErrorPanel } from '../../features/error-panel/error-panel.js';
import {
  CameraFeed,
  cameraFeedOf,
  modelToWorld,
  provideCameraFeed,
  worldToModel,
} from '../../features/motion/camera-feed.js';
import { defineElement } from '../../internal/define.js';
import { ElementError } from '../../internal/element-error.js';
import { toElementError } from '../../internal/to-element-error.js';
import { LanguageController } from '../../internal/language.js';
import { RoomElement } from '../../internal/room-element.js';
import { AnalyticsController } from '../../internal/analytics/analytics-controller.js';
import type { FmlPlan } from '../../model/fml/types.js';
import { buildTour } from '../../model/tour/build-tour.js';
import { directionOf, yawOf } from '../../model/tour/bearing.js';
import type { Tour, TourLink, TourStop } from '../../model/tour/types.js';
import type { Vec3 } from '../../model/types.js';
import '../room-panorama/room-panorama.js';
import type { CubeFaces, RoomPanorama } from '../room-panorama/room-panorama.js';
import '../room-viewer/room-viewer.js';
import type { RoomViewer } from '../room-viewer/room-viewer.js';
import { StopPanoramas, type ExportedPanorama } from './stop-panoramas.js';
import { styles } from './room-tour.styles.js';
import { TOUR_STRINGS, type TourStringKey } from './room-tour.strings.js';

export type { ExportedPanorama } from './stop-panoramas.js';
export type { Tour, TourLink, TourStop, TourProblem } from '../../model/tour/types.js';
export type {
  RoomAnalyticsDetail,
  StopChangeDetail,
  TourErrorDetail,
  TourReadyDetail,
} from '../../events/index.js';

/** A planning project as the tour takes it: its FML and the panoramas the service exported. */
export interface TourProject {
  fml?: unknown;
  panoramas?: ExportedPanorama[];
}

const STATES = ['idle', 'loading', 'ready', 'error'] as const;
type TourState = (typeof STATES)[number];

/** How far ahead of the eye the 3D view looks during a move (cm). */
const LOOK_AHEAD = 100;

/** photo-sphere-viewer's vertical field of view at a zoom level: 90° at 0 to 30° at 100 (its defaults). */
const panoramaFov = (zoom: number) => 90 - 0.6 * zoom;

const reducedMotion = () =>
  typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * A 360° tour made from a plan (docs/tour.md): a stop at every walkthrough camera of an FML document and
 * at the centre of every named room without one, links between stops exactly where a straight walk meets
 * no wall but a door or an opening, each drawn in the panorama where the target stands. Each stop shows
 * the project's own exported panorama, else one rendered from the 3D model by a hidden `<room-viewer>`
 * (`toPanorama()`: one 3D context for every stop). Going to another stop flies that 3D view from this
 * stop to the next and cross-fades into its panorama. A `<room-plan for="…">` naming the tour shows
 * "you are here": the stop and the view cone, and a click on a room or a stop goes there.
 *
 * Inputs, first one given wins: `project` (`{ fml, panoramas }`), `fml`, `src`.
 *
 * @summary A walk through a planned home: panoramas at its cameras and rooms, linked through its doors.
 *
 * @fires {CustomEvent<TourReadyDetail>} tour-ready - The tour is built and its first stop is on screen. Detail `{ stops, links, problems }`.
 * @fires {CustomEvent<StopChangeDetail>} stop-change - The stop shown changed (its panorama is on screen). Detail `{ stop, from }`.
 * @fires {CustomEvent<RoomAnalyticsDetail>} room-analytics - Something the visitor did, for the page's analytics (the element sends
 *   nothing itself): `view` (half on screen for a second), `interaction` (the first press or key), `dwell` (out of view again, with
 *   `duration` in ms). Detail `{ action, duration }` (members only when known).
 * @fires {CustomEvent<TourErrorDetail>} tour-error - The tour, or part of it, cannot be shown. Detail `{ error, fatal }` (`fatal`: nothing can;
 *   `error.reason` `no-stops`, `bad-src`, `no-model`, or the 3D view's own).
 *
 * @csspart panorama - The `<room-panorama>` showing the stop.
 * @csspart viewer - The `<room-viewer>` that renders the stops' panoramas and flies the moves (seen only during a move).
 * @csspart link - A link to another stop: a button in the panorama where that stop stands, named "Keuken, 3.2 m ahead".
 * @csspart warning - What of the plan cannot be shown (a camera outside every room, an export that failed).
 * @csspart status - "Preparing the tour…" / "Going to …".
 * @csspart error - The error panel, the same in every element.
 * @csspart error-icon - The panel's icon.
 * @csspart error-title - The panel's title line.
 * @csspart error-message - The panel's message.
 * @csspart retry - The retry button.
 *
 * @cssprop --room-tour-background - Behind the panorama.
 * @cssprop --room-tour-color - Text colour.
 * @cssprop --room-tour-font - Font.
 * @cssprop --room-tour-radius - Corner radius.
 * @cssprop --room-tour-link - A link marker's fill.
 * @cssprop --room-tour-link-hover - A link marker's fill under the pointer.
 * @cssprop --room-tour-focus - A link marker's focus ring.
 * @cssprop --room-tour-fade - How long the cross-fade into the next panorama takes (default 350ms).
 * @cssprop --room-tour-warning-background - The warning line's background.
 * @cssprop --room-tour-warning-color - The warning line's colour.
 *
 * @cssstate idle - Nothing to show yet.
 * @cssstate loading - The plan is read and the first stop prepared.
 * @cssstate ready - A stop is on screen.
 * @cssstate error - Nothing can be shown; the error panel says why.
 */
export class RoomTour extends RoomElement {
  /**
   * room-analytics: the controller from the start (its methods count the visitor's own input; issue 35).
   * @internal
   * @ignore
   */
  static override analyticsController = AnalyticsController;
  static override styles = styles;

  /** A planning project: `{ fml, panoramas }` (`panoramas` as the property of that name). */
  @property({ attribute: false }) project?: TourProject;

  /** An FML document (JSON object, or its JSON / XML text). */
  @property({ attribute: false }) fml?: unknown;

  /** The URL of an FML document (http(s)). */
  @property() src?: string;

  /**
   * The service's exported panoramas: `[{ camera, faces, floor?, position? }]`, `camera` the FML camera's name
   * (`camera_id`), `floor` its floor's index, `position` where it stands (model cm): what the planning client's
   * `exportPanoramas()` and the partner's `tour.json` give. A broken one is rendered from the model instead.
   */
  @property({ attribute: false }) panoramas?: ExportedPanorama[];

  /** The floor to start on: its index or name (default the ground floor). */
  @property() floor?: string;

  /** The id of the stop shown (reflected). Setting it goes there without a flight. */
  @property({ reflect: true }) stop?: string;

  /** Side of each rendered face, pixels (default 1024). */
  @property({ type: Number, attribute: 'panorama-size' }) panoramaSize = 1024;

  /** True while a move flies (reflected: the panorama is faded out over the 3D view). */
  @property({ type: Boolean, reflect: true }) moving = false;

  @state() private _error?: ElementError;
  @state() private _warnings: string[] = [];
  @state() private _faces?: CubeFaces;
  @state() private _status = '';

  #tour?: Tour;
  #plan?: FmlPlan;
  #raw?: unknown;
  #run = 0;
  #current?: TourStop;
  #viewerReady?: Promise<void>;
  readonly #language = new LanguageController(this);
  readonly #viewer = createRef<RoomViewer>();
  readonly #panorama = createRef<RoomPanorama>();
  readonly #panoramas = new StopPanoramas(
    () => this.#viewer.value,
    () => this.project?.panoramas ?? this.panoramas,
    () => this.panoramaSize,
  );
  /** The camera "you are here" follows (`<room-plan for>`): the stop and where the panorama looks. */
  readonly #feed = new CameraFeed((position, target) => this.#dragTo(position, target));
  #poll = 0;
  #lastView = '';
  #stopFlight?: () => void;

  constructor() {
    super();
    provideCameraFeed(this, this.#feed);
  }

  /** The tour built from the plan (undefined before). */
  get tour(): Tour | undefined {
    return this.#tour;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    this.#poll = requestAnimationFrame(this.#watchView);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    cancelAnimationFrame(this.#poll);
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('project') || changed.has('fml') || changed.has('src')) void this.#load();
    else if (changed.has('stop') && this.stop && this.stop !== this.#current?.id && this.#tour)
      void this.goTo(this.stop, { fly: false });
  }

  /**
   * Goes to a stop: flies the 3D view there and cross-fades into its panorama (a jump with `fly: false`
   * or when the page asks for reduced motion). Rejects with a RangeError for a stop the tour has not.
   */
  async goTo(id: string, options: { fly?: boolean } = {}): Promise<void> {
    const to = this.#tour?.stops.find((s) => s.id === id);
    if (!to) throw new RangeError(`goTo: no stop "${id}" in this tour`);
    const run = this.#run;
    const from = this.#current;
    if (from?.id === to.id) return;
    const link = from && this.#tour!.links.find((l) => l.from === from.id && l.to === to.id);
    const yaw = from ? yawOf(to.position[0] - from.position[0], to.position[1] - from.position[1]) : to.yaw;
    const fly = (options.fly ?? true) && !!from && !reducedMotion() && from.floor === to.floor;
    this._status = this.#text('moving', { name: this.#stopName(to) });
    try {
      await this.#showFloor(to.floor);
      if (run !== this.#run) return;
      const faces = this.#panoramas.facesOf(to);
      if (fly) await this.#fly(from!, to, link?.yaw ?? yaw);
      const shown = await faces;
      if (run !== this.#run) return;
      await this.#showFaces(shown.faces, to, fly ? (link?.yaw ?? yaw) : to.yaw);
      if (shown.malformed)
        this.#exportFailed(
          to,
          new ElementError('the exported panorama has no usable faces', {
            kind: 'invalid',
            reason: 'bad-export',
          }),
        );
      this.#arrive(from, to);
    } catch (error) {
      if (run !== this.#run) return;
      this.#warn(this.#text('renderFailed', { name: this.#stopName(to) }));
      this.emit('tour-error', { error: toElementError(error), fatal: false });
    } finally {
      if (run === this.#run) {
        this.moving = false;
        this._status = '';
      }
    }
  }

  /** Goes to the stop in the room named `area` (what `<room-plan for>` calls for a click in a room). */
  async flyTo(area: string): Promise<void> {
    const tour = this.#tour;
    const plan = this.#plan;
    if (!tour || !plan) return;
    const name = String(area).trim();
    const ids = new Set(
      plan.floors
        .flatMap((f) => f.designs.flatMap((d) => d.areas.filter((a) => a.name?.trim() === name)))
        .map((a) => a.id),
    );
    const stop =
      tour.stops.find((s) => s.area && ids.has(s.area) && s.floor === this.#current?.floor) ??
      tour.stops.find((s) => s.area && ids.has(s.area)) ??
      tour.stops.find((s) => s.name === name);
    if (!stop) throw new RangeError(`flyTo: no stop in "${name}"`);
    return this.goTo(stop.id);
  }

  override render() {
    const t = (key: TourStringKey, values?: Record<string, string | number>) => this.#text(key, values);
    if (this._error)
      return renderErrorPanel({
        kind: this._error.kind,
        lang: this.#language.lang,
        message: this._error.reason === 'no-stops' ? t('noStops') : undefined,
        onRetry: () => void this.#load(),
      });
    const links = this.#current ? this.#tour!.links.filter((l) => l.from === this.#current!.id) : [];
    return html`<div class="stage">
        ${
          this.#raw !== undefined
            ? html`<room-viewer
                ${ref(this.#viewer)}
                class="move"
                part="viewer"
                loading="eager"
                poster=""
                camera="orbit"
                inert
                aria-hidden="true"
                .fml=${this.#raw}
                floor=${String(this.#current?.floor ?? this.#startFloor())}
              ></room-viewer>`
            : nothing
        }
        ${
          this._faces
            ? html`<room-panorama
                ${ref(this.#panorama)}
                class="panorama"
                part="panorama"
                loading="eager"
                navbar="false"
                aria-label=${t('label')}
                .faces=${this._faces}
                @panorama-error=${this.#onPanoramaError}
              >
                ${links.map((link) => this.#renderLink(link))}
              </room-panorama>`
            : nothing
        }
      </div>
      ${this._status ? html`<p part="status" role="status">${this._status}</p>` : nothing}
      ${
        this._warnings.length
          ? html`<p part="warning" role="status">${this._warnings.join(' ')}</p>`
          : nothing
      }`;
  }

  #renderLink(link: TourLink) {
    const to = this.#tour!.stops.find((s) => s.id === link.to)!;
    const distance = (link.distance / 100).toLocaleString(this.#language.lang, { maximumFractionDigits: 1 });
    const name = to.name.trim();
    let label = name ? this.#text('link', { name, distance }) : this.#text('linkUnnamed', { distance });
    // a link by the stairs (issue 38 follow-up): "Upstairs: Overloop, 1.9 m ahead"
    if (link.stair)
      label = this.#text(link.stair.way === 'up' ? 'linkUp' : 'linkDown', {
        name: this.#stopName(to),
        distance,
      });
    return html`<button
      slot="hotspot"
      class="link"
      part="link"
      type="button"
      data-stop=${link.to}
      data-yaw=${String(link.yaw)}
      data-pitch=${String(link.pitch)}
      aria-label=${label}
      title=${label}
      @click=${() => void this.goTo(link.to).catch(() => undefined)}
    ></button>`;
  }

  #text(key: TourStringKey, values?: Record<string, string | number>): string {
    return this.#language.t(TOUR_STRINGS, key, values);
  }

  #stopName(stop: TourStop): string {
    return stop.name.trim() || this.#text('stopUnnamed', { number: this.#tour!.stops.indexOf(stop) + 1 });
  }

  #warn(words: string): void {
    if (!this._warnings.includes(words)) this._warnings = [...this._warnings, words];
  }

  #setState(next: TourState): void {
    this.setState(next, STATES);
    this.setAttribute('state', next);
  }

  #startFloor(): number {
    const floors = this.#plan?.floors ?? [];
    const wanted = this.floor?.trim();
    if (wanted) {
      if (/^\d+$/.test(wanted) && floors[Number(wanted)]) return Number(wanted);
      const named = floors.findIndex((f) => f.name === wanted);
      if (named >= 0) return named;
    }
    const ground = floors.findIndex((f) => f.level === 0);
    return ground >= 0 ? ground : 0;
  }

  /** Reads the plan, builds the tour and shows its first stop. */
  async #load(): Promise<void> {
    const run = ++this.#run;
    this.#panoramas.clear();
    this.#tour = undefined;
    this.#current = undefined;
    this._error = undefined;
    this._warnings = [];
    this._faces = undefined;
    const source = { fml: this.project?.fml ?? this.fml, src: this.src };
    if ((source.fml === undefined || source.fml === null) && !source.src?.trim()) {
      this.#raw = undefined;
      this.#setState('idle');
      return;
    }
    this.#setState('loading');
    this._status = this.#text('loading');
    try {
      const { raw } = await loadRaw(source);
      const fml = await loadFmlModule(raw);
      if (run !== this.#run) return;
      const plan = fml.readFml(raw).plan;
      const tour = buildTour(plan);
      this.#plan = plan;
      this.#tour = tour;
      for (const problem of tour.problems)
        if (problem.kind === 'camera-outside')
          this.#warn(this.#text('cameraOutside', { name: problem.subject ?? '' }));
      if (!tour.stops.length)
        throw new ElementError('the plan has no walkthrough camera and no named room', {
          kind: 'invalid',
          reason: 'no-stops',
        });
      this.#raw = raw;
      this.#viewerReady = undefined;
      const floor = this.#startFloor();
      const first =
        tour.stops.find((s) => s.id === this.stop) ??
        tour.stops.find((s) => s.floor === floor) ??
        tour.stops[0]!;
      await this.goTo(first.id, { fly: false });
      if (run !== this.#run) return;
      if (!this.#current)
        throw new ElementError('the first stop could not be shown', { kind: 'invalid', reason: 'no-model' });
      this.#setState('ready');
      this.emit('tour-ready', { stops: tour.stops, links: tour.links, problems: tour.problems });
    } catch (error) {
      if (run !== this.#run) return;
      this._error = toElementError(error);
      this._status = '';
      this.#setState('error');
      this.emit('tour-error', { error: this._error, fatal: true });
    }
  }

  /** The hidden 3D view shows `floor` (and has drawn it): what renders and flies needs it. */
  async #showFloor(floor: number): Promise<void> {
    await this.updateComplete;
    const viewer = this.#viewer.value;
    if (!viewer) throw new ElementError('no 3D view', { kind: 'invalid', reason: 'no-model' });
    const want = String(floor);
    // another floor: the view reloads on its next update, and still says `loaded` until then, so only
    // its next model-load means the floor is drawn (a toPanorama() before it found no room)
    const switched = viewer.getAttribute('floor') !== want;
    if (switched) {
      viewer.setAttribute('floor', want);
      this.#viewerReady = undefined;
    }
    this.#viewerReady ??= new Promise<void>((resolve, reject) => {
      const done = () => {
        viewer.removeEventListener('model-load', done);
        viewer.removeEventListener('model-error', failed);
        resolve();
      };
      const failed = (event: Event) => {
        const { error, fatal } = (event as CustomEvent<{ error: ElementError; fatal: boolean }>).detail;
        if (!fatal) return;
        viewer.removeEventListener('model-load', done);
        viewer.removeEventListener('model-error', failed);
        reject(error);
      };
      if (!switched && viewer.getAttribute('state') === 'loaded' && viewer.floor === want) return resolve();
      viewer.addEventListener('model-load', done);
      viewer.addEventListener('model-error', failed);
    });
    const ready = this.#viewerReady;
    ready.catch(() => {
      if (this.#viewerReady === ready) this.#viewerReady = undefined;
    });
    return ready;
  }

  /** Flies the 3D view from `from` (looking where the panorama looks) to `to` (looking along `yaw`). */
  async #fly(from: TourStop, to: TourStop, yaw: number): Promise<void> {
    const viewer = this.#viewer.value!;
    const feed = cameraFeedOf(viewer);
    const panorama = this.#panorama.value;
    const start = this.#lookAt(from, panorama?.yaw ?? from.yaw, panorama?.pitch ?? 0);
    // the 3D view sees what the panorama shows: its field of view, then its place
    await viewer.setFieldOfView(panoramaFov(panorama?.zoom ?? 0)).catch(() => undefined);
    if (feed) {
      feed.move(modelToWorld(start.position), modelToWorld(start.target));
      await this.#frameAt(feed, modelToWorld(start.position));
    }
    // the 3D view, now where the panorama looks from, shows through: the panorama fades out at once
    this.moving = true;
    // the plan's cone follows the flight
    this.#stopFlight?.();
    this.#stopFlight = feed?.listen((pose) => this.#feed.publish({ ...pose, aspect: this.#aspect() }));
    const end = this.#lookAt(to, yaw, 0);
    try {
      await viewer.flyTo({ position: end.position, target: end.target });
    } finally {
      this.#stopFlight?.();
      this.#stopFlight = undefined;
    }
  }

  /** Waits for the 3D view's frame drawn at `position` (world), at most a second. */
  #frameAt(feed: CameraFeed, position: Vec3): Promise<void> {
    let stop = (): void => undefined;
    const arrived = new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, 1000);
      // listen() hands the current camera at once: it may already be there
      stop = feed.listen((pose) => {
        if (!pose.position.every((v, i) => Math.abs(v - position[i]!) < 1e-4)) return;
        clearTimeout(timer);
        resolve();
      });
    });
    return arrived.finally(() => stop());
  }

  /** Shows the faces at `yaw`, and waits until the panorama has drawn them. */
  async #showFaces(faces: CubeFaces, stop: TourStop, yaw: number): Promise<void> {
    const same = this._faces === faces;
    this.#current = stop;
    this._faces = faces;
    await this.updateComplete;
    const panorama = this.#panorama.value;
    if (!panorama) return;
    panorama.yaw = yaw;
    panorama.pitch = 0;
    if (same || panorama.getAttribute('state') === 'ready') {
      if (panorama.faces === faces && panorama.getAttribute('state') === 'ready') return;
    }
    await new Promise<void>((resolve) => {
      const done = () => {
        panorama.removeEventListener('panorama-ready', done);
        panorama.removeEventListener('panorama-error', done);
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(done, 20000);
      panorama.addEventListener('panorama-ready', done);
      panorama.addEventListener('panorama-error', done);
    });
  }

  #arrive(from: TourStop | undefined, to: TourStop): void {
    this.#current = to;
    if (this.stop !== to.id) this.stop = to.id;
    this.#lastView = '';
    this.#publish();
    this.emit('stop-change', { stop: to.id, ...(from ? { from: from.id } : {}) });
    this.requestUpdate();
    this.#prefetch(to);
  }

  /**
   * Renders the stops linked from `stop` ahead, one after another (the 3D view renders one at a time), so a
   * move waits for no render (about 0.9 s a stop in the bench). A failure here is seen when going there.
   */
  #prefetch(stop: TourStop): void {
    const run = this.#run;
    const ahead = this.#tour!.links.filter((l) => l.from === stop.id).map((l) => l.to);
    void ahead
      .reduce<Promise<unknown>>(
        (previous, id) =>
          previous.then(() => {
            const next = this.#tour?.stops.find((s) => s.id === id);
            if (run !== this.#run || !next || this.#panoramas.exportOf(next)) return undefined;
            // a stop up or down the stairs is rendered once its floor is shown (goTo), not on the floor the view shows
            if (String(next.floor) !== this.#viewer.value?.getAttribute('floor')) return undefined;
            return this.#panoramas.render(next).catch(() => undefined);
          }),
        Promise.resolve(),
      )
      .catch(() => undefined);
  }

  /** A stop's eye and where it looks (model cm). */
  #lookAt(stop: TourStop, yaw: number, pitch: number): { position: Vec3; target: Vec3 } {
    const [dx, dy] = directionOf(yaw);
    const p = (pitch * Math.PI) / 180;
    const h = Math.cos(p) * LOOK_AHEAD;
    return {
      position: stop.position,
      target: [
        stop.position[0] + dx * h,
        stop.position[1] + dy * h,
        stop.position[2] + Math.sin(p) * LOOK_AHEAD,
      ],
    };
  }

  #aspect(): number {
    const { width, height } = this.getBoundingClientRect();
    return width > 0 && height > 0 ? width / height : 16 / 9;
  }

  /** The stop and the panorama's view, as a camera (world space) for `<room-plan for>`. */
  #publish(): void {
    const stop = this.#current;
    if (!stop || this.moving) return;
    const panorama = this.#panorama.value;
    const view = this.#lookAt(stop, panorama?.yaw ?? stop.yaw, panorama?.pitch ?? 0);
    this.#feed.publish({
      position: modelToWorld(view.position),
      target: modelToWorld(view.target),
      fov: panoramaFov(panorama?.zoom ?? 0),
      aspect: this.#aspect(),
    });
  }

  /** Each frame: the panorama turned (a drag, keys, autorotation) moves the plan's cone in that frame. */
  #watchView = (): void => {
    this.#poll = requestAnimationFrame(this.#watchView);
    const panorama = this.#panorama.value;
    if (!panorama || !this.#current || this.moving) return;
    const key = `${this.#current.id} ${panorama.yaw} ${panorama.pitch} ${panorama.zoom}`;
    if (key === this.#lastView) return;
    this.#lastView = key;
    this.#publish();
  };

  /** The plan moved the camera (a drag of its dot): the nearest stop, looking that way. */
  #dragTo(position: Vec3, target: Vec3): void {
    const tour = this.#tour;
    if (!tour) return;
    const at = worldToModel(position);
    const aim = worldToModel(target);
    const floor = this.#current?.floor;
    let best: TourStop | undefined;
    let bestD = Infinity;
    for (const stop of tour.stops) {
      if (floor !== undefined && stop.floor !== floor) continue;
      const d = Math.hypot(stop.position[0] - at[0], stop.position[1] - at[1]);
      if (d < bestD) [best, bestD] = [stop, d];
    }
    if (!best) return;
    const yaw = yawOf(aim[0] - at[0], aim[1] - at[1]);
    if (best.id !== this.#current?.id) void this.goTo(best.id).catch(() => undefined);
    else if (this.#panorama.value) this.#panorama.value.yaw = yaw;
  }

  /** An export the stop cannot use: the warning names the stop, and the page hears it (once a stop). */
  #exportFailed(stop: TourStop, error: ElementError): void {
    const words = this.#text('exportFailed', { name: this.#stopName(stop) });
    if (this._warnings.includes(words)) return;
    this.#warn(words);
    this.emit('tour-error', { error, fatal: false });
  }

  /** An exported panorama that fails: the stop is rendered from the model instead, and the page is told. */
  #onPanoramaError = (event: Event): void => {
    const stop = this.#current;
    if (!stop || !this.#panoramas.exportOf(stop)) return;
    event.stopPropagation();
    this.#panoramas.markBroken(stop);
    this.#exportFailed(stop, (event as CustomEvent<{ error: ElementError }>).detail.error);
    const run = this.#run;
    void this.#panoramas
      .render(stop)
      .then((faces) =>
        run === this.#run && this.#current === stop ? this.#showFaces(faces, stop, stop.yaw) : undefined,
      )
      .catch(() => this.#warn(this.#text('renderFailed', { name: this.#stopName(stop) })));
  };
}

defineElement('room-tour', RoomTour);

declare global {
  interface HTMLElementTagNameMap {
    'room-tour': RoomTour;
  }
}
