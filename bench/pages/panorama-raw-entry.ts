/**
 * The baseline for bench/scenarios/20-panorama.ts: photo-sphere-viewer with its cubemap adapter used
 * directly, as a page would without <room-panorama>. Built by the scenario (vite build) into
 * bench/.tmp/panorama-raw/; the same entry is measured for bytes.
 */
import { Viewer } from '@photo-sphere-viewer/core';
import { CubemapAdapter } from '@photo-sphere-viewer/cubemap-adapter';
import psvCss from '@photo-sphere-viewer/core/index.css?inline';

const style = document.createElement('style');
style.textContent = psvCss;
document.head.append(style);

type Faces = Record<'r' | 'd' | 'l' | 'u' | 'b' | 'f', string>;

/** Creates a viewer in `container`; resolves when the first frame with the faces is drawn. */
export function mountRaw(container: HTMLElement, faces: Faces): Promise<Viewer> {
  return new Promise((resolve, reject) => {
    const viewer = new Viewer({
      container,
      adapter: CubemapAdapter,
      panorama: {
        type: 'separate',
        paths: {
          left: faces.l,
          front: faces.f,
          right: faces.r,
          back: faces.b,
          top: faces.u,
          bottom: faces.d,
        },
        flipTopBottom: true,
      },
      defaultZoomLvl: 0,
      navbar: ['zoom', 'fullscreen'],
    });
    viewer.addEventListener('render', () => {
      if (viewer.state.ready) resolve(viewer);
    });
    viewer.addEventListener('panorama-error', (e) => reject(e.error));
  });
}

(window as unknown as { mountRaw: typeof mountRaw }).mountRaw = mountRaw;
