/**
 * Reading a fetch body with a byte cap (issue 33: four copies before, in the HTTP client, the mesh
 * loader and the emulator). The Content-Length is checked first, but a chunked body has none, so the
 * body is read chunk by chunk and cut off at the first byte over the cap; the stream is cancelled then.
 * Works the same for a Response (what a client reads) and a Request (what a server receives).
 */

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
  await readChunks(message, maxBytes, tooLarge, (chunk) => {
    chunks.push(chunk);
    total += chunk.byteLength;
  });
  // one buffer of exactly the body (a chunk may be a view into a larger one)
  const out = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.byteLength;
  }
  return out;
}

/** The body as UTF-8 text, at most `maxBytes` of it; past that the error `tooLarge()` is thrown. */
export async function readBoundedText(
  message: Response | Request,
  maxBytes: number,
  tooLarge: () => Error,
): Promise<string> {
  const decoder = new TextDecoder();
  let text = '';
  await readChunks(message, maxBytes, tooLarge, (chunk) => {
    text += decoder.decode(chunk, { stream: true });
  });
  return text + decoder.decode();
}

async function readChunks(
  message: Response | Request,
  maxBytes: number,
  tooLarge: () => Error,
  take: (chunk: Uint8Array) => void,
): Promise<void> {
  const declared = Number(message.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await message.body?.cancel().catch(() => undefined);
    throw tooLarge();
  }
  if (!message.body) return; // no body at all: empty
  const reader = message.body.getReader();
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    bytes += value.byteLength;
    if (bytes > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge();
    }
    take(value);
  }
}
