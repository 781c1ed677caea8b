/**
 * The typed client of Document 2 (the planning service's legacy XML API), SERVER SIDE ONLY: it
 * authenticates with the partner account's API key (HTTP Basic, key and x), which must never reach a
 * browser. Every call goes through the shared fetch wrapper (../http.ts: timeout, abort, retries of
 * GETs); every failure, in `.xml` (the HTTP status) and in `.embed` (200 and the status attribute),
 * is thrown as a PlanningXmlError carrying every message and field name.
 */
import * as v from 'valibot';
import { ApiError, request, type Query } from '../http.js';
import { lenientInteger } from '../validate.js';
import { PlanningXmlError, readFailure } from './errors.js';
import type {
  DesignExportParams,
  ExportAccepted,
  Render3dParams,
  RenderParams,
  XmlProject,
  XmlProjectInput,
  XmlPublishConfiguration,
  XmlUser,
  XmlUserInput,
} from './types.js';
import { buildXml, parseXml, typedValue } from './xml.js';

export interface PlanningXmlContext {
  /** Root of the XML API: the account's own host (the emulator's is http://127.0.0.1:4010/planning-xml). */
  base: string;
  /** The partner account's API key. */
  apiKey: string;
  /** `xml` (default) or `embed`, the browser-plugin form (errors over HTTP 200). */
  format?: 'xml' | 'embed';
  signal?: AbortSignal;
  /** Milliseconds per call (default: the wrapper's 15 s). */
  timeout?: number;
  /** Retries of GETs after a network error or a 5xx (default: the wrapper's). */
  retries?: number;
  /** Another fetch (a test's, an edge runtime's binding). */
  fetch?: typeof fetch;
}

/** A user or project reference: the numerical id, or the caller's external identifier (section 1.4). */
export type XmlRef = number | string;

/** A path segment for `ref`; an external identifier must not start with a digit (section 8). */
export function refSegment(ref: XmlRef): string {
  if (typeof ref === 'number') {
    if (!Number.isSafeInteger(ref) || ref <= 0) throw new RangeError(`Not an id: ${ref}`);
    return String(ref);
  }
  const s = ref.trim();
  if (/^\d{1,15}$/.test(s) && Number(s) > 0) return s;
  if (!s || /^\d/.test(s))
    throw new RangeError(`Not an id or external identifier (it must not start with a number): ${ref}`);
  return encodeURIComponent(s);
}

interface CallOptions {
  query?: Query;
  /** The body's XML document. */
  body?: string;
  /** No format suffix (the token's plain text form, and the export paths as the document writes them). */
  bare?: boolean;
}

interface Answer {
  text: string;
  headers: Headers;
  url: string;
}

