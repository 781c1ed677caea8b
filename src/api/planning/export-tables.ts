/**
 * The export tables of Document 1, section 4.3, as data and types: the allowed values that both the
 * request builder (export-request.ts) and the element's attribute parsing read. Keeping them in one
 * place means a value the service adds is added once.
 */

export const EXPORT_FORMATS = ['png', 'pdf', 'jpg'] as const;
export const EXPORT_TYPES = ['2d', '3d'] as const;
export const PAPER_ORIENTATIONS = ['landscape', 'portrait'] as const;
export const PAPER_SIZES = ['A4', 'A3', 'A2', 'A1', 'A0', 'LETTER', 'LEGAL'] as const;
export const LOGO_POSITIONS = ['BL', 'BC', 'BR', 'TL', 'TC', 'TR'] as const;
/** 2D only, and only with fmt pdf: scale 1:N. */
export const PAPER_SCALES = [50, 100, 200, 500] as const;
/** 2D only: ALL full colour, BW black and white furniture with white rooms, BWC BW plus coloured rooms. */
export const PAPER_VISUALS = ['ALL', 'BW', 'BWC'] as const;
/** 3D only: the kinds of view; stereo gives a left and a right panorama. */
export const VIEW_TYPES = ['top', 'ne', 'se', 'sw', 'nw', 'tilted', 'photo', 'panorama', 'stereo'] as const;
/** The view types a `camera_id` applies to. */
export const CAMERA_VIEW_TYPES = ['photo', 'panorama', 'stereo'] as const;
export const MARGIN_SIDES = ['top', 'left', 'bottom', 'right'] as const;
export const SCALEBAR_MEMBERS = ['width', 'height', 'div'] as const;

export type ExportFormat = (typeof EXPORT_FORMATS)[number];
export type ExportType = (typeof EXPORT_TYPES)[number];
export type PaperOrientation = (typeof PAPER_ORIENTATIONS)[number];
export type PaperSize = (typeof PAPER_SIZES)[number];
export type LogoPosition = (typeof LOGO_POSITIONS)[number];
export type PaperScale = (typeof PAPER_SCALES)[number];
export type PaperVisuals = (typeof PAPER_VISUALS)[number];
export type ViewType = (typeof VIEW_TYPES)[number];

export interface ExportLogo {
  /** URL of a custom logo (http or https). */
  url?: string;
  position?: LogoPosition;
  /** 1 means automatic scaling, so 0.99 is a near-full scale. */
  scale?: number;
}

export interface ExportMargins {
  top?: number;
  left?: number;
  bottom?: number;
  right?: number;
}

export interface ExportScalebar {
  width?: number;
  height?: number;
  div?: number;
}

export interface ExportPaper {
  /** Merge onto one page (true) or export several pages (false). Always sent. */
  combine: boolean;
  orientation?: PaperOrientation;
  /** Overrides width and height; for 2D only together with fmt pdf. */
  size?: PaperSize;
  logo?: ExportLogo;
  margins?: ExportMargins;
  /** 2D only. */
  stamp_names?: boolean;
  /** 2D only, and only with fmt pdf. */
  scale?: PaperScale;
  /** 2D only. */
  visuals?: PaperVisuals;
  /** 2D only. */
  scalebar?: ExportScalebar;
}

export interface ExportView {
  type: ViewType;
  /** Only for photo, panorama and stereo views. */
  camera_id?: number;
  /** Cut height in centimetres. */
  section?: number;
  /** Hex colour without `#`. */
  wall_top_color?: string;
}

/** The body of POST /projects/:id/export.json, as the builder sends it (the project id is in the path). */
export interface ExportRequest {
  /** Design ids inside the project; left out means all designs. */
  designs?: number[];
  fmt: ExportFormat[];
  width: number;
  height: number;
  type: ExportType;
  paper: ExportPaper;
  /** An http(s) endpoint or an email address (left out only for a partner proxy that adds its own). */
  callback: string;
  /** 3D only. */
  views?: ExportView[];
}

/**
 * What the builder accepts: the same shape, with every member optional and loosely typed, because
 * it comes from attributes, forms and plain JavaScript. Numbers may be numeric strings; null means
 * "not given".
 */
export type ExportRequestInput = {
  [K in keyof ExportRequest]?: unknown;
} & Record<string, unknown>;
