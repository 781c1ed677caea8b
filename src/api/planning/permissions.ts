/**
 * Project permissions (Document 1, section 4.4): a permission lets its user show, edit and delete the
 * project. Show's answer is read whether it comes bare or wrapped in an array (a sample shows both).
 */
import * as v from 'valibot';
import { lenientInteger } from '../validate.js';
import { call, callValid, defined, idSegment, type PlanningContext } from './context.js';

export const permissionSchema = v.looseObject({
  id: lenientInteger,
  user_id: lenientInteger,
  project_id: lenientInteger,
  comment: v.nullish(v.string(), null),
  created_at: v.nullish(v.string(), null),
  updated_at: v.nullish(v.string(), null),
});
export type ProjectPermission = v.InferOutput<typeof permissionSchema>;

const oneOrWrapped = v.union([
  permissionSchema,
  v.pipe(
    v.tuple([permissionSchema]),
    v.transform(([only]) => only),
  ),
]);

export interface PermissionInput {
  /** The user who receives access. */
  user_id: number;
  comment?: string;
}

const base = (projectId: number) => `/projects/${idSegment(projectId)}/permissions`;

export function createPermission(
  ctx: PlanningContext,
  projectId: number,
  permission: PermissionInput,
): Promise<ProjectPermission> {
  return callValid(ctx, `${base(projectId)}.json`, permissionSchema, {
    method: 'POST',
    body: { permission: defined(permission) },
  });
}

export function listPermissions(ctx: PlanningContext, projectId: number): Promise<ProjectPermission[]> {
  return callValid(ctx, `${base(projectId)}.json`, v.array(permissionSchema));
}

export function showPermission(
  ctx: PlanningContext,
  projectId: number,
  id: number,
): Promise<ProjectPermission> {
  return callValid(ctx, `${base(projectId)}/${idSegment(id)}.json`, oneOrWrapped);
}

export function updatePermission(
  ctx: PlanningContext,
  projectId: number,
  id: number,
  permission: PermissionInput,
): Promise<ProjectPermission> {
  return callValid(ctx, `${base(projectId)}/${idSegment(id)}.json`, permissionSchema, {
    method: 'PUT',
    body: { permission: defined(permission) },
  });
}

export async function destroyPermission(ctx: PlanningContext, projectId: number, id: number): Promise<void> {
  await call(ctx, `${base(projectId)}/${idSegment(id)}.json`, { method: 'DELETE' });
}
