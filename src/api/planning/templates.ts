/**
 * Templates (Document 1, section 4.9): stored editor and export settings. `per_page` above 50 is
 * taken as 50 by the service. Destroy answers `{status: "ok"}`.
 */
import * as v from 'valibot';
import { lenientInteger } from '../validate.js';
import { callValid, defined, idSegment, type PlanningContext } from './context.js';
import { statusOkSchema } from './room-type-sets.js';

const settings = v.nullish(v.record(v.string(), v.unknown()), null);

export const templateSchema = v.looseObject({
  id: v.optional(lenientInteger),
  user_id: v.nullish(lenientInteger, null),
  name: v.string(),
  settings,
  viewer_settings: settings,
  editor_settings: settings,
  export_settings: settings,
  created_at: v.nullish(v.string(), null),
  updated_at: v.nullish(v.string(), null),
});
export type Template = v.InferOutput<typeof templateSchema>;

/** The editor_settings table of section 4.9 (every member optional). */
export interface EditorSettings {
  cutSection?: 0 | 1;
  cutSection3D?: number;
  wallTopColor2D?: string;
  wallTopColor3D?: string;
  measurementSystem?: 'meter' | 'feet';
  collections?: string | number[];
  room_type_sets?: number;
  exportFormat?: 'jpg' | 'png' | 'pdf';
  exportRatio?: {
    png?: '16:9' | '4:3' | 'A4';
    jpg?: '16:9' | '4:3' | 'A4';
    pdf?: 'A4' | 'A3' | 'A2' | 'LETTER';
  };
  exportOrientation?: 'landscape' | 'portrait';
  combine?: 0 | 1;
  exportEnabled2D?: 0 | 1;
  exportEnabled3D?: 0 | 1;
  exportScale2D?: 'auto' | 50 | 100 | 200 | 500;
  exportView3D?: 'top' | 'sw' | 'se' | 'nw' | 'ne';
  exportLabels3D?: boolean | 0 | 1;
  exportOrtho3D?: boolean | 0 | 1;
  exportEmail?: string;
  exportLogoUrl?: string;
  _logoID?: number;
}

export interface TemplateInput {
  name: string;
  editor_settings?: EditorSettings;
}

const path = (id: number) => `/templates/${idSegment(id)}.json`;

export function createTemplate(ctx: PlanningContext, template: TemplateInput): Promise<Template> {
  return callValid(ctx, '/templates.json', templateSchema, {
    method: 'POST',
    body: { template: defined(template) },
  });
}

export function showTemplate(ctx: PlanningContext, id: number): Promise<Template> {
  return callValid(ctx, path(id), templateSchema);
}

export function listTemplates(
  ctx: PlanningContext,
  query: { page?: number; per_page?: number } = {},
): Promise<Template[]> {
  return callValid(ctx, '/templates.json', v.array(templateSchema), { query });
}

export function updateTemplate(
  ctx: PlanningContext,
  id: number,
  template: TemplateInput,
  method: 'PUT' | 'PATCH' | 'POST' = 'PUT',
): Promise<Template> {
  return callValid(ctx, path(id), templateSchema, { method, body: { template: defined(template) } });
}

/** `DELETE /templates/:id`; answers `{status: "ok"}`. */
export function destroyTemplate(ctx: PlanningContext, id: number): Promise<{ status: string }> {
  return callValid(ctx, `/templates/${idSegment(id)}`, statusOkSchema, { method: 'DELETE' });
}
