import { adoptStyles, LitElement, type PropertyDeclarations } from 'lit';
import type { DetailOf } from '../events/index.js';
import type { RoomElementEventMap } from '../events/progress.js';
import type { Analytics } from './analytics/analytics-controller.js';
import type { AnalyticsHost, TrackerOptions } from './analytics/analytics-tracker.js';

/**
 * The thin base every element extends: typed, bubbling, composed events and a way to show
 * state to CSS both as custom states (`:state(loading)`) and as a reflected `state` attribute
 * (for browsers and selectors without custom-state support).
 */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export class RoomElement extends LitElement {
  /**
   * Lit's reactive properties of every element, as a static table rather than with `@property()`: the
   * decorator helpers would otherwise be on the first cards' path of the gallery, which uses no
   * decorator (about 0.5 KB gzip, issue 35). The elements' own decorators add to it.
   */
  static override properties: PropertyDeclarations = {
    experiment: {},
    trackingTag: { attribute: 'tracking-tag' },
  };

  /**
   * An A/B test's arm (any text): every `room-analytics` event carries it back as `experiment`.
   */
  experiment?: string;

  /**
   * The attribution tag every `room-analytics` event carries as `trackingTag` (a partner's or a
   * campaign's); without it, the room's own `tracking_tag` where the service gives one.
   */
  trackingTag?: string;

  /**
   * What counts `room-analytics`: the controller (src/internal/analytics/analytics-controller.ts), which an
   * element sets here when its first chunk carries it (every element whose methods count only the
   * visitor's, `trackIfVisitor()`), or a stand-in that records until the first result and then loads it
   * (analytics-later.ts: the gallery's first cards without it, issue 35). Every element names its own:
   * neither is imported here, so the code every element shares carries neither (the stand-in in `shared`
   * cost the viewer's and the plan's first results about 0.4 KB gzip).
   * @internal
   * @ignore
   */
  declare static analyticsController: new (host: AnalyticsHost, options: TrackerOptions) => Analytics;

  /** `room-analytics` for the visitor's actions (see `analyticsController`). */
  protected readonly analytics: Analytics = new (this.constructor as typeof RoomElement).analyticsController(
    this,
    { productOf: (id) => this.productOfComponent(id) },
  );

  /** The product hash (`componentId`) of a component id, for `room-analytics` (the viewer knows its room's). */
  protected productOfComponent(_id: string): string | undefined {
    return undefined;
  }

  #internals?: ElementInternals;

  constructor() {
    super();
    try {
      this.#internals = this.attachInternals();
    } catch {
      // attachInternals is missing in some DOM shims used for server-side rendering; states then
      // only reach CSS through the attribute.
    }
  }

  /**
   * A shadow root the server rendered (declarative shadow DOM from @lit-labs/ssr: Next.js, Nuxt,
   * SvelteKit, Astro...) is taken over rather than hydrated node for node: an element starts its work
   * when it is connected (a request, a viewport check), so its first render in the browser is not the
   * server's, and Lit's hydration would throw on the difference. The server's markup (styles
   * included) holds the element's box and look until that first render replaces it, in the same
   * task, in the same root. Without a server render, Lit's own root.
   */
  protected override createRenderRoot(): HTMLElement | DocumentFragment {
    const root = this.shadowRoot;
    if (!root) return super.createRenderRoot();
    this.takeOverServerRoot(root);
    adoptStyles(root, (this.constructor as typeof LitElement).elementStyles);
    return root;
  }

  /**
   * Empties a server-rendered root before the first render; an element whose server markup has
   * something to keep until its own render shows it (the viewer's and panorama's poster:
   * src/features/poster/server-poster.ts) overrides this.
   */
  protected takeOverServerRoot(root: ShadowRoot): void {
    root.replaceChildren();
  }

  /**
   * Fires `name` (bubbles, composed) with the detail its declaration in src/events gives it; returns
   * false when a listener cancelled a cancelable event.
   */
  protected emit<K extends keyof GlobalEventHandlersEventMap>(
    name: K,
    detail: DetailOf<K>,
    options: { cancelable?: boolean } = {},
  ): boolean {
    const event = new CustomEvent(name, {
      detail,
      bubbles: true,
      composed: true,
      cancelable: options.cancelable ?? false,
    });
    return this.dispatchEvent(event);
  }

  /** Sets the one current state out of `all`: `:state(x)` and `state="x"`. */
  protected setState(state: string, all: readonly string[]): void {
    const states = this.#internals?.states;
    if (states) {
      for (const s of all) {
        try {
          if (s === state) states.add(s);
          else states.delete(s);
        } catch {
          // older engines only accept the `--x` form of custom states
        }
      }
    }
    if (this.getAttribute('state') !== state) this.setAttribute('state', state);
    // the first result on screen: the analytics tracker's bytes may come now
    this.analytics.stateChanged(state);
  }

  /**
   * Turns a custom state that can hold beside the current one (`:state(warning)` while loaded) on or
   * off, with a boolean attribute of the same name for selectors without custom-state support.
   */
  protected toggleState(name: string, on: boolean): void {
    try {
      if (on) this.#internals?.states.add(name);
      else this.#internals?.states.delete(name);
    } catch {
      // older engines only accept the `--x` form of custom states
    }
    this.toggleAttribute(name, on);
  }
}

/*
 * The DOM types `progress` as a ProgressEvent on every element, so `viewer.addEventListener('progress',
 * (e) => e.detail)` did not compile: our elements' listeners get `<room-viewer>`'s CustomEvent instead.
 * Declared once here (merged into the class; the runtime is HTMLElement's own), so that a call on a
 * union of elements (`for (const el of [plan, viewer]) el.addEventListener(…)`) still type-checks.
 */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export interface RoomElement {
  addEventListener<K extends keyof RoomElementEventMap>(
    type: K,
    listener: (this: HTMLElement, event: RoomElementEventMap[K]) => unknown,
    options?: boolean | AddEventListenerOptions,
  ): void;
  addEventListener(
    type: string,
    listener: EventListenerOrEventListenerObject | null,
    options?: boolean | AddEventListenerOptions,
  ): void;
  removeEventListener<K extends keyof RoomElementEventMap>(
    type: K,
    listener: (this: HTMLElement, event: RoomElementEventMap[K]) => unknown,
    options?: boolean | EventListenerOptions,
  ): void;
  removeEventListener(
    type: string,
    listener: EventListenerOrEventListenerObject | null,
    options?: boolean | EventListenerOptions,
  ): void;
}
