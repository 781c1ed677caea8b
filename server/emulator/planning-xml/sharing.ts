/**
 * Document 2, section 4: deliver (a copy to another user), collaborate (edit rights), publish and
 * unpublish (section 3: a published project must be unpublished before it can be made private or
 * deleted), and the stand-in page a published plan opens at.
 */
import { Hono } from 'hono';
import {
  INIT_MODULES,
  PUBLISH_FLAGS,
  type PublishConfiguration,
  type PublishFlag,
} from '../planning/domain/publication.ts';
import type { PlanningState } from '../planning/domain/state.ts';
import { planDrawing2d } from '../planning/render/plan-drawing.ts';
import {
  bodyOf,
  booleanOf,
  EMAIL,
  findProject,
  type Handler,
  type Op,
  Problems,
  textField,
} from './operation.ts';
import { copyProject } from './projects.ts';
import { projectXml, publishXml, userXml } from './represent.ts';
import { emptyResponse, xmlResponse } from './respond.ts';
import type { XmlSideTables } from './side-tables.ts';
import type { XmlObject } from './xml-read.ts';
import { escapeXml } from './xml-write.ts';

/** The `<email>ADDRESS</email>` body: the address is the root's own text. */
function emailOf(op: Op, problems: Problems): string | undefined {
  const body = bodyOf(op, 'email');
  const text = typeof body['#text'] === 'string' ? body['#text'].trim() : '';
  if (!text) problems.add('email', "Email can't be blank");
  else if (!EMAIL.test(text)) problems.add('email', 'Email is invalid');
  else return text;
  return undefined;
}

function recipient(op: Op, problems: Problems) {
  const email = emailOf(op, problems);
  const user = email ? op.state.userByEmail(email) : undefined;
  if (email && !user) problems.add('email', 'Email does not belong to a user of the service');
  return user;
}

/**
 * POST /projects/:id/deliver.xml, body `<email>ADDRESS</email>`: the recipient gets a copy;
 * `disable_email` (query parameter or child element; required) 1 suppresses the notification.
 */
export const deliver: Handler = (op) => {
  const project = findProject(op, op.params.id!, 'change');
  const problems = new Problems();
  const user = recipient(op, problems);
  const body = bodyOf(op, 'email');
  const raw = op.c.req.query('disable_email') ?? textField(body, 'disable_email', problems) ?? undefined;
  const disable = raw === undefined || raw === null ? undefined : booleanOf(raw);
  if (raw === undefined || raw === null) problems.add('disable_email', "Disable email can't be blank");
  else if (disable === undefined) problems.add('disable_email', 'Disable email must be 1 or 0');
  problems.done();
  const copy = copyProject(op, project, user!.id);
  if (!disable)
    op.state.sendEmail({
      kind: 'project_copy',
      to: user!.email,
      subject: `${op.account.email} sent you the project "${project.name}"`,
      text: `A copy of "${project.name}" is now in your account: project ${copy.id}.\n`,
      project_id: copy.id,
    });
  return emptyResponse(op.c, { 'X-Planner-Project-Id': String(copy.id) });
};

/** POST /projects/:id/collaborate.xml, body `<email>ADDRESS</email>`: that user may edit the project (answers the user). */
export const collaborate: Handler = (op) => {
  const project = findProject(op, op.params.id!, 'change');
  const problems = new Problems();
  const user = recipient(op, problems);
  problems.done();
  // edit rights are the v2 API's project permission: the user sees and edits it through v2 as well
  if (!op.state.permissionFor(project.id, user!.id)) {
    const now = new Date().toISOString();
    op.state.permissions.push({
      id: op.state.nextId('permission', 170000),
      user_id: user!.id,
      project_id: project.id,
      comment: null,
      created_at: now,
      updated_at: now,
    });
  }
  return xmlResponse(op.c, op.format, userXml(user!));
};

const PATH = /^[A-Za-z0-9][A-Za-z0-9_-]{0,99}$/;

