/**
 * A texture image loaded where there is no document (the render worker, src/three/worker/): fetched and
 * decoded to an ImageBitmap, flipped while it is decoded (`imageOrientation: 'flipY'`: WebGL's
 * UNPACK_FLIP_Y does not apply to ImageBitmaps). It asks exactly what three's ImageBitmapLoader asked
 * (same-origin credentials, the same decode options, `colorSpaceConversion: 'none'`), so the texels are
 * the same, without the loader, its loading manager and cache (about 1.3 KB gzip of the render worker's
 * first stage, issue 33). The worker's build takes this module for texture-loader.ts itself
 * (scripts/worker-trims.ts), so three's <img> TextureLoader is not in the worker either.
 */
import { Texture } from 'three';

export interface TextureSource {
  /** Starts loading `url`; the texture returned is filled in when it arrives (TextureLoader's way). */
  load(url: string, onLoad: (texture: Texture) => void, onError: () => void): Texture;
}

const DECODE: ImageBitmapOptions = {
  imageOrientation: 'flipY',
  premultiplyAlpha: 'none',
  colorSpaceConversion: 'none',
};

export function textureSource(): TextureSource {
  return {
    load(url, onLoad, onError) {
      const texture = new Texture();
      texture.flipY = false;
      fetch(url, { credentials: 'same-origin' })
        .then((response) => response.blob())
        .then((blob) => createImageBitmap(blob, DECODE))
        .then(
          (bitmap) => {
            texture.image = bitmap;
            texture.needsUpdate = true;
            onLoad(texture);
          },
          () => onError(),
        );
      return texture;
    },
  };
}
