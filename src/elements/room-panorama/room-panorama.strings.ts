import type { ElementError } from '../../internal/element-error.js';
import type { Strings } from '../../internal/string-table.js';
import type { ViewerTexts } from '../../panorama/psv-runtime.js';

/** Every text <room-panorama> shows, and those it hands to photo-sphere-viewer's navbar. */
export type PanoramaStringKey =
  | 'label'
  | 'poster'
  | 'loading'
  | 'progress'
  | 'show'
  | 'badRoomId'
  | 'badFaces'
  | 'viewerCode'
  | 'face'
  | 'webgl'
  | 'zoom'
  | 'zoomIn'
  | 'zoomOut'
  | 'fullscreen'
  | 'autorotate'
  | 'ctrlZoom'
  | 'twoFingers'
  | 'gyroscope';

export const STRINGS: Strings<PanoramaStringKey> = {
  name: 'panorama',
  en: {
    label: '360° panorama. Drag or use the arrow keys to look around, + and - to zoom.',
    poster: 'Panorama preview',
    loading: 'Loading panorama…',
    progress: 'Loading panorama: {percent}%',
    show: 'Show panorama',
    badRoomId: 'The room-id attribute must be a room number.',
    badFaces: 'The panorama’s image addresses cannot be used (only http and https addresses can).',
    viewerCode: 'The panorama viewer could not be downloaded.',
    face: 'An image of the panorama could not be loaded.',
    webgl: 'This browser cannot show 3D panoramas (WebGL is not available).',
    zoom: 'Zoom',
    zoomIn: 'Zoom in',
    zoomOut: 'Zoom out',
    fullscreen: 'Full screen',
    autorotate: 'Rotate automatically',
    ctrlZoom: 'Use ctrl + scroll to zoom',
    twoFingers: 'Use two fingers to look around',
    gyroscope: 'Look around by moving your phone',
  },
};

/** The panorama's own refusals (PanoramaError's reasons) and their words. */
const REASON_WORDS: Record<string, PanoramaStringKey> = {
  'bad-id': 'badRoomId',
  'bad-faces': 'badFaces',
  'face-failed': 'face',
  'no-webgl': 'webgl',
  'viewer-code': 'viewerCode',
};

/**
 * The panorama's own words for its own refusals (by reason); undefined for every other failure, which
 * says its kind's shared words (src/features/error-panel/error-panel.strings.ts).
 */
export function reasonWords(error: ElementError, t: (key: PanoramaStringKey) => string): string | undefined {
  const key = error.reason ? REASON_WORDS[error.reason] : undefined;
  return key ? t(key) : undefined;
}

/** The texts photo-sphere-viewer shows itself (navbar titles, hints), from the element's table. */
export function viewerTexts(t: (key: PanoramaStringKey) => string): ViewerTexts {
  return {
    zoom: t('zoom'),
    zoomIn: t('zoomIn'),
    zoomOut: t('zoomOut'),
    fullscreen: t('fullscreen'),
    autorotate: t('autorotate'),
    loading: t('loading'),
    ctrlZoom: t('ctrlZoom'),
    twoFingers: t('twoFingers'),
    loadError: t('face'),
    webglError: t('webgl'),
  };
}
