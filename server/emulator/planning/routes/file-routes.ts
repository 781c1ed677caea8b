/**
 * What the planning emulator serves besides the API: export files (GET /planning/files/:token/:name,
 * an unguessable capability URL, so links and <img> work without credentials, from any origin) and
 * the small page a project token's `editor_url` opens.
 */
import { Hono } from 'hono';
import { validateExport } from '../domain/export-rules.ts';
import { tokenIsLive } from '../domain/records.ts';
import type { PlanningState } from '../domain/state.ts';
import { encodePng, renderRaster } from '../render/export-render.ts';
import { planDrawing2d } from '../render/plan-drawing.ts';
import { storedFileResponse } from './stored-file.ts';

export function fileRoutes(state: PlanningState): Hono {
  const app = new Hono();
  app.get('/:token/:name', (c) => {
    const key = `${c.req.param('token')}/${c.req.param('name')}`;
    return storedFileResponse(c, state.files.get(key) ?? state.looseFiles.get(key));
  });
  return app;
}

const escapeHtml = (s: string) =>
  s.replace(
    /[<>&"']/g,
    (ch) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&#39;' })[ch]!,
  );

export function editorRoutes(state: PlanningState): Hono {
  const app = new Hono();
  const open = (id: number, token: string | undefined) => {
    const t = token ? state.tokens.get(token) : undefined;
    const project = state.projects.get(id);
    return tokenIsLive(t) && t.kind === 'project' && t.projectId === id && project && !project.deleted
      ? project
      : null;
  };
  app.get('/:id{[0-9]+}', (c) => {
    const token = c.req.query('token');
    const project = open(Number(c.req.param('id')), token);
    if (!project)
      return c.html(
        '<!doctype html><title>Editor</title><p>This editor link is not valid (any more).</p>',
        403,
      );
    const floors = project.floors.map((f) => `<li>${escapeHtml(f.name)}</li>`).join('');
    return c.html(
      `<!doctype html><html lang="en"><meta charset="utf-8"><title>${escapeHtml(project.name)}: editor</title>` +
        `<h1>${escapeHtml(project.name)}</h1><p>The emulator's stand-in for the planner's editor.</p><ul>${floors}</ul>` +
        `<img alt="Plan of ${escapeHtml(project.name)}" src="${project.id}/plan.png?token=${encodeURIComponent(token!)}" width="800" height="600"></html>`,
    );
  });
  app.get('/:id{[0-9]+}/plan.png', (c) => {
    const project = open(Number(c.req.param('id')), c.req.query('token'));
    const design = project?.floors[0]?.designs[0];
    if (!project || !design) return c.body(null, 404);
    const checked = validateExport(
      {
        type: '2d',
        fmt: ['png'],
        width: 800,
        height: 600,
        callback: 'editor@planner.example',
        paper: { combine: true },
      },
      { designIds: [design.id], cameraIds: [] },
    );
    if (!checked.ok) return c.body(null, 500);
    const raster = renderRaster(checked.request, {
      designId: null,
      suffix: 'editor',
      items: [{ design, label: design.name, drawing: planDrawing2d(design, null), metric: true }],
    });
    return c.body(encodePng(raster) as Uint8Array<ArrayBuffer>, 200, { 'Content-Type': 'image/png' });
  });
  return app;
}
