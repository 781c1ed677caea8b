/**
 * Demo, "shop the look" continued: selling the whole look (issue 24). The page's own made-up basket
 * fed by `add-to-cart` (the elements know no shop), "furnished or empty" (`furniture="hidden"` on
 * both), the furnished room and the empty room side by side on one camera (`sync-camera`), the plan's
 * quantities table (`show-quantities`) and a log of the `room-analytics` events the elements send.
 * Everything from the model is written as text.
 */
import type { RoomViewer } from '../../src/elements/room-viewer/room-viewer.ts';
import type { RoomPlan } from '../../src/elements/room-plan/room-plan.ts';
import type { AddToCartDetail } from '../../src/events/index.ts';
import { CATALOGUE, formatPrice } from './shop-the-look.catalogue.ts';
import { priceLine, pricedList } from './shop-the-look.lines.ts';

interface Parts {
  viewer: RoomViewer;
  plan: RoomPlan;
  stage: HTMLElement;
  write(line: string): void;
}

function checkbox(text: string, className: string): { label: HTMLLabelElement; input: HTMLInputElement } {
  const input = document.createElement('input');
  input.type = 'checkbox';
  const label = document.createElement('label');
  label.className = className;
  label.append(input, ` ${text}`);
  return { label, input };
}

/** Adds the basket, the switches, the side-by-side viewer and the analytics log; returns what to put on the page. */
export function sellTheLook({ viewer, plan, stage, write }: Parts): {
  controls: HTMLElement;
  basket: HTMLElement;
  twin: HTMLElement;
} {
  for (const el of [viewer, plan]) {
    el.setAttribute('cart', '');
    // an A/B test's arm, carried back in every room-analytics event
    el.setAttribute('experiment', 'demo-a');
  }

  // --- the page's basket: made-up products and prices from the catalogue
  const { section: basket, list, total } = pricedList('shop-basket', 'Basket', 'Basket (made up)');
  const empty = document.createElement('button');
  empty.type = 'button';
  empty.textContent = 'Empty the basket';
  basket.append(empty);
  const lines = new Map<string, number>();
  const show = () => {
    list.replaceChildren(
      ...[...lines].map(([componentId, quantity]) => priceLine(quantity, CATALOGUE.get(componentId)!)),
    );
    const cents = [...lines].reduce((sum, [id, n]) => sum + CATALOGUE.get(id)!.priceCents * n, 0);
    total.textContent = lines.size ? `Total: ${formatPrice(cents)}` : 'The basket is empty.';
  };
  show();
  empty.addEventListener('click', () => {
    lines.clear();
    show();
  });
  // one listener for both elements (the event bubbles and is composed): the page does the cart
  stage.addEventListener('add-to-cart', (event) => {
    const { items, source } = (event as CustomEvent<AddToCartDetail>).detail;
    const known = items.filter((item) => CATALOGUE.has(item.componentId));
    // nothing this shop sells: cancelled, so the element does not count it as added
    if (!known.length) {
      event.preventDefault();
      write(`add-to-cart (${source}): not in the catalogue, cancelled`);
      return;
    }
    for (const { componentId, quantity } of known)
      lines.set(componentId, (lines.get(componentId) ?? 0) + quantity);
    show();
    write(
      `add-to-cart (${source}): ${known.map((i) => `${i.quantity} × ${i.componentId.slice(0, 8)}`).join(', ')}`,
    );
  });

  // --- furnished or empty, side by side, quantities
  const emptyRoom = checkbox('Empty room', 'shop-empty');
  emptyRoom.input.addEventListener('change', () => {
    for (const el of [viewer, plan])
      el.setAttribute('furniture', emptyRoom.input.checked ? 'hidden' : 'shown');
  });
  const sideBySide = checkbox('Side by side: furnished and empty', 'shop-side-by-side');
  const twin = document.createElement('div');
  twin.className = 'shop-twin';
  let other: RoomViewer | undefined;
  sideBySide.input.addEventListener('change', () => {
    if (!sideBySide.input.checked) {
      other?.remove();
      other = undefined;
      twin.hidden = true;
      return;
    }
    // the same room, empty, on the main viewer's camera: a drag on either moves both
    other = document.createElement('room-viewer');
    other.setAttribute('room-id', viewer.getAttribute('room-id') ?? '');
    other.setAttribute('media-base', viewer.getAttribute('media-base') ?? '');
    other.setAttribute('furniture', 'hidden');
    other.setAttribute('sync-camera', viewer.id);
    other.setAttribute('aria-label', 'The room empty, on the same camera');
    other.setAttribute('experiment', 'demo-a');
    other.toggleAttribute('cutaway', viewer.hasAttribute('cutaway'));
    twin.replaceChildren(other);
    twin.hidden = false;
  });
  twin.hidden = true;
  const quantities = checkbox('Quantities', 'shop-quantities');
  quantities.input.addEventListener('change', () =>
    plan.toggleAttribute('show-quantities', quantities.input.checked),
  );

  // --- what the elements report for the page's analytics (nothing is sent anywhere)
  document.addEventListener('room-analytics', (event) => {
    const { action, componentId, experiment, duration } = event.detail;
    const target = (event.composedPath()[0] as Element | undefined)?.localName ?? '';
    if (!stage.isConnected || !(stage.contains(event.target as Node) || twin.contains(event.target as Node)))
      return;
    write(
      `room-analytics ${target}: ${action}` +
        (componentId ? ` ${componentId.slice(0, 8)}` : '') +
        (duration !== undefined ? ` ${Math.round(duration / 100) / 10} s` : '') +
        (experiment ? ` [${experiment}]` : ''),
    );
  });

  const controls = document.createElement('p');
  controls.className = 'controls shop-sell';
  controls.append(emptyRoom.label, ' ', sideBySide.label, ' ', quantities.label);
  return { controls, basket, twin };
}
