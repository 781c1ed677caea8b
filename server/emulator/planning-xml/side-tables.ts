/**
 * What the XML API knows beyond the shared v2 records (PlanningState): floor drawings, the project a
 * copy came from, tags and the users' current tokens. (Collaborators are the v2 API's project
 * permissions; publish configurations are the shared state's `publications`, seen here as `publish`.)
 * Keyed by the v2 ids; emptied whenever the shared state is reset. Bounded like the rest.
 */
import type { PublishConfiguration } from '../planning/domain/publication.ts';
import type { PlanningState } from '../planning/domain/state.ts';
import type { XmlFile } from './xml-read.ts';

// the publish configuration belongs to the shared project (the v2 API applies its rule too)
export {
  INIT_MODULES,
  PUBLISH_FLAGS,
  type PublishConfiguration,
  type PublishFlag,
} from '../planning/domain/publication.ts';

export interface DrawingRecord {
  id: number;
  url: string;
  contentType: string;
}

/** Uploaded drawing files (type="file" elements) kept at most, and their bytes at most. */
export const MAX_DRAWING_FILES = 200;
export const MAX_DRAWING_BYTES = 64 * 1024 * 1024;

export class XmlSideTables {
  /** project id → its publish configuration (present = published): the shared state's map */
  readonly publish: Map<number, PublishConfiguration>;
  /** floor id → its background drawing */
  drawings = new Map<number, DrawingRecord>();
  /** `<token>/<name>` → an uploaded drawing file */
  drawingFiles = new Map<string, XmlFile>();
  /** project id → the project it was copied from */
  originals = new Map<number, number>();
  /** project id → tags (searched by the index's `q`) */
  tags = new Map<number, string[]>();
  /** user id → the token DELETE /users/:id/token last issued */
  userTokens = new Map<number, string>();
  #nextDrawingId = 1374000;
  #drawingBytes = 0;

  constructor(shared: Pick<PlanningState, 'publications'>) {
    this.publish = shared.publications;
  }

  clear(): void {
    this.publish.clear();
    this.drawings.clear();
    this.drawingFiles.clear();
    this.originals.clear();
    this.tags.clear();
    this.userTokens.clear();
    this.#drawingBytes = 0;
  }

  newDrawingId(): number {
    return ++this.#nextDrawingId;
  }

  publishedAt(path: string): PublishConfiguration | undefined {
    for (const config of this.publish.values())
      if (config.path.toLowerCase() === path.toLowerCase()) return config;
    return undefined;
  }

  addDrawingFile(key: string, file: XmlFile): void {
    this.drawingFiles.set(key, file);
    this.#drawingBytes += file.bytes.byteLength;
    // the oldest go first (Map order is insertion order), never the one just added
    for (const [k, f] of this.drawingFiles) {
      if (this.drawingFiles.size <= MAX_DRAWING_FILES && this.#drawingBytes <= MAX_DRAWING_BYTES) break;
      if (k === key) break;
      this.drawingFiles.delete(k);
      this.#drawingBytes -= f.bytes.byteLength;
    }
  }
}
