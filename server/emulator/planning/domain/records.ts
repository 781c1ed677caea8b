/**
 * The records the planning emulator keeps (domain/state.ts holds them): projects, OAuth codes and
 * tokens, exports and their files, emails, permissions, media, room type sets, templates and design
 * shares. Types only, besides the one rule every reader of a token applies (tokenIsLive).
 */
import type { ExportRequest } from './export-rules.ts';
import type { PlanFloor } from './plan-geometry.ts';

export interface ProjectRecord {
  id: number;
  userId: number;
  public: boolean;
  name: string;
  description: string | null;
  projectUrl: string;
  externalIdentifier: string | null;
  enableAutosave: boolean;
  exportedAt: string | null;
  createdAt: string;
  updatedAt: string;
  floors: PlanFloor[];
  /** Where the geometry came from: a real FML document or the generator. */
  source: 'fml' | 'generated' | 'import';
  deleted: boolean;
  /** The template it was created from (project_template_attributes[template_id]). */
  templateId?: number | null;
}

export interface AuthorizationCode {
  code: string;
  clientId: string;
  redirectUri: string;
  userId: number;
  scope: string;
  expiresAt: number;
  used: boolean;
}

export interface AccessToken {
  token: string;
  /**
   * `oauth` tokens come from /oauth/token; `project` tokens from GET /projects/:id/token.json; `user`
   * tokens from GET /users/:id/token.json (they act as that user, like an OAuth token).
   */
  kind: 'oauth' | 'project' | 'user';
  clientId?: string;
  userId: number;
  /** Only for project tokens: the one project it opens. */
  projectId?: number;
  scope: string;
  createdAt: number;
  expiresAt: number;
  revoked: boolean;
  /** The code it was issued for: a second use of that code revokes it (RFC 6749 §4.1.2). */
  code?: string;
}

export interface StoredFile {
  bytes: Uint8Array;
  contentType: string;
  name: string;
}

export interface ExportRecord {
  id: number;
  project_id: number;
  user_id: number;
  type: '2d' | '3d';
  fmt: string[];
  designs: number[];
  width: number;
  height: number;
  paper: ExportRequest['paper'];
  views: ExportRequest['views'];
  callback: string;
  callback_kind: 'http' | 'email';
  /** http: pending, delivered or failed; email: sent. */
  callback_status: 'pending' | 'delivered' | 'failed' | 'sent';
  callback_attempts: number;
  callback_response_status: number | null;
  status: 'done';
  result: ResultMap;
  created_at: string;
  finished_at: string;
  delivered_at: string | null;
}

export interface SentEmail {
  id: number;
  /** What sent it: an export's email callback, share planner, project copy or design share. */
  kind: 'export' | 'share_planner' | 'project_copy' | 'design_share';
  to: string;
  subject: string;
  text: string;
  /** Export emails only. */
  export_id?: number;
  result?: ResultMap;
  project_id?: number;
  design_id?: number;
  /** The link the email carries (share planner, design share), when it has one. */
  url?: string;
  sent_at: string;
}

export interface PermissionRecord {
  id: number;
  user_id: number;
  project_id: number;
  comment: string | null;
  created_at: string;
  updated_at: string;
}

export interface MediaRecord {
  id: number;
  project_id: number;
  user_id: number | null;
  parent_id: number | null;
  design_element_id: number | null;
  size: number;
  width: number;
  height: number;
  ord: number;
  content_type: string;
  /** The name the file is served under (and the path token that makes its URL unguessable). */
  fileName: string;
  fileToken: string;
  bytes: Uint8Array;
  thumbnail: string | null;
  kind: string | null;
  url: string | null;
  title: string;
  description: string | null;
  created_at: string;
  updated_at: string;
}

export interface RoomTypeSetRecord {
  id: number;
  set_name: string;
  user_id: number | null;
  is_default: boolean | null;
  deleted_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface TemplateRecord {
  id: number;
  user_id: number;
  name: string;
  settings: Record<string, unknown> | null;
  viewer_settings: Record<string, unknown>;
  editor_settings: Record<string, unknown>;
  export_settings: Record<string, unknown>;
  created_at: string;
  updated_at: string;
}

export interface DesignShareRecord {
  id: number;
  user_id: number;
  design_id: number;
  project_id: number;
  message: string;
  email: string;
  url: string;
  edit_pass: string;
  ip_address: string;
  created_at: string;
  updated_at: string;
}

export interface ResultMap {
  project: Record<string, string[]>;
  design: Record<string, string[]>;
}

export function tokenIsLive(token: AccessToken | undefined, now = Date.now()): token is AccessToken {
  return !!token && !token.revoked && token.expiresAt > now;
}
