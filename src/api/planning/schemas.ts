/**
 * Runtime validation of the planning service's answers (valibot, through ../validate.ts). Lenient
 * where real answers vary (numbers as strings, nulls), strict where the element relies on a member.
 */
import * as v from 'valibot';
import { lenientBoolean, lenientInteger } from '../validate.js';

const text = v.nullish(v.string(), null);

export const projectSchema = v.looseObject({
  id: lenientInteger,
  user_id: v.nullish(lenientInteger, null),
  public: v.optional(lenientBoolean, false),
  name: v.optional(v.string(), ''),
  description: text,
  project_url: text,
  external_identifier: text,
  enable_autosave: v.optional(lenientBoolean, false),
  exported_at: text,
  created_at: text,
  updated_at: text,
});

export const projectListSchema = v.array(projectSchema);

export const projectTokenSchema = v.looseObject({ token: v.pipe(v.string(), v.nonEmpty()) });

/** id -> list of file URLs; entries that are not strings are dropped rather than failing the lot. */
const fileMap = v.pipe(
  v.record(v.string(), v.array(v.unknown())),
  v.transform((map) => {
    const out: Record<string, string[]> = {};
    for (const [id, files] of Object.entries(map)) {
      out[id] = files.filter((file): file is string => typeof file === 'string');
    }
    return out;
  }),
);

export const exportResultSchema = v.object({
  project: v.nullish(fileMap, {}),
  design: v.nullish(fileMap, {}),
});

export const exportRecordSchema = v.looseObject({ id: lenientInteger });
export const exportListSchema = v.array(exportRecordSchema);

export const oauthTokenSchema = v.object({
  access_token: v.pipe(v.string(), v.nonEmpty()),
  token_type: v.optional(v.string(), 'Bearer'),
  expires_in: lenientInteger,
  scope: v.optional(v.string(), ''),
  created_at: v.optional(lenientInteger, 0),
});

export const partnerTokenSchema = v.object({
  access_token: v.pipe(v.string(), v.nonEmpty()),
  expires_in: v.pipe(lenientInteger, v.minValue(0)),
});
