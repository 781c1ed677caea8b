/**
 * What `<room-viewer>`'s `exportLook()` asks of the drawing, on either thread (drawing.ts,
 * worker/protocol.ts). Types only: the page's side of the worker imports this without three.js.
 */

/** One export: which pieces, with or without the room around them, in which format, within which cap. */
export interface LookExportRequest {
  format: 'glb' | 'usdz';
  /** The pieces of furniture's ids (each a node named by it). */
  pieces: string[];
  /** Walls, floors, doors and windows too (scope `room`). */
  room: boolean;
  /** The file's cap in bytes: over it the export is refused (QuotaExceededError). */
  maxBytes: number;
  /** The largest side of a texture written (pixels); bigger ones are scaled down. */
  maxTextureSize: number;
}
