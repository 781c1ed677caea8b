/**
 * An event of a room element as a React handler gets it: `detail` typed, and `target` / `currentTarget`
 * the element (a wrapper's listener sits on the element itself), so `event.currentTarget.renderThread`
 * needs no cast. Hand-written; the wrappers beside it are generated (scripts/make-react.mjs).
 */
export type ElementEvent<E extends HTMLElement, D> = CustomEvent<D> & {
  readonly target: E;
  readonly currentTarget: E;
};
