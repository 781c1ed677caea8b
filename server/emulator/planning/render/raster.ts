/**
 * A minimal RGBA pixel buffer with the two operations plan drawings need: fill a polygon and fill a
 * rectangle. No anti-aliasing: exports only have to be real, decodable images of the plan.
 */
import type { Point } from '../domain/plan-geometry.ts';

export type Rgb = readonly [number, number, number];

export function hexToRgb(hex: string): Rgb {
  const h = hex.replace(/^#/, '');
  const full = h.length === 3 ? [...h].map((c) => c + c).join('') : h;
  const n = Number.parseInt(full, 16);
  return Number.isFinite(n) ? [(n >> 16) & 255, (n >> 8) & 255, n & 255] : [0, 0, 0];
}

export function shade([r, g, b]: Rgb, factor: number): Rgb {
  const f = (v: number) => Math.max(0, Math.min(255, Math.round(v * factor)));
  return [f(r), f(g), f(b)];
}

export class Raster {
  readonly data: Uint8Array;

  constructor(
    readonly width: number,
    readonly height: number,
    background: Rgb = [255, 255, 255],
  ) {
    this.data = new Uint8Array(width * height * 4);
    this.fillRect(0, 0, width, height, background);
  }

  fillRect(x: number, y: number, w: number, h: number, [r, g, b]: Rgb): void {
    const x0 = Math.max(0, Math.round(x));
    const y0 = Math.max(0, Math.round(y));
    const x1 = Math.min(this.width, Math.round(x + w));
    const y1 = Math.min(this.height, Math.round(y + h));
    for (let yy = y0; yy < y1; yy++) {
      let i = (yy * this.width + x0) * 4;
      for (let xx = x0; xx < x1; xx++, i += 4) {
        this.data[i] = r;
        this.data[i + 1] = g;
        this.data[i + 2] = b;
        this.data[i + 3] = 255;
      }
    }
  }

  strokeRect(x: number, y: number, w: number, h: number, colour: Rgb, line = 1): void {
    this.fillRect(x, y, w, line, colour);
    this.fillRect(x, y + h - line, w, line, colour);
    this.fillRect(x, y, line, h, colour);
    this.fillRect(x + w - line, y, line, h, colour);
  }

  /** Even-odd scanline fill, sampling pixel centres. */
  fillPolygon(points: readonly Point[], [r, g, b]: Rgb): void {
    if (points.length < 3) return;
    let minY = Infinity;
    let maxY = -Infinity;
    for (const p of points) {
      minY = Math.min(minY, p.y);
      maxY = Math.max(maxY, p.y);
    }
    const yStart = Math.max(0, Math.ceil(minY - 0.5));
    const yEnd = Math.min(this.height - 1, Math.floor(maxY - 0.5));
    const xs: number[] = [];
    for (let y = yStart; y <= yEnd; y++) {
      const yc = y + 0.5;
      xs.length = 0;
      for (let i = 0, j = points.length - 1; i < points.length; j = i++) {
        const a = points[i]!;
        const b2 = points[j]!;
        if (a.y > yc !== b2.y > yc) xs.push(a.x + ((yc - a.y) / (b2.y - a.y)) * (b2.x - a.x));
      }
      xs.sort((p, q) => p - q);
      for (let k = 0; k + 1 < xs.length; k += 2) {
        const x0 = Math.max(0, Math.ceil(xs[k]! - 0.5));
        const x1 = Math.min(this.width - 1, Math.floor(xs[k + 1]! - 0.5));
        let idx = (y * this.width + x0) * 4;
        for (let x = x0; x <= x1; x++, idx += 4) {
          this.data[idx] = r;
          this.data[idx + 1] = g;
          this.data[idx + 2] = b;
          this.data[idx + 3] = 255;
        }
      }
    }
  }
}
