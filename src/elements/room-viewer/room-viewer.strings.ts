import type { ErrorWords } from '../../internal/element-error.js';
import type { Strings } from '../../internal/language.js';

export type ViewerStringKey =
  | 'floor'
  | 'floorLevel'
  | 'allFloors'
  | 'label'
  | 'labelStatic'
  | 'loading'
  | 'notFound'
  | 'private'
  | 'network'
  | 'server'
  | 'badModel'
  | 'noWebgl'
  | 'textures'
  | 'components'
  | 'retry'
  | 'failed'
  | 'badId'
  | 'untrustedPlanner'
  | 'reveal'
  | 'poster';

/** The viewer's own words, in English (other languages: src/i18n/, following `lang`). */
export const VIEWER_STRINGS: Strings<ViewerStringKey> = {
  name: 'viewer',
  en: {
    floor: 'Floor',
    floorLevel: 'Level {level}',
    allFloors: 'All floors',
    label: '3D view of the room. Drag to look around, Ctrl + scroll or pinch to zoom, arrow keys to move.',
    labelStatic: '3D view of the room.',
    loading: 'Loading the 3D room…',
    notFound: 'This room was not found.',
    private: 'This room is private.',
    network: 'The room could not be loaded. Check the connection and try again.',
    server: 'The room service had a problem. Try again later.',
    badModel: 'This room has no 3D model that can be drawn.',
    noWebgl: 'This browser cannot show 3D (WebGL is not available).',
    textures: 'Some textures could not be loaded; plain colours are shown instead.',
    components: 'Some furniture could not be loaded; plain boxes are shown instead.',
    retry: 'Try again',
    failed: 'The 3D room could not be shown.',
    badId: 'This is not a valid room id.',
    untrustedPlanner:
      'The project was not loaded: its planning service is not the one the partner back end vouches for, and the page did not trust it from script.',
    reveal: 'View in 3D',
    poster: 'Picture of the room',
  },
};

/** Which sentence an error gets: the viewer's own reasons first, then the kind of failure. */
export const VIEWER_ERROR_WORDS: ErrorWords<ViewerStringKey> = {
  reasons: {
    'no-webgl': 'noWebgl',
    'bad-id': 'badId',
    'untrusted-planner': 'untrustedPlanner',
    'bad-src': 'badModel',
    'no-model': 'badModel',
    'not-drawable': 'badModel',
  },
  kinds: {
    'not-found': 'notFound',
    forbidden: 'private',
    server: 'server',
    refused: 'badModel',
    invalid: 'badModel',
    network: 'network',
    timeout: 'network',
  },
  fallback: 'failed',
};
