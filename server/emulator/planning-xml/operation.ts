/**
 * What every XML operation gets (the caller's partner account, the format, the path parameters, the
 * parsed body) and the lookups they share: users and projects by numerical id or external identifier
 * (section 1.4), with the access rule of section 5.3 (responses are relative to the caller).
 */
import type { Context } from 'hono';
import { isWithin, type UserRecord } from '../planning/domain/accounts.ts';
import type { ProjectRecord } from '../planning/domain/records.ts';
import type { PlanningState } from '../planning/domain/state.ts';
import type { PlanningXmlConfig } from './config.ts';
import { fail, type FieldError, type Format, XmlFailure } from './respond.ts';
import type { XmlSideTables } from './side-tables.ts';
import { child, leaf, type ParsedBody, type XmlObject } from './xml-read.ts';

export interface Op {
  c: Context;
  state: PlanningState;
  side: XmlSideTables;
  config: PlanningXmlConfig;
  format: Format;
  /** The partner account the API key belongs to. */
  account: UserRecord;
  /** Path parameters: id, uid (user scope), pid, fid. */
  params: Record<string, string>;
  body: ParsedBody | null;
  /** This API's root as the client reached it, e.g. http://127.0.0.1:4010/planning-xml */
  root: string;
}

export type Handler = (op: Op) => Response | Promise<Response>;

/** Is `user` the caller's account or one of its sub-users? */
export function inScope(op: Op, user: UserRecord): boolean {
  return isWithin(user, op.account.id, (id) => op.state.userById(id));
}

const NUMERIC = /^\d{1,15}$/;

export function findUser(op: Op, ref: string): UserRecord {
  let user: UserRecord | undefined;
  if (NUMERIC.test(ref)) user = op.state.userById(Number(ref));
  else
    for (const candidate of op.state.users.values())
      if (candidate.externalIdentifier === ref && inScope(op, candidate)) user = candidate;
  if (!user) throw fail(404, 'User not found');
  if (!inScope(op, user)) throw fail(403, 'You are not allowed to see this user');
  return user;
}

/** The user the path is scoped to (/users/:uid/projects...), if any. */
export function scopeUser(op: Op): UserRecord | undefined {
  return op.params.uid === undefined ? undefined : findUser(op, op.params.uid);
}

function mayReach(op: Op, project: ProjectRecord): boolean {
  const owner = op.state.userById(project.userId);
  if (owner && inScope(op, owner)) return true;
  // a collaborator (a v2 permission, as collaborate grants) inside the caller's account
  return op.state.permissions.some((p) => {
    if (p.project_id !== project.id) return false;
    const user = op.state.userById(p.user_id);
    return !!user && inScope(op, user);
  });
}

/**
 * The project `ref` names, if the caller may `action` it: 404 unknown (or outside the scoped user),
 * 403 another account's private project (any change of another account's project).
 */
export function findProject(op: Op, ref: string, action: 'show' | 'change'): ProjectRecord {
  const scoped = scopeUser(op);
  let project: ProjectRecord | undefined;
  if (NUMERIC.test(ref)) project = op.state.projects.get(Number(ref));
  else
    for (const candidate of op.state.projects.values())
      if (
        !candidate.deleted &&
        candidate.externalIdentifier === ref &&
        (scoped ? candidate.userId === scoped.id : mayReach(op, candidate))
      )
        project = candidate;
  if (!project || project.deleted || (scoped && project.userId !== scoped.id))
    throw fail(404, 'Project not found');
  if (mayReach(op, project)) return project;
  if (action === 'show' && project.public) return project;
  throw fail(
    403,
    action === 'show'
      ? 'You are not allowed to see this project'
      : 'You are not allowed to change this project',
  );
}

/** The body's root element (an empty body reads as an empty one); 400 when the root is another. */
export function bodyOf(op: Op, ...roots: string[]): XmlObject {
  if (!op.body) return {};
  if (!roots.includes(op.body.root))
    throw fail(400, `The body's root element must be ${roots.map((r) => `<${r}>`).join(' or ')}`);
  const value = op.body.value;
  if (typeof value === 'string') return value ? { '#text': value } : {};
  if (Array.isArray(value)) return {};
  return value;
}

/** Collects field errors; `done()` throws them as one 422. */
export class Problems {
  readonly list: FieldError[] = [];
  add(on: string, message: string): void {
    this.list.push({ on, message });
  }
  done(): void {
    if (this.list.length) throw new XmlFailure(422, this.list);
  }
}

/** A readable field name for messages: `country-code` → `Country code`. */
export function human(field: string): string {
  const words = field.replace(/[-_]/g, ' ').replace(/\[(\w+)\]/g, ' $1');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * A text field: undefined when absent, null when nil or empty, else the trimmed text; a nested
 * element is a problem.
 */
export function textField(parent: XmlObject, name: string, problems: Problems): string | null | undefined {
  const value = leaf(child(parent, name));
  if (value !== null && typeof value === 'object') {
    problems.add(name, `${human(name)} must be text`);
    return undefined;
  }
  if (value === undefined || value === null) return value;
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

/**
 * A text field of at most `max` characters, as textField reads it; undefined also when it is longer
 * (the problem added, in the service's words).
 */
export function boundedText(
  parent: XmlObject,
  name: string,
  max: number,
  problems: Problems,
): string | null | undefined {
  const value = textField(parent, name, problems);
  if (!value || value.length <= max) return value;
  problems.add(name, `${human(name)} is too long (maximum is ${max} characters)`);
  return undefined;
}

export function booleanOf(value: string): boolean | undefined {
  const v = value.toLowerCase();
  if (v === 'true' || v === '1') return true;
  if (v === 'false' || v === '0') return false;
  return undefined;
}

export const EMAIL = /^[^\s@<>()[\],;:"]+@[^\s@<>()[\],;:"]+\.[A-Za-z]{2,}$/;

/** External identifiers: text that does not start with a digit (section 8), at most 255 characters. */
export function checkExternalId(value: string, problems: Problems): boolean {
  if (/^\d/.test(value)) {
    problems.add('external-identifier', 'External identifier must not start with a number');
    return false;
  }
  if (value.length > 255 || /[/?#\s]/.test(value)) {
    problems.add(
      'external-identifier',
      'External identifier must be at most 255 characters without spaces, /, ? or #',
    );
    return false;
  }
  return true;
}

/**
 * The `external-identifier` field of a user or a project: null clears it; undefined when absent or
 * refused (the problem added: the form, or `taken(external)`: another record in scope has it already).
 */
export function externalIdField(
  parent: XmlObject,
  problems: Problems,
  taken: (external: string) => boolean,
): string | null | undefined {
  const external = textField(parent, 'external-identifier', problems);
  if (external === null) return null;
  if (external === undefined || !checkExternalId(external, problems)) return undefined;
  if (!taken(external)) return external;
  problems.add('external-identifier', 'External identifier has already been taken');
  return undefined;
}
