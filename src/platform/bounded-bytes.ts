/**
 * A fetch body as bytes with a byte cap (the mesh loader, the emulator's remote media): the chunks the
 * bounded reader of bounded-body.ts hands over, collected into one buffer.
 */
import { readBoundedText } from './bounded-body.js';

/**
 * The body as bytes (a buffer of its own), at most `maxBytes`; past that (declared or as it streams)
 * the error `tooLarge()` is thrown. A read that fails midway rejects with the stream's own error.
 */
export async function readBoundedBytes(
  message: Response | Request,
  maxBytes: number,
  tooLarge: () => Error,
): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  let total = 0;
  await readBoundedText(message, maxBytes, tooLarge, (chunk) => {
    chunks.push(chunk);
    total += chunk.byteLength;
  });
  return joinChunks(chunks, total);
}

/**
 * The chunks of a body read as a stream in one buffer of exactly `total` bytes (a chunk may be a view
 * into a larger one). One copy for every bounded reader (issue 33: the mesh loader had its own).
 */
export function joinChunks(chunks: readonly Uint8Array[], total: number): Uint8Array {
  const out = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.byteLength;
  }
  return out;
}
