/**
 * A port to the page's mesh decoder, for the render worker (worker-view.ts sends it when it starts the
 * worker). The page owns the mesh-decoding worker: a page's bundler sees and builds the worker file
 * only where the page's own code starts it (a worker started inside the render worker was not copied
 * by a site's build), and one worker on the page means one deadline and one Basis transcoder for all
 * the page's viewers. Nothing of the decoder loads until the first file comes (host.ts, lazily).
 */
import type { DecodeMessage } from './decode-client.js';

export function meshDecoderPort(
  /**
   * Runs before the first file is decoded: the element layer sets how the decoding worker starts
   * (src/elements/room-viewer/mesh-decoder-start.ts), a chunk of its own that a room without furniture
   * meshes never fetches. Failed: the decoder decodes on the page, as without a worker.
   */
  prepare: () => Promise<unknown> = () => Promise.resolve(),
): MessagePort {
  const channel = new MessageChannel();
  const page = channel.port1;
  page.onmessage = ({ data }: MessageEvent<DecodeMessage>) => {
    page.onmessage = null;
    void prepare()
      .catch(() => undefined)
      .then(() => import('./host.js'))
      .then(({ serveMeshDecoding }) => serveMeshDecoding(page, data));
  };
  return channel.port2;
}
