/**
 * Everything about a furniture file that is checked before it is decoded, on the thread that asked
 * for it (fetching is asynchronous and reading headers takes microseconds, so this thread stays free):
 * the file and the resources it names fetched under one byte cap and the resource policy
 * (resources.ts), then what decoding would cost from what the file declares (declared-size.ts)
 * against the limits. A file over them is refused here: the decoder never sees it.
 */
import { buffersOf, checkDeclared, declaredSize } from './declared-size.js';
import type { DecodeRequest } from './decode.js';
import { readGltf } from './gltf-file.js';
import type { FurnitureLimits } from './limits.js';
import { ByteAllowance, fetchCapped, fetchResources } from './resources.js';

export async function prepareFile(
  url: string,
  limits: FurnitureLimits,
  options: { basisTranscoderPath?: string; signal?: AbortSignal } = {},
): Promise<DecodeRequest> {
  const allowance = new ByteAllowance(limits.maxFileBytes, url);
  const bytes = await fetchCapped(url, allowance, options.signal);
  const file =
    bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength
      ? (bytes.buffer as ArrayBuffer)
      : (bytes.slice().buffer as ArrayBuffer);
  const { json, bin } = readGltf(file, url);
  const resources = await fetchResources(json, url, allowance, options.signal);
  checkDeclared(declaredSize(json, buffersOf(json, bin, resources), resources, url), limits, url);
  return {
    url,
    file,
    resources: [...resources],
    limits,
    ...(options.basisTranscoderPath ? { basisTranscoderPath: options.basisTranscoderPath } : {}),
  };
}
