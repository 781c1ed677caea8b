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
  | 'untrustedPlanner';

/** The viewer's own words, in English and Dutch (following `lang`). */
export const VIEWER_STRINGS: Strings<ViewerStringKey> = {
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
  },
  nl: {
    floor: 'Verdieping',
    floorLevel: 'Verdieping {level}',
    allFloors: 'Alle verdiepingen',
    labelStatic: '3D-weergave van de kamer.',
    label:
      '3D-weergave van de kamer. Sleep om rond te kijken, Ctrl + scroll of knijp om te zoomen, pijltjestoetsen om te verplaatsen.',
    loading: 'De 3D-kamer wordt geladen…',
    notFound: 'Deze kamer is niet gevonden.',
    private: 'Deze kamer is privé.',
    network: 'De kamer kon niet worden geladen. Controleer de verbinding en probeer het opnieuw.',
    server: 'De kamerdienst had een probleem. Probeer het later opnieuw.',
    badModel: 'Deze kamer heeft geen 3D-model dat getekend kan worden.',
    noWebgl: 'Deze browser kan geen 3D tonen (WebGL is niet beschikbaar).',
    textures: 'Sommige texturen konden niet worden geladen; er worden effen kleuren getoond.',
    components: 'Sommige meubels konden niet worden geladen; er worden eenvoudige blokken getoond.',
    retry: 'Opnieuw proberen',
    failed: 'De 3D-kamer kon niet worden getoond.',
    badId: 'Dit is geen geldig kamernummer.',
    untrustedPlanner:
      'Het project is niet geladen: de planningsdienst is niet de dienst die de partner-server opgeeft, en de pagina heeft hem niet vanuit script vertrouwd.',
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
