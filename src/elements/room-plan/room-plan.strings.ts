import type { ErrorWords } from '../../internal/element-error.js';
import type { Strings } from '../../internal/language.js';

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
  | 'notFound'
  | 'private'
  | 'server'
  | 'network'
  | 'badModel'
  | 'notDrawable'
  | 'noModel'
  | 'badId'
  | 'badSrc'
  | 'untrustedPlanner'
  | 'failed'
  | 'retry'
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
    notFound: 'This room does not exist (404).',
    private: 'This room is private (403).',
    server: 'The service is not answering properly ({status}). Try again later.',
    network: 'The floor plan could not be loaded: {message}',
    badModel: 'The room model could not be read: {message}',
    notDrawable: 'This room has no floor plan that can be drawn ({problems} problems in its model).',
    noModel: 'This room comes without a model to draw.',
    badId: 'The room id “{id}” is not a number.',
    badSrc: 'The src “{src}” is not an http(s) URL.',
    failed: 'The floor plan could not be drawn: {message}',
    retry: 'Try again',
    idle: 'No room chosen.',
    untrustedPlanner:
      'The project was not loaded: its planning service is not the one the partner back end vouches for, and the page did not trust it from script.',
  },
};

/** Which sentence an error gets: the plan's own reasons first, then the kind of failure. */
export const PLAN_ERROR_WORDS: ErrorWords<PlanStringKey> = {
  reasons: {
    'not-drawable': 'notDrawable',
    'no-model': 'noModel',
    'bad-id': 'badId',
    'untrusted-planner': 'untrustedPlanner',
    'bad-src': 'badSrc',
    render: 'failed',
  },
  kinds: {
    'not-found': 'notFound',
    forbidden: 'private',
    server: 'server',
    invalid: 'badModel',
    refused: 'network',
    network: 'network',
    timeout: 'network',
  },
  fallback: 'failed',
};
