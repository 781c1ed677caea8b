/**
 * A CSS colour as the page's own CSS engine reads it (any syntax the browser knows: names, hex, rgb(),
 * hsl(), oklch(), color-mix()…), as sRGB 0..255; undefined for anything that is not an opaque colour
 * (`currentcolor`, `var(…)`, `transparent`, a half-transparent colour: a wall is painted, not tinted).
 */
const NOT_A_VALUE = /^\s*(inherit|initial|unset|revert|revert-layer|currentcolor)\s*$|var\(|env\(|attr\(/i;

let context: CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D | null | undefined;

function drawingContext(): CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D | null {
  if (context !== undefined) return context;
  if (typeof OffscreenCanvas !== 'undefined')
    context = new OffscreenCanvas(1, 1).getContext('2d', { willReadFrequently: true });
  else if (typeof document !== 'undefined')
    context = document.createElement('canvas').getContext('2d', { willReadFrequently: true });
  else context = null;
  return context;
}

export function cssColour(value: string): [number, number, number] | undefined {
  if (typeof value !== 'string' || value.length > 200 || NOT_A_VALUE.test(value)) return undefined;
  if (typeof CSS === 'undefined' || !CSS.supports('color', value)) return undefined;
  const ctx = drawingContext();
  if (!ctx) return undefined;
  // drawn over nothing: the pixel is the colour itself, its alpha says whether it is opaque
  ctx.clearRect(0, 0, 1, 1);
  ctx.fillStyle = '#000';
  ctx.fillStyle = value;
  ctx.fillRect(0, 0, 1, 1);
  const [r, g, b, a] = ctx.getImageData(0, 0, 1, 1).data;
  return a === 255 ? [r!, g!, b!] : undefined;
}
