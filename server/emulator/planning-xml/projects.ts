/**
 * Document 2, section 4 "Projects": create, index (unscoped and per user), show, update, destroy,
 * FML export and copy, over the v2 API's projects (PlanningState.projects): a project made here is
 * the same record GET /planning/api/v2/projects/:id.json shows.
 */
import { randomHex } from '../shared/random-hex.ts';
import { cloneProject } from '../planning/domain/projects.ts';
import { PUBLISHED_NO_DELETE, PUBLISHED_NO_PRIVATE } from '../planning/domain/publication.ts';
import type { ProjectRecord } from '../planning/domain/records.ts';
import { generatedProject, iso } from '../planning/domain/seed.ts';
import { projectFml } from '../planning/formats/fml-xml.ts';
import {
  bodyOf,
  booleanOf,
  boundedText,
  externalIdField,
  findProject,
  type Handler,
  inScope,
  type Op,
  Problems,
  scopeUser,
  textField,
} from './operation.ts';
import { projectXml } from './represent.ts';
import { emptyResponse, fail, xmlResponse } from './respond.ts';
import { pageResponse, paging } from './users.ts';
import { attr, child, fileOf, isXmlObject, items, type XmlObject, type XmlValue } from './xml-read.ts';

export const MAX_FLOORS = 20;
export const MAX_DRAWING_FILE_BYTES = 512 * 1024;
const DRAWING_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  swf: 'application/x-shockwave-flash',
};

interface ProjectInput {
  name?: string;
  description?: string | null;
  externalIdentifier?: string | null;
  public?: boolean;
  tags?: string[];
}

function readProject(op: Op, input: XmlObject, self: ProjectRecord | null, ownerId: number): ProjectInput {
  const problems = new Problems();
  const out: ProjectInput = {};
  const name = boundedText(input, 'name', 255, problems);
  if (name === null) problems.add('name', "Name can't be blank");
  else if (name !== undefined) out.name = name;
  const description = boundedText(input, 'description', 5000, problems);
  if (description !== undefined) out.description = description;
  const external = externalIdField(input, problems, (external) =>
    [...op.state.projects.values()].some((p) => {
      if (p.deleted || p.externalIdentifier !== external || p.id === self?.id) return false;
      const owner = op.state.userById(p.userId);
      return p.userId === ownerId || (!!owner && inScope(op, owner));
    }),
  );
  if (external !== undefined) out.externalIdentifier = external;
  const publicText = textField(input, 'public', problems);
  if (publicText) {
    const value = booleanOf(publicText);
    if (value === undefined) problems.add('public', 'Public must be true or false');
    else if (value === false && self && op.side.publish.has(self.id))
      problems.add('public', `Public ${PUBLISHED_NO_PRIVATE}`);
    else out.public = value;
  }
  const tags = textField(input, 'tags', problems);
  if (tags !== undefined)
    out.tags = (tags ?? '')
      .split(',')
      .map((t) => t.trim())
      .filter(Boolean)
      .slice(0, 50);
  problems.done();
  return out;
}

/** A drawing from `drawing-url` (jpg, png, gif or swf) or a `drawing` file element; problems go to `problems`. */
function readDrawing(
  op: Op,
  parent: XmlValue | undefined,
  where: string,
  problems: Problems,
): { url: string; contentType: string } | undefined {
  if (!isXmlObject(parent)) return undefined;
  const url = textField(parent, 'drawing-url', problems);
  if (url) {
    let ext = '';
    try {
      const parsed = new URL(url);
      if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new Error('not http');
      ext = /\.([a-z]+)$/i.exec(parsed.pathname)?.[1]?.toLowerCase() ?? '';
    } catch {
      problems.add(`${where}drawing-url`, 'Drawing url is not an http(s) URL');
      return undefined;
    }
    const contentType = DRAWING_TYPES[ext];
    if (!contentType) {
      problems.add(`${where}drawing-url`, 'Drawing url must point to a jpg, png, gif or swf file');
      return undefined;
    }
    return { url, contentType };
  }
  const element = child(parent, 'drawing');
  if (attr(element, 'type') !== 'file') return undefined;
  const file = fileOf(element, MAX_DRAWING_FILE_BYTES);
  if (typeof file === 'string') {
    problems.add(`${where}drawing`, `Drawing: ${file}`);
    return undefined;
  }
  if (!file) return undefined;
  const ext = /\.([a-z]+)$/i.exec(file.name)?.[1]?.toLowerCase() ?? '';
  if (!DRAWING_TYPES[ext] || !Object.values(DRAWING_TYPES).includes(file.contentType)) {
    problems.add(`${where}drawing`, 'Drawing must be a jpg, png, gif or swf file');
    return undefined;
  }
  const key = `${randomHex(12)}/${file.name.replace(/[^\w.-]/g, '_')}`;
  op.side.addDrawingFile(key, file);
  return { url: `${op.root}/drawings/${key}`, contentType: file.contentType };
}

