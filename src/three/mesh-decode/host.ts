/**
 * The page's side of the render worker's mesh decoding (connect.ts makes the channel): files the
 * render worker checked (prepare.ts) come in through the port and go to the page's own decoder
 * (decode-client.ts: its one worker, its deadline, its one transcoder); the meshes go back, moved.
 */
import { meshDecoder, type DecodeAnswer, type DecodeMessage } from './decode-client.js';
import { toProblem } from './errors.js';
import { transferables } from './plain-mesh.js';

export function serveMeshDecoding(port: MessagePort, first: DecodeMessage): void {
  // as for the page's own viewers (page-fallback.ts): where no decoding worker can start, the page decodes
  meshDecoder.inThread ??= () => import('./decode.js').then((module) => module.decodeFile);
  const answer = ({ id, request }: DecodeMessage) =>
    meshDecoder.decode(request).then(
      (mesh) => port.postMessage({ id, mesh } satisfies DecodeAnswer, transferables(mesh)),
      (error: unknown) => port.postMessage({ id, problem: toProblem(error) } satisfies DecodeAnswer),
    );
  port.onmessage = ({ data }: MessageEvent<DecodeMessage>) => void answer(data);
  void answer(first);
}
