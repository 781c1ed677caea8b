import type { ElementError } from '../../internal/element-error.js';
import type { Strings } from '../../internal/language.js';
import type { ViewerTexts } from '../../panorama/psv-runtime.js';

/** Every text <room-panorama> shows, and those it hands to photo-sphere-viewer's navbar. */
export type PanoramaStringKey =
  | 'label'
  | 'poster'
  | 'loading'
  | 'progress'
  | 'show'
  | 'retry'
  | 'noPanorama'
  | 'badRoomId'
  | 'badFaces'
  | 'serviceError'
  | 'viewerCode'
  | 'network'
  | 'timeout'
  | 'invalid'
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
    retry: 'Try again',
    noPanorama: 'This room has no panorama.',
    badRoomId: 'The room-id attribute must be a room number.',
    badFaces: 'The panorama’s image addresses cannot be used (only http and https addresses can).',
    serviceError: 'The panorama could not be loaded (the service answered {status}).',
    viewerCode: 'The panorama viewer could not be downloaded.',
    network: 'The panorama service could not be reached.',
    timeout: 'The panorama service did not answer in time.',
    invalid: 'The panorama service sent data that cannot be shown.',
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
 * The words for an error: by the panorama's own reason first, then by the shared kind
 * (src/api/failure.ts). A service that answered says its status.
 */
export function errorWords(error: ElementError): [PanoramaStringKey, Record<string, string | number>?] {
  const byReason = error.reason ? REASON_WORDS[error.reason] : undefined;
  if (byReason) return [byReason];
  switch (error.kind) {
    case 'not-found':
      return ['noPanorama'];
    case 'forbidden':
    case 'refused':
    case 'server':
      return ['serviceError', { status: error.status ?? '?' }];
    case 'timeout':
      return ['timeout'];
    case 'network':
      return ['network'];
    default:
      return ['invalid'];
  }
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
