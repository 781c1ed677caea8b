'use client';
// Generated from custom-elements.json by scripts/make-react.mjs (npm run analyze): do not edit.
import { eventsOf } from './element-event.js';
import { elementComponent } from './lazy-element.js';
import type { ProjectExportButton as ProjectExportButtonElement } from '../elements/project-export-button/project-export-button.js';

/** `<project-export-button>`'s events as React props, each with its typed `detail`. */
export const ProjectExportButtonEvents = eventsOf<ProjectExportButtonElement>()({
  /** The checked request body, just before it is sent. */
  onExportStart: 'export-start',
  /** Something the visitor did, for the page's analytics (the element sends nothing itself): `view` (half on screen for a second), `interaction` (the first press or key), `dwell` (out of view again, with `duration` in ms), `export` (an export asked for by the visitor's click). Detail `{ action, projectId, trackingTag, experiment, duration }`. Never for property changes. */
  onRoomAnalytics: 'room-analytics',
  /** The result map (`project` and `design`: id to file URLs); `queued: true` when the files go to the callback; `exportId` when the service named the export. */
  onExportDone: 'export-done',
  /** `{ error }`: an ElementError: `reason` `invalid-request` (nothing sent; `problems`: the request's issues), a token endpoint `reason` (`not-connected`, `token-unreachable`, `token-refused`, `token-failed`), `untrusted-planner` (a planner root the partner does not vouch for and the page did not trust from script; nothing sent), or the planning service's `kind` and `status` (0 for network failures and timeouts). */
  onExportError: 'export-error',
});

/** `<project-export-button>` for React: A button that exports a planning project as PNG, JPG or PDF, in 2D or 3D. (see `elementComponent`). */
export const ProjectExportButton = elementComponent<
  ProjectExportButtonElement,
  typeof ProjectExportButtonEvents
>({
  tagName: 'project-export-button',
  displayName: 'ProjectExportButton',
  properties: [
    'callback',
    'combine',
    'designs',
    'experiment',
    'formats',
    'height',
    'options',
    'orientation',
    'paperSize',
    'plannerBase',
    'projectId',
    'proxyBase',
    'scale',
    'tokenEndpoint',
    'trackingTag',
    'trustedPlannerBases',
    'type',
    'views',
    'visuals',
    'width',
  ],
  events: ProjectExportButtonEvents,
  load: () => import('../elements/project-export-button/project-export-button.js'),
});
