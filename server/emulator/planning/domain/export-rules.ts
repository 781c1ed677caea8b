/**
 * Document 1, section 4.3: every rule of the export tables, as one pure function. It reports every
 * problem it finds (not just the first), each as "<member>: <reason>", and returns the request with
 * the documented defaults filled in when there is none.
 *
 * Choices where the document is silent (recorded in docs/emulator-planning.md):
 * - `null` means "not given" (the public sample client sends `"size": null, "scale": null`).
 * - Integers and booleans may come as JSON values or as strings ("800", "true", "1"), because form
 *   fields carry only strings.
 * - `views` is required for 3d (a 3D export must say what to render) and rejected for 2d.
 * - Unknown members are ignored, including a body `id` (the path's :id is the project).
 */
import { asBoolean, asInteger, asNumber } from './values.ts';

export const FORMATS = ['png', 'pdf', 'jpg'] as const;
export const PAPER_SIZES = ['A4', 'A3', 'A2', 'A1', 'A0', 'LETTER', 'LEGAL'] as const;
export const ORIENTATIONS = ['landscape', 'portrait'] as const;
export const LOGO_POSITIONS = ['BL', 'BC', 'BR', 'TL', 'TC', 'TR'] as const;
export const SCALES = [50, 100, 200, 500] as const;
export const VISUALS = ['ALL', 'BW', 'BWC'] as const;
export const VIEW_TYPES = ['top', 'ne', 'se', 'sw', 'nw', 'tilted', 'photo', 'panorama', 'stereo'] as const;
export const CAMERA_VIEW_TYPES = ['photo', 'panorama', 'stereo'] as const;
/** The largest width / height the emulator accepts (the service's limit is not shown). */
export const MAX_PIXELS = 10000;
export const MAX_VIEWS = 24;

export type Format = (typeof FORMATS)[number];
export type PaperSize = (typeof PAPER_SIZES)[number];
export type ViewType = (typeof VIEW_TYPES)[number];

export interface ExportView {
  type: ViewType;
  camera_id: number | null;
  section: number | null;
  wall_top_color: string | null;
}

export interface ExportPaper {
  combine: boolean;
  orientation: (typeof ORIENTATIONS)[number];
  size: PaperSize | null;
  logo: { url: string | null; position: (typeof LOGO_POSITIONS)[number] | null; scale: number } | null;
  margins: { top: number; left: number; bottom: number; right: number };
  /** 2d only (absent for 3d) */
  stamp_names?: boolean;
  scale?: number | null;
  visuals?: (typeof VISUALS)[number] | null;
  scalebar?: { width: number; height: number; div: number };
}

export interface ExportRequest {
  type: '2d' | '3d';
  fmt: Format[];
  width: number;
  height: number;
  /** null: all designs of the project */
  designs: number[] | null;
  callback: string;
  callbackKind: 'http' | 'email';
  paper: ExportPaper;
  /** 3d only (empty for 2d) */
  views: ExportView[];
}

export interface ProjectFacts {
  designIds: number[];
  cameraIds: number[];
}

export type ExportValidation = { ok: true; request: ExportRequest } | { ok: false; details: string[] };

type Obj = Record<string, unknown>;

const given = (v: unknown): boolean => v !== undefined && v !== null;
const isObject = (v: unknown): v is Obj => !!v && typeof v === 'object' && !Array.isArray(v);

