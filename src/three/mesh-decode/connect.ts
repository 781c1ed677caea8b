/**
 * A port to the page's mesh decoder, for the render worker (worker-view.ts sends it when it starts the
 * worker). The page owns the mesh-decoding worker: a page's bundler sees and builds the worker file
 * only where the page's own code starts it (a worker started inside the render worker was not copied
 * by a site's build), and one worker on the page means one deadline and one Basis transcoder for all
 * the page's viewers. Nothing of the decoder loads until the first file comes (host.ts, lazily).
 */
import type { DecodeMessage } from './decode-client.js';

export function meshDecoderPort(): MessagePort {
  const channel = new MessageChannel();
  const page = channel.port1;
  page.onmessage = ({ data }: MessageEvent<DecodeMessage>) => {
    page.onmessage = null;
    void import('./host.js').then(({ serveMeshDecoding }) => serveMeshDecoding(page, data));
  };
  return channel.port2;
}
