/**
 * Document 2, section 4: export as image (POST /projects/:id/render: every design, delivered as a zip
 * archive), design export (POST /designs/:id/export: one file and its bounds) and 3D render (POST
 * /projects/:pid/floors/:fid/designs/:id/export_render). Each renders at once, answers 200 without a
 * body, then POSTs the XML result to the callback (signed, retried as the v2 callback is) or, for
 * `send_to`, puts an email in the emulator's outbox. The files are the v2 export files (same renderer,
 * same /planning/files URLs) and every export is a v2 export record too.
 */
import { randomHex } from '../shared/random-hex.ts';
import { emailExport, finishedExport, postSigned } from '../planning/domain/delivery.ts';
import type { ExportPaper, ExportRequest, ExportView } from '../planning/domain/export-rules.ts';
import type { PlanDesign } from '../planning/domain/plan-geometry.ts';
import type { ExportRecord, ProjectRecord, ResultMap, StoredFile } from '../planning/domain/records.ts';
import { iso } from '../planning/domain/seed.ts';
import type { PlanningState } from '../planning/domain/state.ts';
import { renderExport } from '../planning/render/export-render.ts';
import { planDrawing2d } from '../planning/render/plan-drawing.ts';
import { designKml, designStl, designSvg, zip } from './files.ts';
import { booleanOf, EMAIL, findProject, type Handler, type Op, Problems } from './operation.ts';
import { emptyResponse, fail } from './respond.ts';
import { attr, child, leaf, type XmlValue } from './xml-read.ts';
import { escapeXml } from './xml-write.ts';

export const XLINK_NS = 'http://www.w3.org/1999/xlink';
export const PROJECT_TYPES = ['image/jpeg', 'image/png', 'image/svg+xml', 'application/pdf'] as const;
export const DESIGN_TYPES = [
  ...PROJECT_TYPES,
  'application/vnd.google-earth.kmz',
  'application/sla',
] as const;
export const ANGLES = ['SW', 'SE', 'NW', 'NE', 'TD'] as const;
/** Largest width / height accepted (pixels, millimetres for PDF); the service's limit is not shown. */
export const MAX_SIDE = 10000;

const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/svg+xml': 'svg',
  'application/pdf': 'pdf',
  'application/vnd.google-earth.kmz': 'kmz',
  'application/sla': 'stl',
};

/** The namespaces of section 2, on this API's root (the service's host). */
export const namespaces = (root: string) => ({
  request: `${root}/export/request`,
  result: `${root}/export/result`,
  render: `${root}/export/render`,
});

/**
 * The export parameters: the `<export>` body (children, `resolution` nested, hyphens or underscores)
 * and, for what it does not hold, the query string in the document's own spelling
 * (`resolution[width]`, `paper_scale`…).
 */
function exportInput(op: Op, render3d: boolean): (name: string) => string | undefined {
  let body: XmlValue | undefined;
  if (op.body) {
    if (op.body.root !== 'export') throw fail(400, "The body's root element must be <export>");
    const ns = attr(op.body.value, 'xmlns');
    const allowed = render3d ? /\/export\/(request|render)$/ : /\/export\/request$/;
    if (ns !== undefined && !allowed.test(ns))
      throw fail(
        400,
        `The export element's namespace must end in /export/request${render3d ? ' or /export/render' : ''}`,
      );
    body = op.body.value;
  }
  return (name) => {
    const path = name.replace(/\]/g, '').split('[');
    let node: XmlValue | undefined = body;
    for (const part of path) node = child(node, part);
    let value = leaf(node);
    // `resolution[width]` also as a plain `width` child, and a 3D render's `width` also inside `resolution`
    if (value === undefined && path.length === 2) value = leaf(child(body, path[1]!));
    if (value === undefined && (name === 'width' || name === 'height'))
      value = leaf(child(child(body, 'resolution'), name));
    if (value !== null && typeof value === 'object') return '\u0000nested';
    if (typeof value === 'string') return value.trim();
    return op.c.req.query(name) ?? op.c.req.query(name.replace(/_/g, '-')) ?? undefined;
  };
}

function size(get: (n: string) => string | undefined, name: string, problems: Problems): number {
  const raw = get(name);
  if (!raw) problems.add(name, `${name} is required`);
  else if (!/^\d{1,6}$/.test(raw) || Number(raw) < 1 || Number(raw) > MAX_SIDE)
    problems.add(name, `${name} must be an integer from 1 to ${MAX_SIDE}`);
  else return Number(raw);
  return 0;
}

