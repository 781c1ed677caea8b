/**
 * Turns a validated export request into real files: PNG (pngjs), JPEG (jpeg-js) and PDF (pdf-lib,
 * the plan as vectors on the right paper size), plus the result map that lists their URLs.
 *
 * File layout (docs/emulator-planning.md): with paper.combine every selected design (and, for 3d,
 * every view) goes onto ONE file per format, listed under `project`; without it each design (3d: each
 * design × view) gets its own file per format, listed under `design`.
 */
import { PNG } from 'pngjs';
import jpeg from 'jpeg-js';
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import type { ExportRequest, PaperSize } from '../domain/export-rules.ts';
import type { PlanDesign } from '../domain/plan-geometry.ts';
import type { ProjectRecord, ResultMap, StoredFile } from '../domain/records.ts';
import {
  type Cell,
  type Drawing,
  fitTransform,
  gridCells,
  planDrawing2d,
  planDrawing3d,
} from './plan-drawing.ts';
import { panoramaFiles } from './panorama-files.ts';
import { Raster, type Rgb } from './raster.ts';

/** Rasters are drawn at most this many pixels on their long side (scaled down proportionally). */
export const MAX_RASTER_SIDE = 2048;

/** Paper sizes in PDF points, portrait. */
const PAPER_POINTS: Record<PaperSize, [number, number]> = {
  A4: [595.28, 841.89],
  A3: [841.89, 1190.55],
  A2: [1190.55, 1683.78],
  A1: [1683.78, 2383.94],
  A0: [2383.94, 3370.39],
  LETTER: [612, 792],
  LEGAL: [612, 1008],
};

interface Item {
  design: PlanDesign;
  label: string;
  drawing: Drawing;
  /** drawing units are centimetres (2D), so a 1:N scale applies */
  metric: boolean;
}

interface Group {
  /** design id, or null for the combined file */
  designId: number | null;
  items: Item[];
  suffix: string;
}

export function paperPoints(size: PaperSize, orientation: 'landscape' | 'portrait'): [number, number] {
  const [w, h] = PAPER_POINTS[size];
  return orientation === 'landscape' ? [h, w] : [w, h];
}

function designsOf(
  project: ProjectRecord,
  ids: number[] | null,
): { design: PlanDesign; storey: number; floor: string }[] {
  const all = project.floors.flatMap((f) =>
    f.designs.map((design) => ({ design, storey: f.height, floor: f.name })),
  );
  return ids ? all.filter((d) => ids.includes(d.design.id)) : all;
}

function itemsFor(project: ProjectRecord, request: ExportRequest): Item[] {
  const designs = designsOf(project, request.designs);
  if (request.type === '2d') {
    const visuals = request.paper.visuals ?? null;
    // the floor's name too: a design's name alone ("First design") rarely tells floors apart
    return designs.map(({ design, floor }) => ({
      design,
      label: `${floor}: ${design.name}`,
      drawing: planDrawing2d(design, visuals),
      metric: true,
    }));
  }
  return designs.flatMap(({ design, storey, floor }) =>
    // panorama views are six faces each (panorama-files.ts), never a drawing on a page
    request.views
      .filter((view) => view.type !== 'panorama')
      .flatMap((view) => {
        const variants = view.type === 'stereo' ? (['left', 'right'] as const) : [undefined];
        return variants.map((variant) => ({
          design,
          label: `${floor}: ${design.name} - ${view.type}${variant ? ` ${variant}` : ''}`,
          drawing: planDrawing3d(design, view, storey, variant),
          metric: false,
        }));
      }),
  );
}

function groupsFor(items: Item[], combine: boolean): Group[] {
  if (combine) return [{ designId: null, items, suffix: 'combined' }];
  const counts = new Map<number, number>();
  return items.map((item) => {
    const n = (counts.get(item.design.id) ?? 0) + 1;
    counts.set(item.design.id, n);
    return { designId: item.design.id, items: [item], suffix: `${item.design.id}-${n}` };
  });
}

function contentBox(width: number, height: number, m: ExportRequest['paper']['margins'], factor = 1): Cell {
  const left = m.left * factor;
  const top = m.top * factor;
  return {
    x: left,
    y: top,
    w: Math.max(1, width - left - m.right * factor),
    h: Math.max(1, height - top - m.bottom * factor),
  };
}

