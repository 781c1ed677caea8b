/**
 * An SVG on the page as a bitmap (`<room-plan>`'s `toBlob()`): a copy of the SVG with every colour,
 * line and font its style sheets gave it written as presentation attributes (the plan takes its colours
 * from custom properties and `::part` rules, which an SVG drawn as an image does not see), loaded as a
 * `blob:` image and drawn into a canvas of the asked size. Nothing is written to the page's own
 * elements, and no `style` attribute is written anywhere: a strict CSP (`style-src` without
 * `'unsafe-inline'`) has nothing to refuse. The page's `img-src` must allow `blob:`.
 */

/** The properties that make up how an SVG element is drawn, copied from its computed style. */
const PROPERTIES = [
  'fill',
  'fill-opacity',
  'fill-rule',
  'stroke',
  'stroke-width',
  'stroke-opacity',
  'stroke-dasharray',
  'stroke-dashoffset',
  'stroke-linecap',
  'stroke-linejoin',
  'stroke-miterlimit',
  'opacity',
  'display',
  'visibility',
  'vector-effect',
  'paint-order',
  'clip-path',
  'mask',
  'marker-start',
  'marker-mid',
  'marker-end',
  'stop-color',
  'stop-opacity',
  'font-family',
  'font-size',
  'font-weight',
  'font-style',
  'text-anchor',
  'dominant-baseline',
  'letter-spacing',
] as const;

/** A computed `url(...)` may be resolved against the page: the image has only its own `#id`s. */
function localUrl(value: string): string {
  return value.replace(/url\(\s*(["']?)[^#)"']*#/g, 'url($1#');
}

/** A detached copy of `svg` whose looks are all in presentation attributes. */
export function inlinedCopy(svg: SVGSVGElement): SVGSVGElement {
  const copy = svg.cloneNode(true) as SVGSVGElement;
  const live = [svg, ...svg.querySelectorAll('*')];
  const copied = [copy, ...copy.querySelectorAll('*')];
  live.forEach((element, i) => {
    const target = copied[i]!;
    // styles are baked in below: a style attribute (the navigation's mid-gesture transform) is left out
    target.removeAttribute('style');
    target.removeAttribute('class');
    target.removeAttribute('part');
    if (!(element instanceof SVGElement)) return;
    const computed = getComputedStyle(element);
    for (const name of PROPERTIES) {
      const value = computed.getPropertyValue(name);
      if (value) target.setAttribute(name, localUrl(value));
    }
  });
  return copy;
}

export interface RasterOptions {
  width: number;
  height: number;
  /** Drawn under the SVG (the element's background); transparent when not given. */
  background?: string;
}

/** Draws `svg` (as it looks now) into a new canvas `width` × `height`, the SVG scaled to fit. */
export async function rasteriseSvg(svg: SVGSVGElement, options: RasterOptions): Promise<HTMLCanvasElement> {
  const { width, height } = options;
  const copy = inlinedCopy(svg);
  copy.setAttribute('width', String(width));
  copy.setAttribute('height', String(height));
  copy.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  const text = new XMLSerializer().serializeToString(copy);
  const url = URL.createObjectURL(new Blob([text], { type: 'image/svg+xml' }));
  try {
    const image = new Image(width, height);
    image.src = url;
    try {
      await image.decode();
    } catch (cause) {
      throw new Error(
        "toBlob(): the plan could not be drawn as an image (a Content-Security-Policy's img-src must allow 'blob:')",
        { cause },
      );
    }
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d')!;
    if (options.background) {
      context.fillStyle = options.background;
      context.fillRect(0, 0, width, height);
    }
    context.drawImage(image, 0, 0, width, height);
    return canvas;
  } finally {
    URL.revokeObjectURL(url);
  }
}
