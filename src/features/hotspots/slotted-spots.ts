/**
 * The page's own elements in a `hotspot` slot, placed over a view: collected on `slotchange`, read
 * again when one of their data attributes changes, moved with the CSS `translate` property (composited;
 * no layout is read) and hidden with `visibility: hidden` (which also takes them out of the tab order and
 * the accessibility tree) plus `data-visible="false"` for the page's own styles. Only values that changed
 * are written; what was written is taken off when an element leaves the slot or the view goes. The
 * elements stay the page's own, slotted in the light DOM: their links, styles and accessibility are
 * untouched. Used by `<room-viewer>` (room-viewer/features/hotspots.ts) and `<room-panorama>` (hotspots.ts).
 */

interface Placed {
  /** The `translate` last written, so an unchanged frame writes nothing. */
  at?: string;
  shown?: boolean;
}

export class SlottedSpots<S> {
  readonly #spots = new Map<HTMLElement, { spot: S; placed: Placed }>();
  readonly #observer: MutationObserver;

  constructor(
    private readonly slot: HTMLSlotElement,
    private readonly options: {
      /** The data attributes that say where an element goes (a change reads it again). */
      attributes: readonly string[];
      read(element: HTMLElement): S;
      /** An element came, left, or its attributes changed: place them (now or on the next frame). */
      changed(): void;
    },
  ) {
    this.#observer = new MutationObserver((records) => {
      for (const { target } of records) {
        const entry = this.#spots.get(target as HTMLElement);
        if (entry) entry.spot = options.read(target as HTMLElement);
      }
      options.changed();
    });
    slot.addEventListener('slotchange', this.#collect);
    this.#collect();
  }

  /** Every element in the slot with what its attributes say. */
  entries(): IterableIterator<[HTMLElement, { spot: S }]> {
    return this.#spots.entries();
  }

  get size(): number {
    return this.#spots.size;
  }

  /** Moves `element` to `at` (CSS pixels from the layer's top-left), or hides it (undefined). */
  place(element: HTMLElement, at: { x: number; y: number } | undefined): void {
    const placed = this.#spots.get(element)?.placed;
    if (!placed) return;
    const shown = at !== undefined;
    if (shown !== placed.shown) {
      placed.shown = shown;
      element.setAttribute('data-visible', String(shown));
      if (shown) element.style.removeProperty('visibility');
      else element.style.setProperty('visibility', 'hidden');
    }
    if (!at) return;
    // whole pixels: a sub-pixel change is not worth a style write, and text stays crisp
    const translate = `${Math.round(at.x)}px ${Math.round(at.y)}px`;
    if (translate !== placed.at) element.style.setProperty('translate', (placed.at = translate));
  }

  /** Stops watching and takes off what was written. */
  stop(): void {
    this.slot.removeEventListener('slotchange', this.#collect);
    this.#observer.disconnect();
    for (const element of this.#spots.keys()) release(element);
    this.#spots.clear();
  }

  #collect = (): void => {
    const now = new Set(
      this.slot.assignedElements().filter((e): e is HTMLElement => e instanceof HTMLElement),
    );
    let left = false;
    for (const element of this.#spots.keys()) {
      if (now.has(element)) continue;
      this.#spots.delete(element);
      release(element);
      left = true;
    }
    // an observer cannot drop one target: start again with the ones that stay
    if (left) this.#observer.disconnect();
    for (const element of now) {
      const known = this.#spots.has(element);
      if (!known) {
        this.#spots.set(element, { spot: this.options.read(element), placed: {} });
        // hidden until placed: a new element must not flash at the layer's corner
        this.place(element, undefined);
      }
      if (!known || left)
        this.#observer.observe(element, { attributes: true, attributeFilter: [...this.options.attributes] });
    }
    this.options.changed();
  };
}

function release(element: HTMLElement): void {
  element.style.removeProperty('translate');
  element.style.removeProperty('visibility');
  element.removeAttribute('data-visible');
}
