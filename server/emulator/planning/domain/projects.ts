/**
 * The project rules both planning APIs apply (Document 1, rule 2, and the emulator's bounds): who may
 * change a project, how many projects there may be, new floor and design ids, and a project's copy.
 */
import { randomHex } from '../../shared/random-hex.ts';
import { isWithin } from './accounts.ts';
import type { ProjectRecord } from './records.ts';
import { iso } from './seed.ts';
import type { PlanningState } from './state.ts';

/** Projects one user may own (bounded memory: imports and copies make new ones). */
export const MAX_PROJECTS_PER_USER = 2000;
/** Projects the emulator keeps in all (deleted ones included: they can be undestroyed). */
const MAX_PROJECTS = 20000;

export const newFloorId = (state: PlanningState) => state.nextId('floor', 600000000);
export const newDesignId = (state: PlanningState) => state.nextId('design', 700000000);

/**
 * Rule 2 of Document 1: may `userId` change (edit, delete, share) the project? Its owner, an account
 * above the owner (a parent manages its sub-users' projects) and a user holding a permission may.
 */
export function mayChange(state: PlanningState, userId: number, project: ProjectRecord): boolean {
  if (project.userId === userId) return true;
  const owner = state.userById(project.userId);
  if (owner && isWithin(owner, userId, (id) => state.userById(id))) return true;
  return !!state.permissionFor(project.id, userId);
}

/** Would one more project for `userId` pass the bounds (per user and in all)? */
export function tooMany(state: PlanningState, userId: number): boolean {
  if (state.projects.size >= MAX_PROJECTS) return true;
  let n = 0;
  for (const p of state.projects.values()) if (p.userId === userId && !p.deleted) n++;
  return n >= MAX_PROJECTS_PER_USER;
}

/** A deep copy of `project` with new project, floor and design ids, owned by `owner`. */
export function cloneProject(state: PlanningState, project: ProjectRecord, owner: number): ProjectRecord {
  const copy = structuredClone(project);
  const stamp = iso(Date.now());
  copy.id = state.newProjectId();
  copy.userId = owner;
  copy.public = false;
  copy.deleted = false;
  copy.exportedAt = null;
  copy.createdAt = stamp;
  copy.updatedAt = stamp;
  copy.projectUrl = randomHex(3);
  for (const floor of copy.floors) {
    floor.id = newFloorId(state);
    for (const design of floor.designs) design.id = newDesignId(state);
  }
  return copy;
}
