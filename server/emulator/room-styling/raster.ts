/**
 * A tiny RGB raster for the emulator's pictures: filled polygons (even-odd scanlines, 2x2 supersampled
 * edges are not worth it at these sizes), thick segments, and PNG / JPEG encoding with pngjs / jpeg-js.
 */
import { PNG } from 'pngjs';
import jpeg from 'jpeg-js';

export type Rgb = [number, number, number];

export class Raster {
  readonly data: Buffer;
  constructor(
    readonly width: number,
    readonly height: number,
    background: Rgb = [255, 255, 255],
  ) {
    this.data = Buffer.alloc(width * height * 4);
    const [r, g, b] = background;
    for (let i = 0; i < width * height * 4; i += 4) {
      this.data[i] = r;
      this.data[i + 1] = g;
      this.data[i + 2] = b;
      this.data[i + 3] = 255;
    }
  }

  set(x: number, y: number, [r, g, b]: Rgb): void {
    if (x < 0 || y < 0 || x >= this.width || y >= this.height) return;
    const i = (y * this.width + x) * 4;
    this.data[i] = r;
    this.data[i + 1] = g;
    this.data[i + 2] = b;
    this.data[i + 3] = 255;
  }

  /** Fills a polygon given in pixel coordinates (pixel centres at +0.5). */
  fillPolygon(points: [number, number][], colour: Rgb): void {
    if (points.length < 3) return;
    const ys = points.map((p) => p[1]);
    const yMin = Math.max(0, Math.floor(Math.min(...ys)));
    const yMax = Math.min(this.height - 1, Math.ceil(Math.max(...ys)));
    for (let y = yMin; y <= yMax; y++) {
      const sy = y + 0.5;
      const xs: number[] = [];
      for (let i = 0; i < points.length; i++) {
        const [x1, y1] = points[i]!;
        const [x2, y2] = points[(i + 1) % points.length]!;
        if (y1 <= sy === y2 <= sy) continue;
        xs.push(x1 + ((sy - y1) / (y2 - y1)) * (x2 - x1));
      }
      xs.sort((a, b) => a - b);
      for (let k = 0; k + 1 < xs.length; k += 2) {
        const from = Math.max(0, Math.ceil(xs[k]! - 0.5));
        const to = Math.min(this.width - 1, Math.floor(xs[k + 1]! - 0.5));
        for (let x = from; x <= to; x++) this.set(x, y, colour);
      }
    }
  }

  /** A segment of the given width, drawn as a quad. */
  line(a: [number, number], b: [number, number], width: number, colour: Rgb): void {
    const dx = b[0] - a[0];
    const dy = b[1] - a[1];
    const length = Math.hypot(dx, dy) || 1;
    const nx = (-dy / length) * (width / 2);
    const ny = (dx / length) * (width / 2);
    this.fillPolygon(
      [
        [a[0] + nx, a[1] + ny],
        [b[0] + nx, b[1] + ny],
        [b[0] - nx, b[1] - ny],
        [a[0] - nx, a[1] - ny],
      ],
      colour,
    );
  }

  png(): Buffer {
    const png = new PNG({ width: this.width, height: this.height });
    this.data.copy(png.data);
    return PNG.sync.write(png, { colorType: 2 });
  }

  jpeg(quality = 85): Buffer {
    return jpeg.encode({ data: this.data, width: this.width, height: this.height }, quality).data;
  }
}

export const mix = (a: Rgb, b: Rgb, t: number): Rgb => [
  Math.round(a[0] + (b[0] - a[0]) * t),
  Math.round(a[1] + (b[1] - a[1]) * t),
  Math.round(a[2] + (b[2] - a[2]) * t),
];

export const shade = (c: Rgb, factor: number): Rgb => [
  Math.max(0, Math.min(255, Math.round(c[0] * factor))),
  Math.max(0, Math.min(255, Math.round(c[1] * factor))),
  Math.max(0, Math.min(255, Math.round(c[2] * factor))),
];
