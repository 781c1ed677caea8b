/**
 * What the React wrappers (generated beside this file by scripts/make-react.mjs) need to keep each
 * element's code out of a React app's main chunk (issue 35: the five elements added 55.7 KB gzip to it
 * through `room-elements/react`). Hand-written.
 *
 * - `propertiesOf`: `@lit/react` only reads its `elementClass` to tell a property (`name in
 *   prototype`) from an attribute; the manifest's property names answer that without the class.
 * - `lazyElement`: loads the element's module (`import()`, a lazy chunk of the app's bundle) when the
 *   wrapper first renders in a browser. The element upgrades when it arrives: properties set before are
 *   taken over by Lit, listeners are on the element already. Never on a server (no `customElements`).
 * - `elementComponent`: both around `@lit/react`'s `createComponent`, the one call every wrapper makes.
 */
import * as React from 'react';
import { createComponent, type EventName, type ReactWebComponent } from '@lit/react';

/** An `elementClass` for `createComponent` that holds only the element's property names. */
export function propertiesOf<E extends HTMLElement>(names: readonly string[]): new () => E {
  const prototype: Record<string, undefined> = {};
  for (const name of names) prototype[name] = undefined;
  return { prototype } as unknown as new () => E;
}

/** `component`, which starts loading its element's code (once) when it first renders in a browser. */
export function lazyElement<C extends { displayName?: string }>(
  component: C,
  load: () => Promise<unknown>,
): C {
  let loading: Promise<unknown> | undefined;
  const define = () => {
    if (loading || typeof customElements === 'undefined') return;
    loading = load().catch((error: unknown) => {
      // a later render tries again (a chunk lost to a network blip is fetched anew)
      loading = undefined;
      console.error(`room-elements: the code of <${component.displayName ?? 'element'}> did not load`, error);
    });
  };
  const Lazy = React.forwardRef<unknown, Record<string, unknown>>((props, ref) => {
    define();
    return React.createElement(component as unknown as React.ElementType, { ...props, ref });
  });
  Lazy.displayName = component.displayName;
  return Lazy as unknown as C;
}

/**
 * An element's React component: properties (`model`, objects, functions) and `on…` handlers are set on
 * the element after every render, hydration included; attributes (`room-id`...) are rendered as React
 * renders them; the element's own code (`load`) is a lazy chunk, loaded when the component first
 * renders in a browser.
 */
export function elementComponent<
  E extends HTMLElement,
  Events extends Record<string, EventName | string>,
>(options: {
  tagName: string;
  displayName: string;
  /** The element's public, writable properties (the manifest's): these are set as properties. */
  properties: readonly string[];
  events: Events;
  load: () => Promise<unknown>;
}): ReactWebComponent<E, Events> {
  const { tagName, displayName, properties, events, load } = options;
  return lazyElement(
    createComponent({
      tagName,
      elementClass: propertiesOf<E>(properties),
      react: React,
      events,
      displayName,
    }),
    load,
  );
}