function logoBox(box: Cell, position: string | null, scale: number): Cell {
  const w = box.w * (scale >= 1 ? 0.12 : Math.max(0.02, scale * 0.3));
  const h = w * 0.4;
  const pos = position ?? 'BR';
  const x = pos.endsWith('L') ? box.x : pos.endsWith('C') ? box.x + (box.w - w) / 2 : box.x + box.w - w;
  const y = pos.startsWith('T') ? box.y : box.y + box.h - h;
  return { x, y, w, h };
}

/** Pixel size of a raster file: width × height, or the paper at 96 dpi for 3d with a paper size. */
function rasterSize(request: ExportRequest): { width: number; height: number; factor: number } {
  let width = request.width;
  let height = request.height;
  if (request.type === '3d' && request.paper.size) {
    const [pw, ph] = paperPoints(request.paper.size, request.paper.orientation);
    width = Math.round((pw * 96) / 72);
    height = Math.round((ph * 96) / 72);
  }
  const factor = Math.min(1, MAX_RASTER_SIDE / Math.max(width, height));
  return {
    width: Math.max(1, Math.round(width * factor)),
    height: Math.max(1, Math.round(height * factor)),
    factor,
  };
}

export function renderRaster(request: ExportRequest, group: Group): Raster {
  const { width, height, factor } = rasterSize(request);
  const raster = new Raster(width, height);
  const box = contentBox(width, height, request.paper.margins, factor);
  gridCells(group.items.length, box).forEach((cell, i) => {
    const { drawing } = group.items[i]!;
    const map = fitTransform(drawing.bounds, cell);
    for (const shape of drawing.shapes) raster.fillPolygon(shape.points.map(map), shape.color);
  });
  const bar = request.paper.scalebar;
  if (request.type === '2d' && bar) {
    const w = bar.width * factor;
    const h = Math.max(1, bar.height * factor);
    const y = box.y + box.h - h;
    for (let i = 0; i < bar.div; i++)
      raster.fillRect(box.x + (i * w) / bar.div, y, w / bar.div, h, i % 2 ? [255, 255, 255] : [0, 0, 0]);
    raster.strokeRect(box.x, y, w, h, [0, 0, 0]);
  }
  const logo = request.paper.logo;
  if (logo?.url) {
    const b = logoBox(box, logo.position, logo.scale);
    raster.fillRect(b.x, b.y, b.w, b.h, [225, 225, 225]);
    raster.strokeRect(b.x, b.y, b.w, b.h, [120, 120, 120], Math.max(1, Math.round(2 * factor)));
  }
  return raster;
}

export function encodePng(raster: Raster): Uint8Array {
  const png = new PNG({ width: raster.width, height: raster.height });
  png.data = Buffer.from(raster.data.buffer, raster.data.byteOffset, raster.data.byteLength);
  // no row filters: flat-colour drawings compress well without them, and choosing filters is most of the time
  return new Uint8Array(PNG.sync.write(png, { filterType: 0, deflateLevel: 6 }));
}

export function encodeJpeg(raster: Raster): Uint8Array {
  const encoded = jpeg.encode({ data: raster.data, width: raster.width, height: raster.height }, 85);
  return new Uint8Array(encoded.data);
}

/** Standard PDF fonts only encode WinAnsi: other characters become '?'. */
function pdfText(text: string): string {
  return [...text].map((ch) => (/[\u0020-\u007e\u00a0-\u00ff]/.test(ch) ? ch : '?')).join('');
}

const pdfColour = ([r, g, b]: Rgb) => rgb(r / 255, g / 255, b / 255);

function svgPath(points: { x: number; y: number }[]): string {
  return points.map((p, i) => `${i ? 'L' : 'M'}${p.x.toFixed(2)} ${p.y.toFixed(2)}`).join(' ') + ' Z';
}

