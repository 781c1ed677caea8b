import type { Strings } from '../../internal/language.js';

/** Every text `<room-tour>` shows or says (its links' names are read by screen readers). */
export type TourStringKey =
  | 'label'
  | 'link'
  | 'linkUnnamed'
  | 'stopUnnamed'
  | 'loading'
  | 'moving'
  | 'noStops'
  | 'cameraOutside'
  | 'exportFailed'
  | 'renderFailed'
  | 'here'
  // links between floors through the stairs
  | 'linkUp'
  | 'linkDown';

export const TOUR_STRINGS: Strings<TourStringKey> = {
  name: 'tour',
  en: {
    label: '360° tour of the plan. Drag or use the arrow keys to look around; Tab to the next rooms.',
    link: '{name}, {distance} m ahead',
    linkUnnamed: 'Next stop, {distance} m ahead',
    stopUnnamed: 'Stop {number}',
    loading: 'Preparing the tour…',
    moving: 'Going to {name}…',
    noStops: 'This plan has no walkthrough camera and no named room: there is nothing to tour.',
    cameraOutside: 'The camera “{name}” stands outside every room and is left out of the tour.',
    exportFailed:
      'The exported panorama of “{name}” could not be loaded; it is shown rendered from the plan.',
    renderFailed: 'The panorama of “{name}” could not be rendered.',
    here: 'You are in {name}.',
    linkUp: 'Upstairs: {name}, {distance} m ahead',
    linkDown: 'Downstairs: {name}, {distance} m ahead',
  },
};
