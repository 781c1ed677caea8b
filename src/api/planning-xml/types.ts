/**
 * The resources of Document 2 as the client returns them: the XML elements with camelCase names
 * (`external-identifier` → externalIdentifier) and typed values. Elements the document does not list
 * ("other project elements: not shown") are kept as further members.
 */

export interface XmlUser {
  id: number;
  email: string;
  accountType?: string | null;
  countryCode?: string | null;
  language?: string | null;
  externalIdentifier?: string | null;
  username?: string | null;
  createdAt?: string | null;
  /** Token responses only. */
  measurementSystem?: string;
  currentToken?: string;
  [member: string]: unknown;
}

export interface XmlDesign {
  id: number;
  name: string;
  designType?: string;
  thumb2dUrl?: string | null;
  createdAt?: string | null;
  updatedAt?: string | null;
  projectId?: number;
  floorId?: number;
  [member: string]: unknown;
}

export interface XmlFloor {
  id: number;
  name: string;
  level?: number;
  height?: number | null;
  createdAt?: string;
  updatedAt?: string;
  designs: XmlDesign[];
  drawing?: { id?: number; url?: string; contentType?: string; [member: string]: unknown };
  [member: string]: unknown;
}

export interface XmlProject {
  id: number;
  userId?: number | null;
  name: string;
  description?: string | null;
  externalIdentifier?: string | null;
  public?: boolean | null;
  createdAt?: string | null;
  updatedAt?: string | null;
  /** Absent from a compact index. */
  floors?: XmlFloor[];
  /** A compact index's counts. */
  floorsCount?: number;
  designsCount?: number;
  [member: string]: unknown;
}

export interface XmlPublishConfiguration {
  path: string;
  styleId?: number | null;
  showFurnitureAndTextureLibraries?: boolean;
  showMeasurementSystem?: boolean;
  show3d?: boolean;
  showDimensions?: boolean;
  showCustomDimensions?: boolean;
  allowPrint?: boolean;
  allowSaveByMail?: boolean;
  showSidebar?: boolean;
  allowCcAddresses?: boolean;
  receiveBcc?: boolean;
  hideScaleBar?: boolean;
  /** Comma separated in the XML; a list here. */
  ccAddresses?: string[];
  elementCategories?: number[];
  initModule?: 'details' | 'media' | 'location' | 'share' | 'assets' | 'tutorial' | null;
  [member: string]: unknown;
}

export interface XmlUserInput {
  email?: string;
  accountType?: string;
  countryCode?: string;
  language?: string;
  externalIdentifier?: string | null;
  username?: string | null;
  password?: string;
  passwordConfirmation?: string;
}

export interface XmlFloorInput {
  name?: string;
  drawingUrl?: string;
  /** A background drawing sent inside the body (base64). */
  drawing?: { file: Uint8Array; name: string; contentType: string };
}

export interface XmlProjectInput {
  name?: string;
  description?: string | null;
  externalIdentifier?: string | null;
  public?: boolean;
  /** Background image of the first floor: jpg, png, gif or swf. */
  drawingUrl?: string;
  floors?: XmlFloorInput[];
}

export type ProjectExportType = 'image/jpeg' | 'image/png' | 'image/svg+xml' | 'application/pdf';
export type DesignExportType = ProjectExportType | 'application/vnd.google-earth.kmz' | 'application/sla';

/** POST /projects/:id/render. */
export interface RenderParams {
  width: number;
  height: number;
  callback?: string;
  sendTo?: string;
  type?: ProjectExportType;
  paperScale?: number;
  scaling?: 'constant';
  scalebar?: boolean;
  blackWhite?: boolean;
}

/** POST /designs/:id/export. */
export interface DesignExportParams {
  width: number;
  height: number;
  callback: string;
  type?: DesignExportType;
  paperScale?: number;
  blackWhite?: boolean;
}

/** POST /projects/:pid/floors/:fid/designs/:id/export_render. */
export interface Render3dParams {
  width: number;
  height: number;
  angle: 'SW' | 'SE' | 'NW' | 'NE' | 'TD';
  /** #RRGGBB */
  wallTops: string;
  callback: string;
}

/** What an export call answers: no body (section 4's dash); the emulator's export id when it sends one. */
export interface ExportAccepted {
  exportId?: number;
}
