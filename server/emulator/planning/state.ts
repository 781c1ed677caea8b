/**
 * Everything the planning emulator remembers, in memory: projects, OAuth codes and tokens, exports
 * with their files, and the emails it "sent". `reset()` brings it back to the seeded start.
 */
import type { PlanningConfig } from './config.ts';
import { DEMO_USER, OTHER_USER, seedProjects, type ProjectRecord, type UserRecord } from './seed.ts';
import type { ResultMap } from './export-render.ts';
import type { ExportRequest } from './export-rules.ts';

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
  /** `oauth` tokens come from /oauth/token; `project` tokens from GET /projects/:id/token.json. */
  kind: 'oauth' | 'project';
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
  to: string;
  subject: string;
  text: string;
  export_id: number;
  result: ResultMap;
  sent_at: string;
}

/** How many exports keep their files (older files answer 404; see docs/emulator-planning.md). */
export const FILES_KEPT_FOR = 200;
/** And at most this many bytes of files in memory, whatever their number. */
export const FILE_BYTES_KEPT = 256 * 1024 * 1024;

export class PlanningState {
  users: UserRecord[] = [DEMO_USER, OTHER_USER];
  projects = new Map<number, ProjectRecord>();
  codes = new Map<string, AuthorizationCode>();
  tokens = new Map<string, AccessToken>();
  exports: ExportRecord[] = [];
  files = new Map<string, StoredFile & { exportId: number }>();
  outbox: SentEmail[] = [];
  #nextProjectId = 0;
  #nextExportId = 0;
  #nextEmailId = 0;
  #fileBytes = 0;

  constructor(
    readonly config: PlanningConfig,
    readonly seed: number,
    readonly realdataDir: string | null,
  ) {
    this.reset();
  }

  reset(): void {
    this.projects.clear();
    for (const p of seedProjects(this.seed, this.realdataDir)) this.projects.set(p.id, p);
    this.codes.clear();
    this.tokens.clear();
    this.exports = [];
    this.files.clear();
    this.#fileBytes = 0;
    this.outbox = [];
    this.#nextProjectId = 190000000;
    this.#nextExportId = 5000;
    this.#nextEmailId = 0;
  }

  newProjectId(): number {
    return ++this.#nextProjectId;
  }

  newExportId(): number {
    return ++this.#nextExportId;
  }

  userById(id: number): UserRecord | undefined {
    return this.users.find((u) => u.id === id);
  }

  addExport(record: ExportRecord, files: Map<string, StoredFile>): void {
    this.exports.push(record);
    for (const [key, file] of files) {
      this.files.set(key, { ...file, exportId: record.id });
      this.#fileBytes += file.bytes.byteLength;
    }
    // drop the files of exports beyond the newest FILES_KEPT_FOR, and the oldest while over the byte
    // budget (the records stay); Map order is insertion order, so the oldest come first
    const keepFrom = this.exports.length > FILES_KEPT_FOR ? this.exports.at(-FILES_KEPT_FOR)!.id : 0;
    for (const [key, file] of this.files) {
      if (file.exportId >= keepFrom && this.#fileBytes <= FILE_BYTES_KEPT) break;
      if (file.exportId === record.id) break; // never the files just made
      this.files.delete(key);
      this.#fileBytes -= file.bytes.byteLength;
    }
  }

  sendEmail(email: Omit<SentEmail, 'id' | 'sent_at'>): SentEmail {
    const sent = { ...email, id: ++this.#nextEmailId, sent_at: new Date().toISOString() };
    this.outbox.push(sent);
    return sent;
  }
}
