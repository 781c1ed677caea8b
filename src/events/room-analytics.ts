/**
 * `room-analytics` (every element; bubbles, composed): something the visitor did with the element, for
 * the page's own analytics and attribution (the element sends nothing anywhere itself). Fired on the
 * visitor's actions only: never because the page set a property or attribute.
 */
export interface RoomAnalyticsDetail {
  /**
   * `view`: at least half the element was on screen for a second; `interaction`: the visitor's first
   * press, tap or key in it; `dwell`: it left the screen (or the page was hidden) after a `view`, with
   * `duration`; `select`: a piece picked; `hotspot`: a hotspot clicked; `measure`: a distance measured;
   * `snapshot`: an image taken; `fullscreen`: into full screen; `export`: a plan export asked for;
   * `add-to-cart`: products sent to the page's cart (not cancelled); `change`: the visitor changed the room
   * (a surface, a piece; `changeKind` and `target` say which), undid or redid a change.
   */
  action:
    | 'view'
    | 'interaction'
    | 'dwell'
    | 'select'
    | 'hotspot'
    | 'measure'
    | 'snapshot'
    | 'fullscreen'
    | 'export'
    | 'add-to-cart'
    | 'change';
  /** The room shown (`room-id`; the gallery: the room picked), when there is one. */
  roomId?: string;
  /** The planning project shown or exported (`project-id`), when there is one. */
  projectId?: string;
  /** The product concerned (`select`, `hotspot`, `add-to-cart` of one product): the model's `component_id`. */
  componentId?: string;
  /** The element's `tracking-tag`, else the room's own `tracking_tag` when the service gives one. */
  trackingTag?: string;
  /** The element's `experiment` attribute, carried back as it is (an A/B test's arm). */
  experiment?: string;
  /** `change`: the kind of change (`surface`, `replace`). */
  changeKind?: string;
  /** `change`: what changed (a surface id, a piece's id). */
  target?: string;
  /** `dwell`: how long the element was in view, milliseconds. */
  duration?: number;
}

declare global {
  interface GlobalEventHandlersEventMap {
    'room-analytics': CustomEvent<RoomAnalyticsDetail>;
  }
}