async function call(
  ctx: PlanningXmlContext,
  method: string,
  path: string,
  options: CallOptions = {},
): Promise<Answer> {
  const format = ctx.format ?? 'xml';
  const root = ctx.base.replace(/\/+$/, '');
  const url = new URL(`${root}${path}${options.bare ? '' : `.${format}`}`);
  for (const [key, value] of Object.entries(options.query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    url.searchParams.set(key, String(value));
  }
  let seen: Response | undefined;
  const fetcher = ctx.fetch ?? fetch;
  const recording: typeof fetch = async (input, init) => {
    seen = await fetcher(input, init);
    return seen;
  };
  let text: string;
  try {
    text = (await request(url.href, {
      method: method as 'GET',
      body: options.body,
      headers: {
        Authorization: `Basic ${btoa(`${ctx.apiKey}:x`)}`,
        // section 4: a Content-Type header is required, even with a format suffix and no body
        'Content-Type': 'text/xml; charset=utf-8',
        Accept: 'application/xml, text/xml, text/plain',
      },
      signal: ctx.signal,
      timeout: ctx.timeout,
      retries: ctx.retries,
      credentials: 'omit',
      responseType: 'text',
      fetch: recording,
    })) as string;
  } catch (error) {
    if (error instanceof ApiError && error.kind === 'http' && typeof error.body === 'string') {
      throw readFailure(error.body, url.href, 'xml', error.status) ?? error;
    }
    throw error;
  }
  // .embed: the failure comes with 200 (section 7.3); the same check costs nothing in .xml
  if (text.includes('<failure')) {
    const failure = readFailure(text, url.href, format === 'embed' ? 'embed' : 'xml', seen?.status ?? 200);
    if (failure) throw failure;
  }
  return { text, headers: seen?.headers ?? new Headers(), url: url.href };
}

const userSchema = v.looseObject({ id: lenientInteger, email: v.string() });
const designSchema = v.looseObject({ id: lenientInteger, name: v.optional(v.string(), '') });
const floorSchema = v.looseObject({
  id: lenientInteger,
  name: v.optional(v.string(), ''),
  designs: v.optional(v.array(designSchema), []),
});
const projectSchema = v.looseObject({
  id: lenientInteger,
  name: v.optional(v.string(), ''),
  floors: v.optional(v.array(floorSchema)),
});
const publishSchema = v.looseObject({ path: v.string() });

/** The answer's root element as a typed value, checked against `schema`. */
function read<S extends v.GenericSchema>(answer: Answer, root: string, schema: S): v.InferOutput<S> {
  let doc;
  try {
    doc = parseXml(answer.text);
  } catch (error) {
    throw new ApiError(
      `The service sent a body that is not XML (${(error as Error).message})`,
      200,
      answer.url,
      'invalid',
      answer.text,
    );
  }
  if (doc.root !== root)
    throw new ApiError(
      `The service sent <${doc.root}> where <${root}> was expected`,
      200,
      answer.url,
      'invalid',
      answer.text,
    );
  const value = typedValue(doc.value);
  const result = v.safeParse(schema, value);
  if (!result.success) {
    const issue = result.issues[0]!;
    const at = issue.path?.map((p) => String(p.key)).join('.') ?? '';
    throw new ApiError(
      `The service sent an unexpected <${root}> (${at ? `${at}: ` : ''}${issue.message})`,
      200,
      answer.url,
      'invalid',
      answer.text,
    );
  }
  return result.output;
}

/** An array answer (`type="array"`): an empty one is `<users type="array"></users>`, read as []. */
function readList<S extends v.GenericSchema>(answer: Answer, root: string, item: S): v.InferOutput<S>[] {
  return read(answer, root, v.optional(v.array(item), [])) as v.InferOutput<S>[];
}

const exportAccepted = (answer: Answer): ExportAccepted => {
  const id = Number(answer.headers.get('x-planner-export-id'));
  return Number.isSafeInteger(id) && id > 0 ? { exportId: id } : {};
};

// ---- Users ------------------------------------------------------------------------------------

/** POST /users.xml: email, accountType, countryCode and language are required; a password needs its confirmation. */
export async function createUser(ctx: PlanningXmlContext, user: XmlUserInput): Promise<XmlUser> {
  return read(
    await call(ctx, 'POST', '/users', { body: buildXml('user', user) }),
    'user',
    userSchema,
  ) as XmlUser;
}

/** GET /users.xml: the account's users, `perPage` per page (offset perPage × (page − 1)). */
export async function listUsers(
  ctx: PlanningXmlContext,
  options: { page?: number; perPage?: number } = {},
): Promise<XmlUser[]> {
  const answer = await call(ctx, 'GET', '/users', {
    query: { page: options.page, per_page: options.perPage },
  });
  return readList(answer, 'users', userSchema) as XmlUser[];
}

export async function showUser(ctx: PlanningXmlContext, user: XmlRef): Promise<XmlUser> {
  return read(await call(ctx, 'GET', `/users/${refSegment(user)}`), 'user', userSchema) as XmlUser;
}

/** PUT /users/:id.xml (countryCode, email, externalIdentifier, username, password with its confirmation). */
export async function updateUser(
  ctx: PlanningXmlContext,
  user: XmlRef,
  changes: XmlUserInput,
): Promise<XmlUser> {
  const answer = await call(ctx, 'PUT', `/users/${refSegment(user)}`, { body: buildXml('user', changes) });
  return read(answer, 'user', userSchema) as XmlUser;
}

export async function destroyUser(ctx: PlanningXmlContext, user: XmlRef): Promise<void> {
  await call(ctx, 'DELETE', `/users/${refSegment(user)}`);
}

/** DELETE /users/:id/token.xml: the user with a new `currentToken`. */
export async function resetUserToken(
  ctx: PlanningXmlContext,
  user: XmlRef,
): Promise<XmlUser & { currentToken: string }> {
  const answer = await call(ctx, 'DELETE', `/users/${refSegment(user)}/token`);
  return read(
    answer,
    'user',
    v.looseObject({ ...userSchema.entries, currentToken: v.pipe(v.string(), v.nonEmpty()) }),
  ) as XmlUser & {
    currentToken: string;
  };
}

/** DELETE /users/:id/token without a format: the new token as plain text. */
export async function resetUserTokenText(ctx: PlanningXmlContext, user: XmlRef): Promise<string> {
  return (await call(ctx, 'DELETE', `/users/${refSegment(user)}/token`, { bare: true })).text.trim();
}

// ---- Projects ---------------------------------------------------------------------------------

/** `user`: make the call scoped by user (/users/:uid/projects...), section 1.5. */
export interface Scope {
  user?: XmlRef;
}

const projectsPath = (scope: Scope | undefined) =>
  scope?.user !== undefined ? `/users/${refSegment(scope.user)}/projects` : '/projects';

function projectBody(input: XmlProjectInput): string {
  const { floors, ...rest } = input;
  return buildXml('project', { ...rest, ...(floors ? { floors } : {}) });
}

/** POST /projects.xml: the project with its floors and designs. */
export async function createProject(
  ctx: PlanningXmlContext,
  project: XmlProjectInput,
  scope?: Scope,
): Promise<XmlProject> {
  const answer = await call(ctx, 'POST', projectsPath(scope), { body: projectBody(project) });
  return read(answer, 'project', projectSchema) as XmlProject;
}

/** GET /projects.xml: `compact` leaves out floors and designs; `q` searches name, description and tags. */
export async function listProjects(
  ctx: PlanningXmlContext,
  options: { page?: number; perPage?: number; compact?: boolean; q?: string } = {},
): Promise<XmlProject[]> {
  const answer = await call(ctx, 'GET', '/projects', {
    query: { page: options.page, per_page: options.perPage, compact: options.compact, q: options.q },
  });
  return readList(answer, 'projects', projectSchema) as XmlProject[];
}

/** GET /users/:user_id/projects.xml: that user's projects with designs; `q` is a prefix of the external identifier. */
export async function listUserProjects(
  ctx: PlanningXmlContext,
  user: XmlRef,
  options: { q?: string; page?: number; perPage?: number } = {},
): Promise<XmlProject[]> {
  const answer = await call(ctx, 'GET', projectsPath({ user }), {
    query: { q: options.q, page: options.page, per_page: options.perPage },
  });
  return readList(answer, 'projects', projectSchema) as XmlProject[];
}

export async function showProject(
  ctx: PlanningXmlContext,
  project: XmlRef,
  scope?: Scope,
): Promise<XmlProject> {
  const answer = await call(ctx, 'GET', `${projectsPath(scope)}/${refSegment(project)}`);
  return read(answer, 'project', projectSchema) as XmlProject;
}

/** PUT /projects/:id.xml (`viaPost`: the POST /projects/:id/update alias). */
export async function updateProject(
  ctx: PlanningXmlContext,
  project: XmlRef,
  changes: Pick<XmlProjectInput, 'name' | 'description' | 'externalIdentifier' | 'public'>,
  options: Scope & { viaPost?: boolean } = {},
): Promise<XmlProject> {
  const path = `${projectsPath(options)}/${refSegment(project)}`;
  const answer = options.viaPost
    ? await call(ctx, 'POST', `${path}/update`, { body: projectBody(changes) })
    : await call(ctx, 'PUT', path, { body: projectBody(changes) });
  return read(answer, 'project', projectSchema) as XmlProject;
}

/** DELETE /projects/:id.xml (`viaPost`: POST /projects/:id/destroy). A published project must be unpublished first. */
export async function destroyProject(
  ctx: PlanningXmlContext,
  project: XmlRef,
  options: Scope & { viaPost?: boolean } = {},
): Promise<void> {
  const path = `${projectsPath(options)}/${refSegment(project)}`;
  if (options.viaPost) await call(ctx, 'POST', `${path}/destroy`);
  else await call(ctx, 'DELETE', path);
}

/** GET /projects/:id/export.xml: the project in FML (an XML document, returned as text and parsed). */
export async function exportProjectFml(
  ctx: PlanningXmlContext,
  project: XmlRef,
  scope?: Scope,
): Promise<{ xml: string; project: XmlProject }> {
  const answer = await call(ctx, 'GET', `${projectsPath(scope)}/${refSegment(project)}/export`);
  return { xml: answer.text, project: read(answer, 'project', projectSchema) as XmlProject };
}

/** POST /projects/:id/copy.xml: a copy inside the same account. */
export async function copyProject(
  ctx: PlanningXmlContext,
  project: XmlRef,
  scope?: Scope,
): Promise<XmlProject> {
  const answer = await call(ctx, 'POST', `${projectsPath(scope)}/${refSegment(project)}/copy`);
  return read(answer, 'project', projectSchema) as XmlProject;
}

/** POST /projects/:id/deliver.xml: a copy to the user with `email`; `disableEmail` suppresses the notification. */
export async function deliverProject(
  ctx: PlanningXmlContext,
  project: XmlRef,
  email: string,
  options: Scope & { disableEmail?: boolean } = {},
): Promise<{ projectId?: number }> {
  const answer = await call(ctx, 'POST', `${projectsPath(options)}/${refSegment(project)}/deliver`, {
    body: buildXml('email', email),
    query: { disable_email: options.disableEmail ? 1 : 0 },
  });
  const id = Number(answer.headers.get('x-planner-project-id'));
  return Number.isSafeInteger(id) && id > 0 ? { projectId: id } : {};
}

/** POST /projects/:id/collaborate.xml: the user with `email` gets edit rights; answers that user. */
export async function collaborate(
  ctx: PlanningXmlContext,
  project: XmlRef,
  email: string,
  scope?: Scope,
): Promise<XmlUser> {
  const answer = await call(ctx, 'POST', `${projectsPath(scope)}/${refSegment(project)}/collaborate`, {
    body: buildXml('email', email),
  });
  return read(answer, 'user', userSchema) as XmlUser;
}

function publishInput(config: XmlPublishConfiguration): Record<string, unknown> {
  const { ccAddresses, elementCategories, receiveBcc, ...rest } = config;
  const out: Record<string, unknown> = { ...rest };
  for (const [k, value] of Object.entries(out)) if (typeof value === 'boolean') out[k] = value ? 1 : 0;
  if (receiveBcc !== undefined) out.receive_bcc = receiveBcc ? 1 : 0;
  if (ccAddresses) out.ccAddresses = ccAddresses.join(',');
  if (elementCategories) out.elementCategories = elementCategories.join(',');
  return out;
}

const splitList = (value: unknown) =>
  typeof value === 'string'
    ? value
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : [];

/** POST /projects/:id/configuration.xml: publish; answers the publish configuration. */
export async function publishProject(
  ctx: PlanningXmlContext,
  project: XmlRef,
  config: XmlPublishConfiguration,
  scope?: Scope,
): Promise<XmlPublishConfiguration & { url?: string }> {
  const answer = await call(ctx, 'POST', `${projectsPath(scope)}/${refSegment(project)}/configuration`, {
    body: buildXml('publish-configuration', publishInput(config)),
  });
  const value = read(answer, 'publish-configuration', publishSchema) as Record<string, unknown>;
  const out = { ...value } as XmlPublishConfiguration & { url?: string };
  if ('receive_bcc' in value) out.receiveBcc = value.receive_bcc as boolean;
  out.ccAddresses = splitList(value.ccAddresses);
  out.elementCategories = splitList(value.elementCategories).map(Number);
  return out;
}

/** DELETE /projects/:id/configuration.xml: unpublish; answers the project. */
export async function unpublishProject(
  ctx: PlanningXmlContext,
  project: XmlRef,
  scope?: Scope,
): Promise<XmlProject> {
  const answer = await call(ctx, 'DELETE', `${projectsPath(scope)}/${refSegment(project)}/configuration`);
  return read(answer, 'project', projectSchema) as XmlProject;
}

// ---- Exports ----------------------------------------------------------------------------------

/** The export namespace of the service at `base`: the real service's is http://floorplanner.com/export/request. */
export const exportRequestNamespace = (ctx: PlanningXmlContext) =>
  `${ctx.base.replace(/\/+$/, '')}/export/request`;

/** POSTs an `<export>` body of `members` to `path`; the service answers with no body (or the emulator's id). */
async function postExport(
  ctx: PlanningXmlContext,
  path: string,
  members: Record<string, unknown>,
): Promise<ExportAccepted> {
  const body = buildXml('export', members, { xmlns: exportRequestNamespace(ctx) });
  return exportAccepted(await call(ctx, 'POST', path, { body, bare: true }));
}

/** A 2D export's members in Document 2's order; those a design export has not are left out. */
function planExportMembers(params: RenderParams | DesignExportParams): Record<string, unknown> {
  const project: Partial<Omit<RenderParams, 'type'>> = params;
  return {
    resolution: { width: params.width, height: params.height },
    callback: params.callback,
    send_to: project.sendTo,
    type: params.type,
    paper_scale: params.paperScale,
    scaling: project.scaling,
    scalebar: project.scalebar === undefined ? undefined : project.scalebar ? 1 : 0,
    black_white: params.blackWhite,
  };
}

/**
 * POST /projects/:id/render: every design in `type`; the XML result (a link to a zip archive) goes
 * to `callback` (read it with readExportCallback) and/or by email to `sendTo`.
 */
export async function renderProject(
  ctx: PlanningXmlContext,
  project: XmlRef,
  params: RenderParams,
  scope?: Scope,
): Promise<ExportAccepted> {
  return postExport(ctx, `${projectsPath(scope)}/${refSegment(project)}/render`, planExportMembers(params));
}

/** POST /designs/:id/export: one design; the callback's result holds the link and the bounds. */
export async function exportDesign(
  ctx: PlanningXmlContext,
  design: number,
  params: DesignExportParams,
): Promise<ExportAccepted> {
  return postExport(ctx, `/designs/${refSegment(design)}/export`, planExportMembers(params));
}

/** POST /projects/:pid/floors/:fid/designs/:id/export_render: a 3D view of the design. */
export async function renderDesign3d(
  ctx: PlanningXmlContext,
  at: { project: XmlRef; floor: number; design: number },
  params: Render3dParams,
): Promise<ExportAccepted> {
  const path = `/projects/${refSegment(at.project)}/floors/${refSegment(at.floor)}/designs/${refSegment(at.design)}/export_render`;
  return postExport(ctx, path, {
    width: params.width,
    height: params.height,
    angle: params.angle,
    wall_tops: params.wallTops,
    callback: params.callback,
  });
}

export { PlanningXmlError };