function flag(get: (n: string) => string | undefined, name: string, problems: Problems): boolean {
  const raw = get(name);
  if (!raw) return false;
  const value = booleanOf(raw);
  if (value === undefined) problems.add(name, `${name} must be true or false (or 1 or 0)`);
  return value ?? false;
}

function callbackUrl(get: (n: string) => string | undefined, problems: Problems, required: boolean) {
  const raw = get('callback');
  if (!raw) {
    if (required) problems.add('callback', 'callback is required');
    return undefined;
  }
  try {
    const url = new URL(raw);
    if (url.protocol === 'http:' || url.protocol === 'https:') return url.href;
  } catch {
    // reported below
  }
  problems.add('callback', 'callback must be an http(s) URL');
  return undefined;
}

function paperScale(get: (n: string) => string | undefined, type: string, problems: Problems) {
  const raw = get('paper_scale');
  if (!raw) return null;
  const value = Number(raw);
  if (!/^\d*\.?\d+$/.test(raw) || value < 0.002 || value > 0.02)
    problems.add('paper_scale', 'paper_scale must be a number from 0.002 to 0.02');
  else if (type !== 'application/pdf')
    problems.add('paper_scale', 'paper_scale applies to application/pdf only');
  else return value;
  return null;
}

function typeOf(get: (n: string) => string | undefined, allowed: readonly string[], problems: Problems) {
  const type = get('type') || 'image/jpeg';
  if (!allowed.includes(type)) problems.add('type', `type must be one of ${allowed.join(', ')}`);
  return type;
}

function basePaper(
  width: number,
  height: number,
  blackWhite: boolean,
  scale: number | null,
  scalebar: boolean,
): ExportPaper {
  return {
    combine: false,
    orientation: width >= height ? 'landscape' : 'portrait',
    size: null,
    logo: null,
    margins: { top: 0, left: 0, bottom: 0, right: 0 },
    stamp_names: true,
    scale: scale ? Math.round(1 / scale) : null,
    visuals: blackWhite ? 'BW' : 'ALL',
    ...(scalebar ? { scalebar: { width: Math.max(20, Math.round(width / 5)), height: 8, div: 4 } } : {}),
  };
}

/** Millimetres to PDF points, at most 14400 (200 inches, the largest page PDF readers accept). */
const mmToPoints = (mm: number) => Math.min(14400, (mm * 72) / 25.4);

interface DesignAt {
  design: PlanDesign;
  floorHeight: number;
  floorName: string;
}

function designsOf(project: ProjectRecord): DesignAt[] {
  return project.floors.flatMap((f) =>
    f.designs.map((design) => ({ design, floorHeight: f.height, floorName: f.name })),
  );
}

/** One design in one MIME type, as bytes. */
async function renderDesign(
  project: ProjectRecord,
  at: DesignAt,
  type: string,
  width: number,
  height: number,
  blackWhite: boolean,
  scale: number | null,
  scalebar: boolean,
): Promise<Uint8Array> {
  const encoder = new TextEncoder();
  if (type === 'image/svg+xml') return encoder.encode(designSvg(at.design, width, height, blackWhite));
  if (type === 'application/sla') return encoder.encode(designStl(at.design, at.floorHeight));
  const fmt =
    type === 'application/pdf' ? 'pdf' : type === 'image/png' || type.includes('kmz') ? 'png' : 'jpg';
  const pdf = fmt === 'pdf';
  const request: ExportRequest = {
    type: '2d',
    fmt: [fmt],
    width: pdf ? mmToPoints(width) : width,
    height: pdf ? mmToPoints(height) : height,
    designs: [at.design.id],
    callback: 'none',
    callbackKind: 'http',
    paper: basePaper(width, height, blackWhite, scale, scalebar),
    views: [],
  };
  const { files } = await renderExport(project, request, 'x', (key) => key);
  const bytes = [...files.values()][0]!.bytes;
  if (type.includes('kmz'))
    return zip([
      {
        name: 'doc.kml',
        bytes: encoder.encode(designKml(at.design.name, planDrawing2d(at.design, null).bounds)),
      },
      { name: 'plan.png', bytes },
    ]);
  return bytes;
}

