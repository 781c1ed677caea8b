/** Shared by the measure tests of `<room-viewer>` and `<room-plan>`. */
import { expect } from '@esm-bundle/chai';
import { sendKeys, sendMouse } from '@web/test-runner-commands';
import type { MeasureDetail } from '../../../src/events/index.ts';
import { until } from './wait.ts';

/** Clicks the page at (x, y) CSS pixels (whole pixels, as a mouse does). */
export async function clickAt([x, y]: readonly [number, number]): Promise<void> {
  await sendMouse({ type: 'click', position: [Math.round(x), Math.round(y)] });
}

/**
 * Runs `clicks` (which should measure once) and returns the `measure` event as the document heard it:
 * it must have got there (it bubbles, and is composed out of the shadow root) and say so.
 */
export async function measuredOnDocument(clicks: () => Promise<void>): Promise<CustomEvent<MeasureDetail>> {
  const seen: CustomEvent<MeasureDetail>[] = [];
  const listener = (e: Event) => seen.push(e as CustomEvent<MeasureDetail>);
  document.addEventListener('measure', listener);
  try {
    await clicks();
    await until(() => seen.length > 0, 3000, 'a measure event on the document');
  } finally {
    document.removeEventListener('measure', listener);
  }
  expect(seen).to.have.length(1);
  const event = seen[0]!;
  expect(event.bubbles).to.equal(true);
  expect(event.composed).to.equal(true);
  return event;
}

/** Drags the mouse from `from` by (dx, dy) CSS pixels (a pan or an orbit, never a click). */
export async function dragFrom([x, y]: readonly [number, number], dx: number, dy: number): Promise<void> {
  await sendMouse({ type: 'move', position: [Math.round(x), Math.round(y)] });
  await sendMouse({ type: 'down' });
  await sendMouse({ type: 'move', position: [Math.round(x + dx), Math.round(y + dy)] });
  await sendMouse({ type: 'up' });
}

/**
 * With focus inside `element` in measure mode, one Esc clears what was measured (`drawn`, a selector
 * in its shadow root, goes) and the mode stays; a second leaves the mode (and its attribute).
 */
export async function escapeTwice(
  element: HTMLElement & { measure: boolean; updateComplete: Promise<boolean> },
  drawn: string,
): Promise<void> {
  await sendKeys({ press: 'Escape' });
  await element.updateComplete;
  expect(element.shadowRoot!.querySelector(drawn)).to.equal(null);
  expect(element.measure).to.equal(true);
  await sendKeys({ press: 'Escape' });
  await element.updateComplete;
  expect(element.measure).to.equal(false);
  expect(element.hasAttribute('measure')).to.equal(false);
}
