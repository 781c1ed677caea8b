/** Shared by the viewer and plan snapshot tests: a toBlob() image's pixels, and wheel turns. */
import { executeServerCommand } from '@web/test-runner-commands';

/** The image's pixels, decoded. */
export async function imageOf(blob: Blob): Promise<ImageData> {
  const bitmap = await createImageBitmap(blob);
  const canvas = document.createElement('canvas');
  canvas.width = bitmap.width;
  canvas.height = bitmap.height;
  const context = canvas.getContext('2d')!;
  context.drawImage(bitmap, 0, 0);
  return context.getImageData(0, 0, canvas.width, canvas.height);
}

/** The image's size and type, how many distinct colours it holds and the share of pixels not transparent. */
export async function blobPixels(
  blob: Blob,
): Promise<{ width: number; height: number; type: string; colours: number; opaque: number }> {
  const { data, width, height } = await imageOf(blob);
  const colours = new Set<number>();
  let opaque = 0;
  for (let i = 0; i < data.length; i += 4) {
    // 5 bits a channel: JPEG noise does not count as colours
    colours.add(((data[i]! >> 3) << 10) | ((data[i + 1]! >> 3) << 5) | (data[i + 2]! >> 3));
    if (data[i + 3]! > 0) opaque++;
  }
  return {
    width,
    height,
    type: blob.type,
    colours: colours.size,
    opaque: opaque / (data.length / 4),
  };
}

/**
 * A wheel turn over the middle of `target` (dispatched: the test runner has no real wheel). Whether the
 * element took it is `defaultPrevented`: an event not cancelled is the browser's, which scrolls the page.
 */
export function wheelAt(target: Element, init: WheelEventInit): WheelEvent {
  const r = target.getBoundingClientRect();
  const event = new WheelEvent('wheel', {
    deltaY: 100,
    clientX: r.x + r.width / 2,
    clientY: r.y + r.height / 2,
    bubbles: true,
    composed: true,
    cancelable: true,
    ...init,
  });
  target.dispatchEvent(event);
  return event;
}

/**
 * A real wheel turn over the middle of `target` (the browser's own: it scrolls the page unless the
 * element cancels it), with `modifier` held (test/browser/helpers/wheel-plugin.mjs, registered in
 * web-test-runner.config.mjs).
 */
export async function realWheel(
  target: Element,
  deltaY: number,
  modifier?: 'Control' | 'Meta',
): Promise<void> {
  const r = target.getBoundingClientRect();
  const at = { x: Math.round(r.x + r.width / 2), y: Math.round(r.y + r.height / 2) };
  await executeServerCommand('wheel', { ...at, deltaY, modifier });
}

/** A page taller than the window, so a wheel turn the element leaves alone scrolls it; at the top. */
export function scrollablePage(container: HTMLElement): void {
  const spacer = document.createElement('div');
  spacer.style.height = '3000px';
  container.append(spacer);
  window.scrollTo(0, 0);
}