function resultXml(ns: string, links: { href: string; type: string }[], bounds?: string): string {
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<result xmlns="${escapeXml(ns)}" xmlns:xlink="${XLINK_NS}">`,
    ...links.map((l) => `  <link xlink:href="${escapeXml(l.href)}" type="${escapeXml(l.type)}"></link>`),
  ];
  if (bounds) lines.push(`  ${bounds}`);
  lines.push('</result>', '');
  return lines.join('\n');
}

function boundsXml(design: PlanDesign): string {
  const b = planDrawing2d(design, null).bounds;
  const m = (cm: number) => (cm / 100).toFixed(2);
  return `<bounds units="m" top="${m(b.minY)}" right="${m(b.maxX)}" bottom="${m(b.maxY)}" left="${m(b.minX)}"></bounds>`;
}

interface Delivery {
  callback?: string;
  sendTo?: string;
  body: string;
  designId?: number;
}

async function deliver(
  state: PlanningState,
  record: ExportRecord,
  delivery: Delivery,
  signingKey: string,
): Promise<void> {
  if (delivery.sendTo) {
    emailExport(state, record, delivery.sendTo);
    if (!delivery.callback) {
      record.callback_status = 'sent';
      record.delivered_at = iso(Date.now());
      return;
    }
  }
  if (!delivery.callback) return;
  const headers: Record<string, string> = { 'Content-Type': 'application/xml; charset=utf-8' };
  if (delivery.designId !== undefined) headers['X-Planner-Design-Id'] = String(delivery.designId);
  // the same signed, retried delivery as the v2 callback (planning/domain/delivery.ts)
  await postSigned(record, signingKey, delivery.body, headers, delivery.callback);
}

/** Stores the file(s) as a v2 export, starts the delivery, answers 200 without a body. */
function finish(
  op: Op,
  project: ProjectRecord,
  spec: {
    type: '2d' | '3d';
    fmt: string;
    designs: number[];
    width: number;
    height: number;
    paper: ExportPaper;
    views: ExportView[];
    file: { name: string; bytes: Uint8Array; contentType: string };
    resultNs: string;
    designId?: number;
    bounds?: string;
    callback?: string;
    sendTo?: string;
  },
): Response {
  const id = op.state.newExportId();
  const token = randomHex(12);
  const key = `${token}/${spec.file.name}`;
  const url = `${op.root.replace(/\/planning-xml$/, '/planning')}/files/${key}`;
  const result: ResultMap =
    spec.designId === undefined
      ? { project: { [project.id]: [url] }, design: {} }
      : { project: {}, design: { [spec.designId]: [url] } };
  const now = iso(Date.now());
  const record = finishedExport(
    {
      id,
      project_id: project.id,
      user_id: op.account.id,
      type: spec.type,
      fmt: [spec.fmt],
      designs: spec.designs,
      width: spec.width,
      height: spec.height,
      paper: spec.paper,
      views: spec.views,
      callback: spec.callback ?? spec.sendTo ?? '',
      callback_kind: spec.callback ? 'http' : 'email',
      result,
    },
    now,
  );
  const files = new Map<string, StoredFile>([
    [key, { bytes: spec.file.bytes, contentType: spec.file.contentType, name: spec.file.name }],
  ]);
  op.state.addExport(record, files);
  project.exportedAt = now;
  const body = resultXml(spec.resultNs, [{ href: url, type: spec.file.contentType }], spec.bounds);
  void deliver(
    op.state,
    record,
    { callback: spec.callback, sendTo: spec.sendTo, body, designId: spec.designId },
    op.account.apiKey ?? '',
  ).catch(() => {
    record.callback_status = 'failed';
  });
  return emptyResponse(op.c, { 'X-Planner-Export-Id': String(id) });
}

const safeName = (s: string) => s.replace(/[^\w.-]+/g, '_').slice(0, 60) || 'design';

/** POST /projects/:id/render: every design of the project in `type`, in one zip archive. */
export const renderProject: Handler = async (op) => {
  const project = findProject(op, op.params.id!, 'change');
  const get = exportInput(op, false);
  const problems = new Problems();
  const width = size(get, 'resolution[width]', problems);
  const height = size(get, 'resolution[height]', problems);
  const callback = callbackUrl(get, problems, false);
  const sendTo = get('send_to');
  if (sendTo && !EMAIL.test(sendTo)) problems.add('send_to', 'send_to must be an email address');
  if (!get('callback') && !sendTo) problems.add('callback', 'callback is required unless send_to is given');
  const type = typeOf(get, PROJECT_TYPES, problems);
  const scale = paperScale(get, type, problems);
  const scaling = get('scaling');
  if (scaling && scaling !== 'constant') problems.add('scaling', 'scaling must be constant');
  const scalebar = flag(get, 'scalebar', problems);
  const blackWhite = flag(get, 'black_white', problems);
  problems.done();
  const designs = designsOf(project);
  const entries: { name: string; bytes: Uint8Array }[] = [];
  for (const [i, at] of designs.entries())
    entries.push({
      name: `${i + 1}-${safeName(at.floorName)}-${safeName(at.design.name)}.${EXTENSIONS[type]}`,
      bytes: await renderDesign(project, at, type, width, height, blackWhite, scale, scalebar),
    });
  return finish(op, project, {
    type: '2d',
    fmt: EXTENSIONS[type]!,
    designs: designs.map((d) => d.design.id),
    width,
    height,
    paper: basePaper(width, height, blackWhite, scale, scalebar),
    views: [],
    file: { name: `project-${project.id}.zip`, bytes: zip(entries), contentType: 'application/zip' },
    resultNs: namespaces(op.root).result,
    callback,
    sendTo: sendTo || undefined,
  });
};

function findDesign(op: Op, designId: string): { project: ProjectRecord; at: DesignAt } {
  if (!/^\d{1,15}$/.test(designId)) throw fail(404, 'Design not found');
  for (const project of op.state.projects.values()) {
    if (project.deleted) continue;
    const at = designsOf(project).find((d) => d.design.id === Number(designId));
    if (at) return { project: findProject(op, String(project.id), 'change'), at };
  }
  throw fail(404, 'Design not found');
}

/** POST /designs/:id/export: one design in one of the six types; the result carries its bounds. */
export const exportDesign: Handler = async (op) => {
  const { project, at } = findDesign(op, op.params.id!);
  const get = exportInput(op, false);
  const problems = new Problems();
  const width = size(get, 'resolution[width]', problems);
  const height = size(get, 'resolution[height]', problems);
  const callback = callbackUrl(get, problems, true);
  const type = typeOf(get, DESIGN_TYPES, problems);
  const scale = paperScale(get, type, problems);
  const blackWhite = flag(get, 'black_white', problems);
  problems.done();
  const bytes = await renderDesign(project, at, type, width, height, blackWhite, scale, false);
  return finish(op, project, {
    type: '2d',
    fmt: EXTENSIONS[type]!,
    designs: [at.design.id],
    width,
    height,
    paper: basePaper(width, height, blackWhite, scale, false),
    views: [],
    file: { name: `design-${at.design.id}.${EXTENSIONS[type]}`, bytes, contentType: type },
    resultNs: namespaces(op.root).result,
    designId: at.design.id,
    bounds: boundsXml(at.design),
    callback,
  });
};

/** POST /projects/:pid/floors/:fid/designs/:id/export_render: a 3D view of the design, as PNG. */
export const render3d: Handler = async (op) => {
  const project = findProject(op, op.params.pid!, 'change');
  const floor = project.floors.find((f) => String(f.id) === op.params.fid);
  const design = floor?.designs.find((d) => String(d.id) === op.params.id);
  if (!floor || !design) throw fail(404, 'Design not found');
  const get = exportInput(op, true);
  const problems = new Problems();
  const width = size(get, 'width', problems);
  const height = size(get, 'height', problems);
  const angle = (get('angle') ?? '').toUpperCase();
  if (!angle) problems.add('angle', 'angle is required');
  else if (!(ANGLES as readonly string[]).includes(angle))
    problems.add('angle', `angle must be one of ${ANGLES.join(', ')}`);
  const wallTops = get('wall_tops') ?? '';
  if (!wallTops) problems.add('wall_tops', 'wall_tops is required');
  else if (!/^#?[0-9a-fA-F]{6}$/.test(wallTops))
    problems.add('wall_tops', 'wall_tops must be a colour such as #RRGGBB');
  const callback = callbackUrl(get, problems, true);
  problems.done();
  const view: ExportView = {
    type: angle === 'TD' ? 'top' : (angle.toLowerCase() as ExportView['type']),
    camera_id: null,
    section: null,
    wall_top_color: wallTops.replace(/^#/, ''),
  };
  const paper = {
    ...basePaper(width, height, false, null, false),
    stamp_names: undefined,
    scale: undefined,
    visuals: undefined,
  };
  const request: ExportRequest = {
    type: '3d',
    fmt: ['png'],
    width,
    height,
    designs: [design.id],
    callback: callback!,
    callbackKind: 'http',
    paper,
    views: [view],
  };
  const { files } = await renderExport(project, request, 'x', (key) => key);
  const bytes = [...files.values()][0]!.bytes;
  return finish(op, project, {
    type: '3d',
    fmt: 'png',
    designs: [design.id],
    width,
    height,
    paper,
    views: [view],
    file: { name: `render-${design.id}-${angle.toLowerCase()}.png`, bytes, contentType: 'image/png' },
    resultNs: namespaces(op.root).render,
    designId: design.id,
    callback,
  });
};
