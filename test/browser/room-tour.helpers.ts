/**
 * What the `<room-tour>` tests on real and exported projects share: mounting a tour, its parts, the
 * painted luminance of the page, the independent oracle of "a wall between two stops" (points every
 * 0.5 cm along the segment tested against every wall's rectangle and its door gaps, as
 * test/node/tour.test.ts does), bearings, and a face image's pixels.
 */
import { executeServerCommand } from '@web/test-runner-commands';
import type { RoomTour, TourProject } from '../../src/elements/room-tour/room-tour.ts';
import type { RoomPanorama } from '../../src/elements/room-panorama/room-panorama.ts';
import type { TourReadyDetail } from '../../src/events/index.ts';
import { configure } from '../../src/config.ts';
import { pageErrorsOfEachTest } from './helpers/page-errors.ts';
import type { Thread } from './helpers/threads.ts';
import { cleanup, fixtureContainer, waitForEvent } from './helpers/wait.ts';
import { requireWebGL } from './helpers/webgl.ts';

// the oracle and the angle measures are the node tests' too (test/shared/tour-oracle.ts)
export { angleGap, bearing, oracleBlocked } from '../shared/tour-oracle.ts';

export function makeTour(input: { fml?: unknown; project?: TourProject }, size = 128): RoomTour {
  const tour = document.createElement('room-tour');
  tour.style.cssText = 'display:block;width:320px;height:180px;aspect-ratio:auto';
  tour.setAttribute('panorama-size', String(size));
  if (input.project) tour.project = input.project;
  else tour.fml = input.fml;
  return tour;
}

export async function mountTour(
  input: { fml?: unknown; project?: TourProject },
  size = 128,
): Promise<RoomTour> {
  const tour = makeTour(input, size);
  const ready = waitForEvent<TourReadyDetail>(tour, 'tour-ready', 120000);
  fixtureContainer().append(tour);
  await ready;
  return tour;
}

export const panoramaOf = (tour: RoomTour) => tour.shadowRoot!.querySelector<RoomPanorama>('room-panorama')!;
export const linksOf = (tour: RoomTour) => [
  ...panoramaOf(tour).querySelectorAll<HTMLButtonElement>('button[part~="link"]'),
];
export const warningOf = (tour: RoomTour) =>
  tour.shadowRoot!.querySelector('[part~="warning"]')?.textContent ?? '';

/** Mean luminance (0..1) of the page's pixels in the element's box as Chromium painted them. */
export async function paintedLuminance(element: Element): Promise<number> {
  const { data } = await screenshotOf(element);
  let sum = 0;
  for (let i = 0; i < data.length; i += 4)
    sum += 0.2126 * data[i]! + 0.7152 * data[i + 1]! + 0.0722 * data[i + 2]!;
  return sum / (data.length / 4) / 255;
}

/** The page's pixels in the element's box, as Chromium painted them. */
export async function screenshotOf(element: Element): Promise<ImageData> {
  const box = element.getBoundingClientRect();
  const png = (await executeServerCommand('screenshot-clip', {
    x: box.x,
    y: box.y,
    width: box.width,
    height: box.height,
  })) as string;
  return imageData(await (await fetch(`data:image/png;base64,${png}`)).blob());
}

/** An image's pixels. */
export async function imageData(blob: Blob, width?: number, height?: number): Promise<ImageData> {
  const bitmap = await createImageBitmap(blob);
  const canvas = new OffscreenCanvas(width ?? bitmap.width, height ?? bitmap.height);
  const context = canvas.getContext('2d')!;
  context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  return context.getImageData(0, 0, canvas.width, canvas.height);
}

/**
 * In the suite it is called in: WebGL required (the suite skipped without it), the tour's viewers drawn
 * on `renderer`, the page cleaned after each test; what each test threw into the page.
 */
export function tourSuite(renderer: Thread): { readonly errors: unknown[] } {
  const page = pageErrorsOfEachTest();
  before(function () {
    requireWebGL(this);
    configure({ viewerRenderer: renderer });
  });
  afterEach(cleanup);
  return page;
}
