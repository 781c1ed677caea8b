import type { EventName } from '@lit/react';
import type { EventDetails } from './event-details.js';

/**
 * An event of a room element as a React handler gets it: `detail` typed, and `target` / `currentTarget`
 * the element (a wrapper's listener sits on the element itself), so `event.currentTarget.renderThread`
 * needs no cast. Hand-written; the wrappers beside it are generated (scripts/make-react.mjs).
 */
export type ElementEvent<E extends HTMLElement, D> = CustomEvent<D> & {
  readonly target: E;
  readonly currentTarget: E;
};

/**
 * A wrapper's events (`on…` prop -> event name) typed for element `E`: each event's detail comes from
 * `EventDetails` (generated once for every element, as an event's detail is declared once in
 * src/events/), so a wrapper names only its events. `eventsOf<RoomPlan>()({ onModelLoad: 'model-load' })`.
 */
export function eventsOf<E extends HTMLElement>() {
  return <const M extends Record<string, keyof EventDetails>>(events: M) =>
    events as unknown as { readonly [K in keyof M]: EventName<ElementEvent<E, EventDetails[M[K]]>> };
}
