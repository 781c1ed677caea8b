/**
 * Everything the planning emulator remembers, in memory: projects, OAuth codes and tokens, exports
 * with their files, and the emails it "sent". `reset()` brings it back to the seeded start.
 */
import { sameSecret } from '../../shared/secret.ts';
import { seedAccounts, type UserRecord } from './accounts.ts';
import type { PlanningConfig } from './config.ts';
import type { PublishConfiguration } from './publication.ts';
import type {
  AccessToken,
  AuthorizationCode,
  DesignShareRecord,
  ExportRecord,
  MediaRecord,
  PermissionRecord,
  ProjectRecord,
  RoomTypeSetRecord,
  SentEmail,
  StoredFile,
  TemplateRecord,
} from './records.ts';
import { defaultRoomTypeSets, seedProjects } from './seed.ts';

/** A file served at /planning/files/<token>/<name> that no export made (download, export_fml1). */
export const LOOSE_FILES_KEPT = 100;
/** The most bytes of media images kept, all users together (an upload beyond answers 422). */
export const MEDIA_BYTES_KEPT = 64 * 1024 * 1024;

/** How many exports keep their files (older files answer 404; see docs/emulator-planning.md). */
export const FILES_KEPT_FOR = 200;
/** And at most this many bytes of files in memory, whatever their number. */
export const FILE_BYTES_KEPT = 256 * 1024 * 1024;

export class PlanningState {
  /** Every user by id: the three configured accounts and the sub-users and users created since. */
  users = new Map<number, UserRecord>();
  projects = new Map<number, ProjectRecord>();
  codes = new Map<string, AuthorizationCode>();
  tokens = new Map<string, AccessToken>();
  exports: ExportRecord[] = [];
  files = new Map<string, StoredFile & { exportId: number }>();
  outbox: SentEmail[] = [];
  permissions: PermissionRecord[] = [];
  media = new Map<number, MediaRecord>();
  roomTypeSets = new Map<number, RoomTypeSetRecord>();
  templates = new Map<number, TemplateRecord>();
  designShares: DesignShareRecord[] = [];
  /** Files of download and export_fml1 (the newest LOOSE_FILES_KEPT). */
  looseFiles = new Map<string, StoredFile>();
  /**
   * Project id → its publish configuration (present = published; publication.ts). Set only through
   * the XML API, read by both: a published project is neither deleted nor made private.
   */
  readonly publications = new Map<number, PublishConfiguration>();
  #ids = new Map<string, number>();
  #nextProjectId = 0;
  #nextUserId = 0;
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
    this.users.clear();
    for (const user of seedAccounts(this.config)) this.users.set(user.id, user);
    this.#nextUserId = 2000000;
    this.projects.clear();
    for (const p of seedProjects(this.seed, this.realdataDir)) this.projects.set(p.id, p);
    this.codes.clear();
    this.tokens.clear();
    this.exports = [];
    this.files.clear();
    this.#fileBytes = 0;
    this.outbox = [];
    this.permissions = [];
    this.media.clear();
    this.roomTypeSets.clear();
    for (const set of defaultRoomTypeSets()) this.roomTypeSets.set(set.id, set);
    this.templates.clear();
    this.designShares = [];
    this.looseFiles.clear();
    this.publications.clear();
    this.#ids.clear();
    this.#nextProjectId = 190000000;
    this.#nextExportId = 5000;
    this.#nextEmailId = 0;
  }

  newProjectId(): number {
    return ++this.#nextProjectId;
  }

  /** The next id of a kind of record (permission, media, room type set, template, share, design, camera…). */
  nextId(kind: string, start: number): number {
    const next = (this.#ids.get(kind) ?? start) + 1;
    this.#ids.set(kind, next);
    return next;
  }

  addLooseFile(key: string, file: StoredFile): void {
    this.looseFiles.set(key, file);
    for (const old of this.looseFiles.keys()) {
      if (this.looseFiles.size <= LOOSE_FILES_KEPT) break;
      this.looseFiles.delete(old);
    }
  }

  mediaBytes(): number {
    let total = 0;
    for (const m of this.media.values()) total += m.bytes.byteLength;
    return total;
  }

  /** The permission `userId` holds on `projectId`, if any. */
  permissionFor(projectId: number, userId: number): PermissionRecord | undefined {
    return this.permissions.find((p) => p.project_id === projectId && p.user_id === userId);
  }

  newExportId(): number {
    return ++this.#nextExportId;
  }

  newUserId(): number {
    return ++this.#nextUserId;
  }

  userById(id: number): UserRecord | undefined {
    return this.users.get(id);
  }

  userByEmail(email: string): UserRecord | undefined {
    const wanted = email.trim().toLowerCase();
    for (const user of this.users.values()) if (user.email.toLowerCase() === wanted) return user;
    return undefined;
  }

  /**
   * The account whose API key is `key` (HTTP Basic user name). Every key is compared, in constant time,
   * whatever matched, so the answer time says nothing about the keys.
   */
  accountForApiKey(key: string): UserRecord | undefined {
    let found: UserRecord | undefined;
    for (const user of this.users.values()) {
      if (user.apiKey !== null && sameSecret(key, user.apiKey) && !found) found = user;
    }
    return found;
  }

  addUser(record: UserRecord): UserRecord {
    if (this.users.has(record.id)) throw new Error(`user ${record.id} exists`);
    this.users.set(record.id, record);
    return record;
  }

  /**
   * Removes the user: their projects go with them (soft-deleted), their permissions too, and their
   * sub-users move up to the removed user's parent. Their tokens stop working (auth finds no user).
   */
  removeUser(id: number): boolean {
    const user = this.users.get(id);
    if (!user) return false;
    this.users.delete(id);
    for (const project of this.projects.values()) if (project.userId === id) project.deleted = true;
    for (const other of this.users.values()) if (other.parentId === id) other.parentId = user.parentId;
    this.permissions = this.permissions.filter((p) => p.user_id !== id);
    return true;
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
    // bounded: the oldest go first
    if (this.outbox.length > 1000) this.outbox.splice(0, this.outbox.length - 1000);
    return sent;
  }
}
