/**
 * What `<room-viewer>` and `<room-plan>` share for selectable furniture: which components can be
 * picked, the `component-select` detail, the `selected` attribute's form (space-separated ids), and
 * telling a click from a drag. Pure: no three.js, no element.
 */
import { idListConverter } from './id-list.js';
import { CLICK_SLOP } from '../../platform/click-slop.js';
import type { ComponentSelectDetail } from '../../events/component-select.js';
import type { ModelComponent, RoomModel } from '../../model/types.js';

/** The pieces a visitor can pick: furniture (FML items included), not doors, windows or openings. */
export function selectableComponents(model: RoomModel | undefined): ModelComponent[] {
  return model ? model.components.filter((c) => c.kind === 'furniture') : [];
}

const finiteOr0 = (n: number | undefined) => (Number.isFinite(n) ? n! : 0);

/** The component as `component-select` tells it: sizes from its bounding box, in the model's units. */
export function selectedComponentDetail(
  component: ModelComponent,
  source: ComponentSelectDetail['source'],
): ComponentSelectDetail {
  const [min, max] = component.boundingBox;
  const side = (i: number) => Math.abs(finiteOr0(max[i]) - finiteOr0(min[i]));
  const [x, y, z] = component.position;
  return {
    component: {
      id: component.id,
      ...(component.componentId ? { componentId: component.componentId } : {}),
      ...(component.category ? { category: component.category } : {}),
      ...(component.modelPath ? { model: component.modelPath } : {}),
      position: { x: finiteOr0(x), y: finiteOr0(y), z: finiteOr0(z) },
      size: { width: side(0), depth: side(1), height: side(2) },
    },
    source,
  };
}

export { idListConverter };

/** The ids of a `selected` / `highlight()` value as a set (a string is read as the attribute is). */
export function idSet(value: readonly string[] | string | undefined | null): ReadonlySet<string> {
  if (typeof value === 'string') return new Set(idListConverter.fromAttribute!(value));
  return new Set(Array.isArray(value) ? value.filter((v) => typeof v === 'string' && v) : []);
}

/** The selection after picking `id`: that piece alone, or added to the rest with Shift / Ctrl / ⌘. */
export function selectionAfter(current: readonly string[], id: string, add: boolean): string[] {
  if (!add) return [id];
  return current.includes(id) ? [...current] : [...current, id];
}

/** Shift, Ctrl or ⌘ adds to the selection. */
export function additive(event: MouseEvent): boolean {
  return event.shiftKey || event.ctrlKey || event.metaKey;
}

/**
 * Tells a click or tap from a drag of the view (orbit, pan, pinch): one pointer, down and up within
 * CLICK_SLOP pixels. A second pointer (a pinch) makes the gesture a drag.
 */
export class ClickTracker {
  #down = new Map<number, { x: number; y: number }>();
  #dragged = false;

  down(event: PointerEvent): void {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    if (this.#down.size === 0) this.#dragged = false;
    this.#down.set(event.pointerId, { x: event.clientX, y: event.clientY });
    if (this.#down.size > 1) this.#dragged = true;
  }

  move(event: PointerEvent): void {
    const start = this.#down.get(event.pointerId);
    if (start && Math.hypot(event.clientX - start.x, event.clientY - start.y) > CLICK_SLOP)
      this.#dragged = true;
  }

  /** True when this pointer's up ends a click (not a drag). */
  up(event: PointerEvent): boolean {
    const start = this.#down.get(event.pointerId);
    if (!start) return false;
    this.#down.delete(event.pointerId);
    const moved = Math.hypot(event.clientX - start.x, event.clientY - start.y) > CLICK_SLOP;
    return !this.#dragged && !moved && this.#down.size === 0;
  }

  cancel(event: PointerEvent): void {
    this.#down.delete(event.pointerId);
    this.#dragged = true;
  }
}