function readPublish(op: Op, input: XmlObject, projectId: number): PublishConfiguration {
  const problems = new Problems();
  const path = textField(input, 'path', problems);
  if (!path) problems.add('path', "Path can't be blank");
  else if (!PATH.test(path))
    problems.add(
      'path',
      'Path may hold letters, digits, - and _ (at most 100, starting with a letter or digit)',
    );
  else {
    const holder = op.side.publishedAt(path);
    if (holder && holder.projectId !== projectId) problems.add('path', 'Path has already been taken');
  }
  const styleText = textField(input, 'style-id', problems);
  let styleId: number | null = null;
  if (styleText) {
    if (!/^\d{1,9}$/.test(styleText)) problems.add('style-id', 'Style id must be an integer');
    else styleId = Number(styleText);
  }
  const flags = {} as Record<PublishFlag, boolean>;
  for (const flag of PUBLISH_FLAGS) {
    const raw = textField(input, flag, problems);
    const value = raw ? booleanOf(raw) : false;
    if (value === undefined) problems.add(flag, `${flag} must be true or false (or 1 or 0)`);
    flags[flag] = value ?? false;
  }
  const list = (name: string) =>
    (textField(input, name, problems) ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
  const ccAddresses = list('cc-addresses');
  if (ccAddresses.length > 50 || ccAddresses.some((a) => !EMAIL.test(a)))
    problems.add('cc-addresses', 'Cc addresses must be email addresses separated by commas');
  if (flags['allow-cc-addresses'] && !ccAddresses.length)
    problems.add('cc-addresses', "Cc addresses can't be blank when allow-cc-addresses is set");
  const categories = list('element-categories');
  if (categories.length > 500 || categories.some((c) => !/^\d{1,9}$/.test(c)))
    problems.add('element-categories', 'Element categories must be category ids separated by commas');
  const module = textField(input, 'init-module', problems);
  if (module && !(INIT_MODULES as readonly string[]).includes(module))
    problems.add('init-module', `Init module must be one of ${INIT_MODULES.join(', ')}`);
  problems.done();
  const now = new Date().toISOString();
  return {
    projectId,
    path: path!,
    styleId,
    flags,
    ccAddresses,
    elementCategories: categories.map(Number),
    initModule: (module as PublishConfiguration['initModule']) ?? null,
    createdAt: op.side.publish.get(projectId)?.createdAt ?? now,
    updatedAt: now,
  };
}

export const publishedUrl = (op: Op, path: string) => `${op.root}/published/${path}`;

/** POST /projects/:id/configuration.xml: publish (or change the configuration of a published project). */
export const publish: Handler = (op) => {
  const project = findProject(op, op.params.id!, 'change');
  const config = readPublish(op, bodyOf(op, 'publish-configuration'), project.id);
  const first = !op.side.publish.has(project.id);
  op.side.publish.set(project.id, config);
  project.public = true;
  project.updatedAt = config.updatedAt;
  return xmlResponse(op.c, op.format, publishXml(config, publishedUrl(op, config.path)), first);
};

/** DELETE /projects/:id/configuration.xml: unpublish; the project stays public until made private. */
export const unpublish: Handler = (op) => {
  const project = findProject(op, op.params.id!, 'change');
  op.side.publish.delete(project.id);
  return xmlResponse(op.c, op.format, projectXml(project, op.side));
};

/** The published plan (the service's interactive viewer, here a page with the plan as SVG). */
export function publishedPages(state: PlanningState, side: XmlSideTables): Hono {
  const app = new Hono();
  app.get('/:path', (c) => {
    const config = side.publishedAt(c.req.param('path'));
    const project = config ? state.projects.get(config.projectId) : undefined;
    if (!config || !project || project.deleted)
      return c.html('<!doctype html><title>Not published</title><p>No plan is published here.</p>', 404);
    const design = project.floors[0]?.designs[0];
    let svg = '';
    if (design) {
      const drawing = planDrawing2d(design, null);
      const b = drawing.bounds;
      svg =
        `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${b.minX} ${b.minY} ${b.maxX - b.minX} ${b.maxY - b.minY}" role="img" aria-label="plan">` +
        drawing.shapes
          .map(
            (s) =>
              `<path d="${s.points.map((p, i) => `${i ? 'L' : 'M'}${p.x.toFixed(1)} ${p.y.toFixed(1)}`).join(' ')} Z" fill="rgb(${s.color.join(',')})"/>`,
          )
          .join('') +
        '</svg>';
    }
    return c.html(
      `<!doctype html><html lang="en"><meta charset="utf-8"><title>${escapeXml(project.name)}</title>` +
        `<h1>${escapeXml(project.name)}</h1>${svg}</html>`,
    );
  });
  return app;
}
