/**
 * What the XML API knows beyond the shared v2 records (PlanningState): publish configurations,
 * floor drawings, the project a copy came from, tags and the users' current tokens. (Collaborators are
 * the v2 API's project permissions.)
 * Keyed by the v2 ids; emptied whenever the shared state is reset. Bounded like the rest.
 */
import type { XmlFile } from './xml-read.ts';

export const PUBLISH_FLAGS = [
  'show-furniture-and-texture-libraries',
  'show-measurement-system',
  'show-3d',
  'show-dimensions',
  'show-custom-dimensions',
  'allow-print',
  'allow-save-by-mail',
  'show-sidebar',
  'allow-cc-addresses',
  'receive_bcc',
  'hide-scale-bar',
] as const;
export type PublishFlag = (typeof PUBLISH_FLAGS)[number];

export const INIT_MODULES = ['details', 'media', 'location', 'share', 'assets', 'tutorial'] as const;

export interface PublishConfiguration {
  projectId: number;
  path: string;
  styleId: number | null;
  flags: Record<PublishFlag, boolean>;
  ccAddresses: string[];
  elementCategories: number[];
  initModule: (typeof INIT_MODULES)[number] | null;
  createdAt: string;
  updatedAt: string;
}

export interface DrawingRecord {
  id: number;
  url: string;
  contentType: string;
}

/** Uploaded drawing files (type="file" elements) kept at most, and their bytes at most. */
export const MAX_DRAWING_FILES = 200;
export const MAX_DRAWING_BYTES = 64 * 1024 * 1024;

export class XmlSideTables {
  /** project id → its publish configuration (present = published) */
  publish = new Map<number, PublishConfiguration>();
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
