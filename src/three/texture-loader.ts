/**
 * Loads a texture image on the page's thread or in the render worker (src/three/worker/). three's
 * TextureLoader decodes through an <img>, which a worker has not; there the image is fetched and
 * decoded to an ImageBitmap (texture-loader.worker.ts, off every thread that draws, as a bonus), flipped
 * while it is decoded, because WebGL's UNPACK_FLIP_Y does not apply to ImageBitmaps: both ways give
 * the same texture. The worker's build takes texture-loader.worker.ts for this module
 * (scripts/worker-trims.ts): keep both exporting the same.
 */
import { TextureLoader } from 'three';
import { textureSource as bitmapSource, type TextureSource } from './texture-loader.worker.js';

export type { TextureSource } from './texture-loader.worker.js';

export function textureSource(): TextureSource {
  if (typeof document === 'undefined') return bitmapSource();
  const loader = new TextureLoader();
  loader.setCrossOrigin('anonymous');
  return { load: (url, onLoad, onError) => loader.load(url, onLoad, undefined, onError) };
}
