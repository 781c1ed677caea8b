import type { Strings } from '../../internal/string-table.js';

export type ViewerStringKey =
  | 'floor'
  | 'floorLevel'
  | 'allFloors'
  | 'label'
  | 'labelStatic'
  | 'loading'
  | 'badModel'
  | 'noWebgl'
  | 'contextLost'
  | 'textures'
  | 'components'
  | 'badId'
  | 'untrustedPlanner'
  | 'reveal'
  | 'poster'
  // walk mode
  | 'labelWalk';

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
    badModel: 'This room has no 3D model that can be drawn.',
    noWebgl: 'This browser cannot show 3D (WebGL is not available).',
    contextLost: 'The 3D view stopped: the graphics card lost its drawing context. Try again.',
    textures: 'Some textures could not be loaded; plain colours are shown instead.',
    components: 'Some furniture could not be loaded; plain boxes are shown instead.',
    badId: 'This is not a valid room id.',
    untrustedPlanner:
      'The project was not loaded: its planning service is not the one the partner back end vouches for, and the page did not trust it from script.',
    reveal: 'View in 3D',
    poster: 'Picture of the room',
    // walk mode
    labelWalk:
      '3D walk through the home at eye height. Arrow keys or W and S to walk, A and D to turn, drag to look around, click the floor to walk there.',
  },
};

/**
 * The viewer's own words for its own reasons; every other failure says its kind's shared words
 * (src/features/error-panel/error-panel.strings.ts).
 */
export const VIEWER_REASON_WORDS: Readonly<Record<string, ViewerStringKey>> = {
  'no-webgl': 'noWebgl',
  'bad-id': 'badId',
  'untrusted-planner': 'untrustedPlanner',
  'bad-src': 'badModel',
  'no-model': 'badModel',
  'not-drawable': 'badModel',
};
