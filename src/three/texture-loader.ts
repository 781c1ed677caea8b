/**
 * Loads a texture image on the page's thread or in the render worker (src/three/worker/). three's
 * TextureLoader decodes through an <img>, which a worker has not; there ImageBitmapLoader fetches and
 * decodes it (off every thread that draws, as a bonus). The picture is flipped while it is decoded
 * (`imageOrientation: 'flipY'`), because WebGL's UNPACK_FLIP_Y does not apply to ImageBitmaps: both
 * ways give the same texture.
 */
import { ImageBitmapLoader, Texture, TextureLoader } from 'three';

export interface TextureSource {
  /** Starts loading `url`; the texture returned is filled in when it arrives (TextureLoader's way). */
  load(url: string, onLoad: (texture: Texture) => void, onError: () => void): Texture;
}

export function textureSource(): TextureSource {
  if (typeof document !== 'undefined') {
    const loader = new TextureLoader();
    loader.setCrossOrigin('anonymous');
    return { load: (url, onLoad, onError) => loader.load(url, onLoad, undefined, onError) };
  }
  const loader = new ImageBitmapLoader();
  loader.setCrossOrigin('anonymous');
  loader.setOptions({ imageOrientation: 'flipY', premultiplyAlpha: 'none' });
  return {
    load(url, onLoad, onError) {
      const texture = new Texture();
      texture.flipY = false;
      loader.load(
        url,
        (bitmap) => {
          texture.image = bitmap;
          texture.needsUpdate = true;
          onLoad(texture);
        },
        undefined,
        onError,
      );
      return texture;
    },
  };
}