const HTTP_URL = /^https?:\/\/[^\s/?#]+[^\s]*$/i;
const EMAIL = /^[^\s@<>()[\],;:"]+@[^\s@<>()[\],;:"]+\.[A-Za-z]{2,}$/;
const HEX_COLOUR = /^(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;

export function isHttpUrl(v: string): boolean {
  if (!HTTP_URL.test(v)) return false;
  try {
    const url = new URL(v);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

function oneOf<T extends string | number>(allowed: readonly T[], v: unknown): T | undefined {
  return allowed.find((a) => a === v || (typeof a === 'number' && asInteger(v) === a));
}

const list = (allowed: readonly (string | number)[]) => allowed.join(', ');

export function validateExport(input: unknown, project: ProjectFacts): ExportValidation {
  const problems: string[] = [];
  const body: Obj = isObject(input) ? input : {};
  if (!isObject(input)) problems.push('body: must be an object of export parameters');

  // type
  let type: '2d' | '3d' | undefined;
  if (!given(body.type)) problems.push('type: required (2d or 3d)');
  else if (body.type === '2d' || body.type === '3d') type = body.type;
  else problems.push('type: must be 2d or 3d');

  // fmt
  let fmt: Format[] = [];
  if (!given(body.fmt)) problems.push(`fmt: required (an array of ${list(FORMATS)})`);
  else if (!Array.isArray(body.fmt)) problems.push(`fmt: must be an array of ${list(FORMATS)}`);
  else if (body.fmt.length === 0) problems.push('fmt: must not be empty');
  else {
    const bad = body.fmt.filter((f) => !oneOf(FORMATS, f));
    if (bad.length)
      problems.push(
        `fmt: unknown format ${bad.map((b) => JSON.stringify(b)).join(', ')} (allowed: ${list(FORMATS)})`,
      );
    else fmt = [...new Set(body.fmt as Format[])];
  }
  const hasPdf = fmt.includes('pdf');

  // width, height
  const size: Record<'width' | 'height', number> = { width: 0, height: 0 };
  for (const key of ['width', 'height'] as const) {
    if (!given(body[key])) {
      problems.push(`${key}: required (integer pixels)`);
      continue;
    }
    const n = asInteger(body[key]);
    if (n === undefined) problems.push(`${key}: must be an integer number of pixels`);
    else if (n < 1 || n > MAX_PIXELS) problems.push(`${key}: must be between 1 and ${MAX_PIXELS}`);
    else size[key] = n;
  }

  // callback
  let callback = '';
  let callbackKind: 'http' | 'email' = 'http';
  if (!given(body.callback)) problems.push('callback: required (an http endpoint or an email address)');
  else if (typeof body.callback !== 'string') problems.push('callback: must be a string');
  else if (isHttpUrl(body.callback.trim())) callback = body.callback.trim();
  else if (EMAIL.test(body.callback.trim())) {
    callback = body.callback.trim();
    callbackKind = 'email';
  } else problems.push('callback: must be an http(s) URL or an email address');

  // designs
  let designs: number[] | null = null;
  if (given(body.designs)) {
    if (!Array.isArray(body.designs)) problems.push('designs: must be an array of design ids');
    else if (body.designs.length === 0)
      problems.push('designs: must not be empty (leave it out or send null for all designs)');
    else {
      const ids = body.designs.map(asInteger);
      const bad = body.designs.filter((_, i) => ids[i] === undefined || !project.designIds.includes(ids[i]!));
      if (bad.length)
        problems.push(
          `designs: not a design of this project: ${bad.map((b) => JSON.stringify(b)).join(', ')}`,
        );
      else designs = [...new Set(ids as number[])];
    }
  }

  // paper (required: paper[combine] is)
  const paper: ExportPaper = {
    combine: false,
    orientation: 'landscape',
    size: null,
    logo: null,
    margins: { top: 15, left: 15, bottom: 15, right: 15 },
  };
  const p: Obj = isObject(body.paper) ? body.paper : {};
  if (!given(body.paper)) problems.push('paper: required (paper.combine is required)');
  else if (!isObject(body.paper)) problems.push('paper: must be an object');
  else {
    if (!given(p.combine)) problems.push('paper.combine: required (true or false)');
    else {
      const combine = asBoolean(p.combine);
      if (combine === undefined) problems.push('paper.combine: must be a boolean');
      else paper.combine = combine;
    }
    if (given(p.orientation)) {
      const o = oneOf(ORIENTATIONS, p.orientation);
      if (!o) problems.push(`paper.orientation: must be one of ${list(ORIENTATIONS)}`);
      else paper.orientation = o;
    }
    if (given(p.size)) {
      const s = oneOf(PAPER_SIZES, p.size);
      if (!s) problems.push(`paper.size: must be one of ${list(PAPER_SIZES)}`);
      else if (type === '2d' && fmt.length && !hasPdf)
        problems.push('paper.size: for type 2d only together with fmt pdf');
      else paper.size = s;
    }
    if (given(p.logo)) {
      if (!isObject(p.logo)) problems.push('paper.logo: must be an object (url, position, scale)');
      else {
        const logo: NonNullable<ExportPaper['logo']> = { url: null, position: null, scale: 1 };
        if (given(p.logo.url)) {
          if (typeof p.logo.url !== 'string' || !isHttpUrl(p.logo.url))
            problems.push('paper.logo.url: must be an http(s) URL');
          else logo.url = p.logo.url;
        }
        if (given(p.logo.position)) {
          const pos = oneOf(LOGO_POSITIONS, p.logo.position);
          if (!pos) problems.push(`paper.logo.position: must be one of ${list(LOGO_POSITIONS)}`);
          else logo.position = pos;
        }
        if (given(p.logo.scale)) {
          const s = asNumber(p.logo.scale);
          if (s === undefined || s <= 0 || s > 1)
            problems.push('paper.logo.scale: must be a number above 0 and at most 1 (1 = automatic)');
          else logo.scale = s;
        }
        paper.logo = logo;
      }
    }
    if (given(p.margins)) {
      if (!isObject(p.margins)) problems.push('paper.margins: must be an object (top, left, bottom, right)');
      else
        for (const side of ['top', 'left', 'bottom', 'right'] as const) {
          if (!given(p.margins[side])) continue;
          const m = asInteger(p.margins[side]);
          if (m === undefined || m < 0 || m > MAX_PIXELS)
            problems.push(`paper.margins.${side}: must be an integer number of pixels, 0 or more`);
          else paper.margins[side] = m;
        }
    }
  }

  const twoDOnly = ['stamp_names', 'scale', 'visuals', 'scalebar'] as const;
  let views: ExportView[] = [];
  if (type === '2d') {
    paper.stamp_names = true;
    paper.scale = null;
    paper.visuals = null;
    paper.scalebar = { width: 100, height: 4, div: 5 };
    if (given(p.stamp_names)) {
      const b = asBoolean(p.stamp_names);
      if (b === undefined) problems.push('paper.stamp_names: must be a boolean');
      else paper.stamp_names = b;
    }
    if (given(p.scale)) {
      const s = oneOf(SCALES, p.scale);
      if (!s) problems.push(`paper.scale: must be one of ${list(SCALES)} (scale 1:N)`);
      else if (fmt.length && !hasPdf) problems.push('paper.scale: only with fmt pdf');
      else paper.scale = s;
    }
    if (given(p.visuals)) {
      const v = oneOf(VISUALS, p.visuals);
      if (!v) problems.push(`paper.visuals: must be one of ${list(VISUALS)}`);
      else paper.visuals = v;
    }
    if (given(p.scalebar)) {
      if (!isObject(p.scalebar)) problems.push('paper.scalebar: must be an object (width, height, div)');
      else
        for (const key of ['width', 'height', 'div'] as const) {
          if (!given(p.scalebar[key])) continue;
          const n = asInteger(p.scalebar[key]);
          if (n === undefined || n < 1 || n > MAX_PIXELS)
            problems.push(`paper.scalebar.${key}: must be a positive integer`);
          else paper.scalebar[key] = n;
        }
    }
    if (given(body.views)) problems.push('views: only for type 3d');
  } else if (type === '3d') {
    for (const key of twoDOnly) if (given(p[key])) problems.push(`paper.${key}: only for type 2d`);
    views = validateViews(body.views, project, problems);
  }

  if (problems.length) return { ok: false, details: problems };
  return {
    ok: true,
    request: {
      type: type!,
      fmt,
      width: size.width,
      height: size.height,
      designs,
      callback,
      callbackKind,
      paper,
      views,
    },
  };
}

function validateViews(input: unknown, project: ProjectFacts, problems: string[]): ExportView[] {
  if (!given(input)) {
    problems.push(`views: required for type 3d (an array of views; type one of ${list(VIEW_TYPES)})`);
    return [];
  }
  if (!Array.isArray(input)) {
    problems.push('views: must be an array of objects');
    return [];
  }
  if (input.length === 0) problems.push('views: must not be empty');
  if (input.length > MAX_VIEWS) problems.push(`views: at most ${MAX_VIEWS} views`);
  const out: ExportView[] = [];
  input.forEach((raw, i) => {
    const at = `views[${i}]`;
    if (!isObject(raw)) {
      problems.push(`${at}: must be an object`);
      return;
    }
    const view: ExportView = { type: 'top', camera_id: null, section: null, wall_top_color: null };
    if (!given(raw.type)) problems.push(`${at}.type: required (${list(VIEW_TYPES)})`);
    else {
      const t = oneOf(VIEW_TYPES, raw.type);
      if (!t) problems.push(`${at}.type: must be one of ${list(VIEW_TYPES)}`);
      else view.type = t;
    }
    if (given(raw.camera_id)) {
      const id = asInteger(raw.camera_id);
      if (given(raw.type) && !(CAMERA_VIEW_TYPES as readonly unknown[]).includes(raw.type))
        problems.push(`${at}.camera_id: only for view types ${list(CAMERA_VIEW_TYPES)}`);
      else if (id === undefined || id < 1)
        problems.push(`${at}.camera_id: must be a camera id (positive integer)`);
      else if (!project.cameraIds.includes(id))
        problems.push(`${at}.camera_id: not a camera of this project`);
      else view.camera_id = id;
    }
    if (given(raw.section)) {
      const s = asNumber(raw.section);
      if (s === undefined || s <= 0)
        problems.push(`${at}.section: must be a cut height in centimetres above 0`);
      else view.section = s;
    }
    if (given(raw.wall_top_color)) {
      if (typeof raw.wall_top_color !== 'string' || !HEX_COLOUR.test(raw.wall_top_color))
        problems.push(`${at}.wall_top_color: must be a hex colour of 3 or 6 digits without #`);
      else view.wall_top_color = raw.wall_top_color.toLowerCase();
    }
    out.push(view);
  });
  return out;
}
