/**
 * Where a panorama's faces come from: the page's `faces`, checked at once, or `room-id`, asked of the
 * room-styling service (GET /rooms/:id/panorama) through the shared latest-request controller, so a
 * newer source always wins over a late answer for an older one and a removed element stops asking.
 */
import type { ReactiveControllerHost } from 'lit';
import { RoomStylingClient, type PanoramaRender } from '../../api/room-styling/index.js';
import { getRoomRender, type RoomRender } from '../../api/room-styling/room-render.js';
import { getConfig } from '../../config.js';
import { ElementError } from '../../internal/element-error.js';
import { LatestRequestController } from '../../internal/latest-request.js';
import { checkFaces, type CubeFaces } from '../../panorama/cube-faces.js';
import { PanoramaError } from './panorama-error.js';

/** What the element's attributes say about the source, read when it is needed. */
export interface SourceInput {
  roomId?: string | null;
  faces?: CubeFaces;
  apiBase?: string;
  panoViewerUrl?: string;
}

export interface SourceCallbacks {
  /** The service is being asked (room-id): no faces yet. */
  loading(): void;
  /** The faces are known (`faces` and `record` are set): the poster can show, the viewer can start. */
  ready(): void;
  /** The room's own render is known (`render` is set; room-id only): the poster can show before the faces. */
  render(): void;
  failed(error: ElementError): void;
}

export class PanoramaSourceController {
  /** The six face URLs, absolute and checked, once known. */
  faces?: CubeFaces;
  /** The service's record, when the faces came through `room-id`. */
  record?: PanoramaRender;
  /**
   * The room's own render (GET /rooms/:id?skip_model=true, asked beside the panorama record): the
   * poster, a few kilobytes where the front face is most of a megabyte. Undefined for `faces`.
   */
  render?: RoomRender;
  readonly #request: LatestRequestController;

  constructor(
    host: ReactiveControllerHost,
    private readonly input: () => SourceInput,
    private readonly callbacks: SourceCallbacks,
  ) {
    this.#request = new LatestRequestController(host);
  }

  /** True while the service is being asked. */
  get pending(): boolean {
    return this.#request.pending;
  }

  /** True when the attributes name no source at all (nothing to show: the element is idle). */
  get empty(): boolean {
    const { faces, roomId } = this.input();
    return !faces && (roomId === undefined || roomId === null || String(roomId).trim() === '');
  }

  /** Learns the faces, unless they are known or being asked for already. */
  prepare(): void {
    if (this.faces || this.pending) return;
    const input = this.input();
    if (input.faces) {
      const checked = checkFaces(input.faces);
      if (!checked.ok) {
        this.callbacks.failed(
          new PanoramaError(`Unusable face URLs: ${checked.bad.join(', ')}`, 'bad-faces'),
        );
        return;
      }
      this.faces = checked.faces;
      this.callbacks.ready();
      return;
    }
    if (this.empty) return;
    const id = String(input.roomId).trim();
    if (!/^\d+$/.test(id)) {
      this.callbacks.failed(new PanoramaError(`room-id "${id}" is not a room number`, 'bad-id'));
      return;
    }
    this.callbacks.loading();
    void this.#fetch(Number(id), input);
  }

  async #fetch(id: number, input: SourceInput): Promise<void> {
    const base = input.apiBase || undefined;
    const outcome = await this.#request.run(async (signal) => {
      // the poster's render is asked at the same moment and waited for (it is small): the faces are
      // not made known before it, so the poster is never the front face when the room has a render
      const rendered = getRoomRender({ base }, String(id), { signal })
        .catch((): RoomRender => ({}))
        .then((render) => {
          if (signal.aborted) return;
          this.render = render;
          if (render.image || render.hq) this.callbacks.render();
        });
      const client = new RoomStylingClient({ base });
      const record = await client.getPanorama(
        id,
        { panoViewerUrl: input.panoViewerUrl || undefined },
        { signal },
      );
      // relative face URLs belong to the service, not to the page
      const checked = checkFaces(record.images, base ?? getConfig().apiBase);
      if (!checked.ok) {
        const message = `The panorama's faces are not http(s) URLs: ${checked.bad.join(', ')}`;
        throw new ElementError(message, { kind: 'invalid', status: 200, problems: checked.bad });
      }
      await rendered;
      return { record, faces: checked.faces };
    });
    if (outcome.status === 'superseded') return;
    if (outcome.status === 'failed') {
      if (outcome.error.kind !== 'aborted') this.callbacks.failed(outcome.error);
      return;
    }
    this.record = outcome.value.record;
    this.faces = outcome.value.faces;
    this.callbacks.ready();
  }

  /** Forgets the source (a new one, a retry, or the element left the page); a pending answer is dropped. */
  reset(): void {
    this.#request.abort();
    this.faces = undefined;
    this.record = undefined;
    this.render = undefined;
  }
}
