/**
 * The mesh-decoding worker (decode-client.ts starts it): decodes one checked furniture file at a time
 * into a PlainMesh and moves it back. A worker of its own, never the render worker that draws every
 * viewer: a file that takes long stalls no viewer, and one over its deadline is stopped with
 * `terminate()`, which also frees whatever the decoders had allocated.
 * Messages: in `{ id, request }`, out `{ id, mesh }` or `{ id, problem }`.
 */
import { decodeFile } from './decode.js';
import type { DecodeAnswer, DecodeMessage } from './decode-client.js';
import { toProblem } from './errors.js';
import { transferables } from './plain-mesh.js';

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<DecodeMessage>) => void) | null;
  postMessage(message: DecodeAnswer, transfer?: Transferable[]): void;
};

scope.onmessage = async ({ data }) => {
  try {
    const mesh = await decodeFile(data.request, {
      ktx2: () => import('three/examples/jsm/loaders/KTX2Loader.js'),
      meshopt: () => import('three/examples/jsm/libs/meshopt_decoder.module.js'),
    });
    scope.postMessage({ id: data.id, mesh }, transferables(mesh));
  } catch (error) {
    scope.postMessage({ id: data.id, problem: toProblem(error) });
  }
};
