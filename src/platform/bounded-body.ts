/**
 * Reading a fetch body with a byte cap (issue 33: four copies before, in the HTTP client, the mesh
 * loader and the emulator). The Content-Length is checked first, but a chunked body has none, so the
 * body is read chunk by chunk and cut off at the first byte over the cap; the stream is cancelled
 * then. Works the same for a Response (what a client reads) and a Request (what a server receives).
 * One function, and the bytes' collector apart (bounded-bytes.ts): the CDN loader and a gallery read
 * only text, and every byte before the first cards counts (scripts/cdn/budgets.json).
 */

/**
 * The body as UTF-8 text, at most `maxBytes` of it; past that the error `tooLarge()` is thrown. No
 * body at all is ''. With `take`, each chunk goes there instead and the text stays '' (readBoundedBytes).
 */
export async function readBoundedText(
  message: Response | Request,
  maxBytes: number,
  tooLarge: () => Error,
  take?: (chunk: Uint8Array) => void,
): Promise<string> {
  if (Number(message.headers.get('content-length')) > maxBytes) {
    await message.body?.cancel().catch(() => {});
    throw tooLarge();
  }
  const decoder = new TextDecoder();
  let text = '';
  if (message.body) {
    const reader = message.body.getReader();
    for (let bytes = 0; ;) {
      const { done, value } = await reader.read();
      if (done) break;
      if ((bytes += value.byteLength) > maxBytes) {
        await reader.cancel().catch(() => {});
        throw tooLarge();
      }
      if (take) take(value);
      else text += decoder.decode(value, { stream: true });
    }
  }
  return text + decoder.decode();
}
