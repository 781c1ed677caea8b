/** Shared by the sell-the-look tests (room-viewer-sell, room-plan-sell, analytics-elements). */
import { sendMouse } from '@web/test-runner-commands';
import type { AddToCartDetail, RoomAnalyticsDetail } from '../../../src/events/index.ts';

/** Every `room-analytics` and `add-to-cart` event that reaches the document, in order. */
export function recordEvents() {
  const analytics: RoomAnalyticsDetail[] = [];
  const carts: AddToCartDetail[] = [];
  const onAnalytics = (e: Event) => analytics.push((e as CustomEvent<RoomAnalyticsDetail>).detail);
  const onCart = (e: Event) => carts.push((e as CustomEvent<AddToCartDetail>).detail);
  document.addEventListener('room-analytics', onAnalytics);
  document.addEventListener('add-to-cart', onCart);
  return {
    analytics,
    carts,
    actions: () => analytics.map((d) => d.action),
    /** The actions other than view / dwell (which follow the page's scrolling, not the test's clicks). */
    acts: () => analytics.map((d) => d.action).filter((a) => a !== 'view' && a !== 'dwell'),
    clear() {
      analytics.length = 0;
      carts.length = 0;
    },
    stop() {
      document.removeEventListener('room-analytics', onAnalytics);
      document.removeEventListener('add-to-cart', onCart);
    },
  };
}

/** A real mouse click on the middle of `element` (scrolled into view first). */
export async function clickOn(element: Element): Promise<void> {
  element.scrollIntoView({ block: 'center' });
  const rect = element.getBoundingClientRect();
  await sendMouse({
    type: 'click',
    position: [Math.round(rect.left + rect.width / 2), Math.round(rect.top + rect.height / 2)],
  });
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
