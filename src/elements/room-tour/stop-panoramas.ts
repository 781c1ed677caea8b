/**
 * Where each stop's panorama comes from: the project's own exported panorama of the stop's camera
 * (`panoramas`, faces checked as `<room-panorama>` checks them), else the hidden `<room-viewer>`'s
 * toPanorama() at the stop. One render per stop, kept (object URLs freed with the tour), and renders
 * one at a time: the 3D view has one camera and one GPU queue.
 */
import { checkFaces, type CubeFaces } from '../../panorama/cube-faces.js';
import type { TourStop } from '../../model/tour/types.js';
import type { PanoramaFaces, PanoramaOptions } from '../room-viewer/features/to-panorama.js';

/** An exported panorama of the planning service (Document 1's export, `views[].type = panorama`). */
export interface ExportedPanorama {
  /** The FML camera's name (the export's `camera_id`). */
  camera: string;
  faces: CubeFaces;
}

/** What renders a panorama: a `<room-viewer>` (structural: no import of the element here). */
export interface PanoramaRenderer {
  toPanorama(options: PanoramaOptions): Promise<PanoramaFaces>;
}

export interface StopFaces {
  faces: CubeFaces;
  /** From the project's export (else rendered from the model). */
  exported: boolean;
}

/** Behind a rendered stop where the room draws nothing (above the walls): `<room-viewer>`'s own light background. */
const SKY = '#f3f2ef';

export class StopPanoramas {
  readonly #rendered = new Map<string, Promise<PanoramaFaces>>();
  /** Stops whose export failed to load: rendered from now on. */
  readonly #broken = new Set<string>();
  #queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly renderer: () => PanoramaRenderer | undefined,
    private readonly exported: () => readonly ExportedPanorama[] | undefined,
    private readonly size: () => number,
  ) {}

  /** The stop's export, when the project has a usable one and it has not failed. */
  exportOf(stop: TourStop): CubeFaces | undefined {
    if (!stop.camera || this.#broken.has(stop.id)) return undefined;
    const found = this.exported()?.find((p) => p && String(p.camera) === stop.camera);
    if (!found) return undefined;
    const checked = checkFaces(found.faces);
    return checked.ok ? checked.faces : undefined;
  }

  /** The export's faces failed to load: render this stop from now on. */
  markBroken(stop: TourStop): void {
    this.#broken.add(stop.id);
  }

  async facesOf(stop: TourStop): Promise<StopFaces> {
    const exported = this.exportOf(stop);
    if (exported) return { faces: exported, exported: true };
    return { faces: await this.render(stop), exported: false };
  }

  /** The stop rendered from the model (once; a failed render is tried again next time). */
  render(stop: TourStop): Promise<PanoramaFaces> {
    let done = this.#rendered.get(stop.id);
    if (!done) {
      const viewer = this.renderer();
      if (!viewer) return Promise.reject(new DOMException('no 3D view to render with', 'InvalidStateError'));
      done = this.#queue.then(() =>
        viewer.toPanorama({
          position: stop.position,
          size: this.size(),
          type: 'image/jpeg',
          quality: 0.9,
          // an FML room has no ceiling: a light sky above, not a black hole
          background: SKY,
        }),
      );
      this.#queue = done.catch(() => undefined);
      this.#rendered.set(stop.id, done);
      done.catch(() => this.#rendered.delete(stop.id));
    }
    return done;
  }

  /** Frees every rendered face. */
  clear(): void {
    for (const done of this.#rendered.values())
      void done.then((faces) => faces.revoke()).catch(() => undefined);
    this.#rendered.clear();
    this.#broken.clear();
  }
}
