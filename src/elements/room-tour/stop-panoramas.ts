/**
 * Where each stop's panorama comes from: the project's own exported panorama of the stop's camera
 * (`panoramas`, faces checked as `<room-panorama>` checks them), else the hidden `<room-viewer>`'s
 * toPanorama() at the stop. One render per stop, kept (object URLs freed with the tour), and renders
 * one at a time: the 3D view has one camera and one GPU queue.
 */
import { checkFaces, type CubeFaces } from '../../panorama/cube-faces.js';
import type { TourStop } from '../../model/tour/types.js';
import type { PanoramaFaces, PanoramaOptions } from '../room-viewer/features/to-panorama.js';

/**
 * An exported panorama of the planning service (Document 1's export, `views[].type = panorama`), as the
 * planning client's `exportPanoramas()` / the partner's `tour.json` give it (`PlanningPanorama`).
 */
export interface ExportedPanorama {
  /** The FML camera's name (the export's `camera_id`, named through the project's show answer). */
  camera: string;
  faces: CubeFaces;
  /** The camera's floor: its index in the FML's floors. Given, only that floor's stops match. */
  floor?: number;
  /**
   * Where the camera stands, model frame (cm, y up the plan). Given, only a stop within 5 cm matches: two
   * cameras of one floor may share a name (project 186997360's design and floor both have "Camera 2").
   */
  position?: readonly number[];
}

/** How far (cm) an export's camera may stand from the stop it is for. */
const SAME_PLACE = 5;

/** What renders a panorama: a `<room-viewer>` (structural: no import of the element here). */
export interface PanoramaRenderer {
  toPanorama(options: PanoramaOptions): Promise<PanoramaFaces>;
}

export interface StopFaces {
  faces: CubeFaces;
  /** From the project's export (else rendered from the model). */
  exported: boolean;
  /** The project has an export for this stop, but not one that can be shown (its faces are no image URLs). */
  malformed?: boolean;
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

  /** The export the project has for the stop's camera (its floor and place, when the export says them). */
  #entryOf(stop: TourStop): ExportedPanorama | undefined {
    const all = this.exported();
    if (!stop.camera || !Array.isArray(all)) return undefined;
    let best: ExportedPanorama | undefined;
    let bestGap = Infinity;
    for (const entry of all as unknown[]) {
      if (!entry || typeof entry !== 'object') continue;
      const p = entry as ExportedPanorama;
      if (String(p.camera) !== stop.camera) continue;
      if (typeof p.floor === 'number' && p.floor !== stop.floor) continue;
      const at = Array.isArray(p.position) ? p.position.map(Number) : undefined;
      const gap = at ? Math.hypot(at[0]! - stop.position[0], at[1]! - stop.position[1]) : SAME_PLACE;
      // NaN (a position that is no pair of numbers) is never within reach
      if (!(gap <= SAME_PLACE) || gap >= bestGap) continue;
      [best, bestGap] = [p, gap];
    }
    return best;
  }

  /** The stop's export, when the project has a usable one and it has not failed. */
  exportOf(stop: TourStop): CubeFaces | undefined {
    if (this.#broken.has(stop.id)) return undefined;
    const found = this.#entryOf(stop);
    if (!found) return undefined;
    const checked = checkFaces(found.faces);
    return checked.ok ? checked.faces : undefined;
  }

  /** The project has an export for the stop that cannot be used (faces missing or no image URLs). */
  malformed(stop: TourStop): boolean {
    return !this.#broken.has(stop.id) && !!this.#entryOf(stop) && !this.exportOf(stop);
  }

  /** The export's faces failed to load: render this stop from now on. */
  markBroken(stop: TourStop): void {
    this.#broken.add(stop.id);
  }

  async facesOf(stop: TourStop): Promise<StopFaces> {
    const exported = this.exportOf(stop);
    if (exported) return { faces: exported, exported: true };
    const malformed = this.malformed(stop);
    return { faces: await this.render(stop), exported: false, ...(malformed ? { malformed } : {}) };
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
