import type { Strings } from '../../internal/string-table.js';

export type PlanStringKey =
  | 'floor'
  | 'floorLevel'
  | 'allFloors'
  | 'summary'
  | 'summaryEmpty'
  | 'viewport'
  | 'zoomIn'
  | 'zoomOut'
  | 'fit'
  | 'loading'
  | 'notDrawable'
  | 'noModel'
  | 'badId'
  | 'badSrc'
  | 'untrustedPlanner'
  | 'failed'
  | 'idle';

/** The element's own words, in English (other languages: src/i18n/, chosen by the nearest `lang`). */
export const PLAN_STRINGS: Strings<PlanStringKey> = {
  name: 'plan',
  en: {
    floor: 'Floor',
    floorLevel: 'Level {level}',
    allFloors: 'All floors',
    summary: 'Floor plan, {areas} areas, {total}, {width} × {depth}',
    summaryEmpty: 'Floor plan, {width} × {depth}',
    viewport: 'Floor plan. Arrow keys move the plan, + and − zoom, 0 shows all of it.',
    zoomIn: 'Zoom in',
    zoomOut: 'Zoom out',
    fit: 'Show the whole plan',
    loading: 'Loading the floor plan…',
    notDrawable: 'This room has no floor plan that can be drawn ({problems} problems in its model).',
    noModel: 'This room comes without a model to draw.',
    badId: 'The room id “{id}” is not a number.',
    badSrc: 'The src “{src}” is not an http(s) URL.',
    failed: 'The floor plan could not be drawn: {message}',
    idle: 'No room chosen.',
    untrustedPlanner:
      'The project was not loaded: its planning service is not the one the partner back end vouches for, and the page did not trust it from script.',
  },
};

/**
 * The plan's own words for its own reasons; every other failure says its kind's shared words
 * (src/features/error-panel/error-panel.strings.ts).
 */
export const PLAN_REASON_WORDS: Readonly<Record<string, PlanStringKey>> = {
  'not-drawable': 'notDrawable',
  'no-model': 'noModel',
  'bad-id': 'badId',
  'untrusted-planner': 'untrustedPlanner',
  'bad-src': 'badSrc',
  render: 'failed',
};