function drawPdfPage(
  page: PDFPage,
  font: PDFFont,
  request: ExportRequest,
  group: Group,
  title: string,
): void {
  const { width, height } = page.getSize();
  const box = contentBox(width, height, request.paper.margins);
  // pdf-lib's SVG paths run y-down from the given origin: put that origin at the top-left corner
  const draw = (points: { x: number; y: number }[], colour: Rgb) =>
    page.drawSvgPath(svgPath(points), { x: 0, y: height, color: pdfColour(colour), borderWidth: 0 });
  const stamp = request.type === '2d' && request.paper.stamp_names !== false;
  const scale = request.type === '2d' ? request.paper.scale : null;
  // 1:N on paper: 1 cm of plan is 10/N mm, in points
  const pointsPerCm = scale ? ((10 / scale) * 72) / 25.4 : undefined;
  gridCells(group.items.length, box).forEach((cell, i) => {
    const item = group.items[i]!;
    const labelSpace = stamp ? 16 : 0;
    const inner = { ...cell, y: cell.y + labelSpace, h: Math.max(1, cell.h - labelSpace) };
    const map = fitTransform(item.drawing.bounds, inner, item.metric ? pointsPerCm : undefined);
    for (const shape of item.drawing.shapes) draw(shape.points.map(map), shape.color);
    if (stamp) page.drawText(pdfText(item.label), { x: cell.x + 2, y: height - cell.y - 12, size: 10, font });
  });
  const bar = request.type === '2d' ? request.paper.scalebar : undefined;
  if (bar) {
    const y = box.y + box.h - bar.height;
    for (let i = 0; i < bar.div; i++) {
      const x = box.x + (i * bar.width) / bar.div;
      draw(
        [
          { x, y },
          { x: x + bar.width / bar.div, y },
          { x: x + bar.width / bar.div, y: y + bar.height },
          { x, y: y + bar.height },
        ],
        i % 2 ? [255, 255, 255] : [0, 0, 0],
      );
    }
    page.drawRectangle({
      x: box.x,
      y: height - y - bar.height,
      width: bar.width,
      height: bar.height,
      borderColor: rgb(0, 0, 0),
      borderWidth: 0.5,
    });
    if (scale)
      page.drawText(`1:${scale}`, { x: box.x + bar.width + 6, y: height - y - bar.height, size: 8, font });
  }
  const logo = request.paper.logo;
  if (logo?.url) {
    const b = logoBox(box, logo.position, logo.scale);
    page.drawRectangle({
      x: b.x,
      y: height - b.y - b.h,
      width: b.w,
      height: b.h,
      color: rgb(0.9, 0.9, 0.9),
      borderColor: rgb(0.5, 0.5, 0.5),
      borderWidth: 1,
    });
    page.drawText('LOGO', { x: b.x + 4, y: height - b.y - b.h / 2 - 4, size: Math.min(10, b.h / 2), font });
  }
  page.drawText(pdfText(title), { x: 4, y: 4, size: 6, font, color: rgb(0.4, 0.4, 0.4) });
}

export async function renderPdf(
  request: ExportRequest,
  group: Group,
  projectName: string,
): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(pdfText(projectName));
  doc.setCreator('room-elements planning emulator');
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const size = request.paper.size
    ? paperPoints(request.paper.size, request.paper.orientation)
    : ([request.width, request.height] as [number, number]);
  drawPdfPage(doc.addPage(size), font, request, group, projectName);
  return doc.save();
}

const CONTENT_TYPES = { png: 'image/png', jpg: 'image/jpeg', pdf: 'application/pdf' } as const;

/**
 * Renders every file of an export. `fileUrl(key)` turns a storage key (`<token>/<name>`) into the
 * URL the emulator serves it at.
 */
export async function renderExport(
  project: ProjectRecord,
  request: ExportRequest,
  token: string,
  fileUrl: (key: string) => string,
): Promise<{ files: Map<string, StoredFile>; result: ResultMap }> {
  const files = new Map<string, StoredFile>();
  const result: ResultMap = { project: {}, design: {} };
  const keep = (key: string, file: StoredFile, owner: 'project' | 'design', id: string) => {
    files.set(key, file);
    (result[owner][id] ??= []).push(fileUrl(key));
  };
  for (const group of groupsFor(itemsFor(project, request), request.paper.combine)) {
    const raster = request.fmt.some((f) => f !== 'pdf') ? renderRaster(request, group) : null;
    for (const fmt of request.fmt) {
      const name = `${project.id}-${request.type}-${group.suffix}.${fmt}`;
      const bytes =
        fmt === 'pdf'
          ? await renderPdf(request, group, project.name)
          : fmt === 'png'
            ? encodePng(raster!)
            : encodeJpeg(raster!);
      keep(
        `${token}/${name}`,
        { bytes, contentType: CONTENT_TYPES[fmt], name },
        group.designId === null ? 'project' : 'design',
        String(group.designId ?? project.id),
      );
    }
  }
  // panorama views: six faces per design the camera stands in, listed under that design
  if (request.type === '3d') {
    const designs = designsOf(project, request.designs);
    for (const file of await panoramaFiles(project, request, designs, { png: encodePng, jpg: encodeJpeg }))
      keep(`${token}/${file.name}`, file, 'design', String(file.designId));
  }
  return { files, result };
}