export const createProject: Handler = (op) => {
  const owner = scopeUser(op) ?? op.account;
  const input = bodyOf(op, 'project');
  const fields = readProject(op, input, null, owner.id);
  const problems = new Problems();
  const floorsInput = items(child(input, 'floors')).slice(0, MAX_FLOORS);
  const floorNames = floorsInput.map((f, i) => {
    const name = isXmlObject(f) ? textField(f, 'name', problems) : typeof f === 'string' ? f : null;
    return name || (i === 0 ? 'Ground floor' : `Floor ${i}`);
  });
  const drawings = floorsInput.map((f, i) => readDrawing(op, f, `floors[${i}].`, problems));
  // a project-level drawing-url (or drawing file) is the first floor's background
  const projectDrawing = readDrawing(op, input, '', problems);
  problems.done();
  if (projectDrawing && !drawings[0]) drawings[0] = projectDrawing;
  const id = op.state.newProjectId();
  const project = generatedProject(
    id,
    owner.id,
    fields.name ?? 'New floorplan',
    op.state.seed,
    floorNames.length ? floorNames : ['Ground floor'],
    Date.now(),
  );
  assign(op, project, fields);
  project.floors.forEach((floor, i) => {
    const drawing = drawings[i];
    if (drawing) op.side.drawings.set(floor.id, { id: op.side.newDrawingId(), ...drawing });
  });
  op.state.projects.set(id, project);
  op.c.header('Location', `${op.root}/projects/${id}.xml`);
  return xmlResponse(op.c, op.format, projectXml(project, op.side), true);
};

function assign(op: Op, project: ProjectRecord, fields: ProjectInput): void {
  const { tags, ...rest } = fields;
  Object.assign(project, rest);
  if (tags) op.side.tags.set(project.id, tags);
}

const newestFirst = (a: ProjectRecord, b: ProjectRecord) =>
  b.createdAt.localeCompare(a.createdAt) || b.id - a.id;

/** GET /projects.xml: the caller's own projects; `q` searches name, description and tags. */
export const listProjects: Handler = (op) => {
  const scoped = scopeUser(op);
  if (scoped) return listUserProjects(op);
  const pages = paging(op);
  const compactRaw = op.c.req.query('compact');
  const compact = compactRaw === undefined || compactRaw === '' ? false : booleanOf(compactRaw);
  if (compact === undefined) throw fail(422, 'compact must be true or false', 'compact');
  const q = (op.c.req.query('q') ?? '').trim().toLowerCase();
  const found = [...op.state.projects.values()]
    .filter((p) => !p.deleted && p.userId === op.account.id)
    .filter(
      (p) =>
        !q ||
        p.name.toLowerCase().includes(q) ||
        (p.description ?? '').toLowerCase().includes(q) ||
        (op.side.tags.get(p.id) ?? []).some((t) => t.toLowerCase().includes(q)),
    )
    .sort(newestFirst);
  return pageResponse(op, 'projects', found, pages, (p) => projectXml(p, op.side, compact));
};

/** GET /users/:user_id/projects.xml: that user's projects with floors and designs; `q` is a prefix of the external id. */
function listUserProjects(op: Op): Response {
  const user = scopeUser(op)!;
  const pages = paging(op);
  const q = op.c.req.query('q') ?? '';
  const found = [...op.state.projects.values()]
    .filter((p) => !p.deleted && p.userId === user.id)
    .filter((p) => !q || (p.externalIdentifier ?? '').startsWith(q))
    .sort(newestFirst);
  return pageResponse(op, 'projects', found, pages, (p) => projectXml(p, op.side));
}

export const showProject: Handler = (op) =>
  xmlResponse(op.c, op.format, projectXml(findProject(op, op.params.id!, 'show'), op.side));

export const updateProject: Handler = (op) => {
  const project = findProject(op, op.params.id!, 'change');
  const fields = readProject(op, bodyOf(op, 'project'), project, project.userId);
  assign(op, project, fields);
  project.updatedAt = iso(Date.now());
  return xmlResponse(op.c, op.format, projectXml(project, op.side));
};

export const destroyProject: Handler = (op) => {
  const project = findProject(op, op.params.id!, 'change');
  if (op.side.publish.has(project.id)) throw fail(422, PUBLISHED_NO_DELETE.replace(/^t/, 'T'), 'public');
  project.deleted = true;
  return emptyResponse(op.c);
};

/** GET /projects/:id/export.xml: the project with its floors and designs in FML (fml-xml.ts, shared with v2). */
export const exportFml: Handler = (op) => {
  const project = findProject(op, op.params.id!, 'show');
  return op.c.body(projectFml(project), 200, { 'Content-Type': 'application/xml; charset=utf-8' });
};

/** A deep copy with fresh ids (the v2 API's clone), owned by `ownerId`, remembering where it came from. */
export function copyProject(op: Op, source: ProjectRecord, ownerId: number): ProjectRecord {
  const copy = cloneProject(op.state, source, ownerId);
  // external identifiers name one project of an account
  copy.externalIdentifier = null;
  source.floors.forEach((floor, i) => {
    const drawing = op.side.drawings.get(floor.id);
    if (drawing && copy.floors[i])
      op.side.drawings.set(copy.floors[i]!.id, { ...drawing, id: op.side.newDrawingId() });
  });
  op.state.projects.set(copy.id, copy);
  op.side.originals.set(copy.id, source.id);
  const tags = op.side.tags.get(source.id);
  if (tags) op.side.tags.set(copy.id, [...tags]);
  return copy;
}

/** POST /projects/:id/copy.xml: a copy in the same account (the source's owner). */
export const copy: Handler = (op) => {
  const source = findProject(op, op.params.id!, 'change');
  const project = copyProject(op, source, source.userId);
  op.c.header('Location', `${op.root}/projects/${project.id}.xml`);
  return xmlResponse(op.c, op.format, projectXml(project, op.side), true);
};
