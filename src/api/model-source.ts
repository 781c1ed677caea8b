/**
 * The one model source of `<room-viewer>` and `<room-plan>`: the `model` property, an `fml` document,
 * a `src` URL, a planning `project-id` or a `room-id` (first one given wins), with one rule for each step:
 * - inputs are trimmed; a blank `src`, `project-id` or `room-id` counts as absent;
 * - what comes back is tagged: `{ kind: 'room', model }` for a room model, `{ kind: 'fml', plan }` for an
 *   FML plan (src and fml are told apart by content: text starting with `<`, an object with `floors`,
 *   `designs` or `walls` without a room model's `plan`...);
 * - a room document (`{ model: {...} }` without a `plan`, as GET /rooms/:id answers) is unwrapped to its
 *   `model` member, whichever input it came from;
 * - the FML reader (and fast-xml-parser with it) is loaded with import() only when a document is FML,
 *   so it is not part of the elements' start-up bytes; so are reading an FML source (./fml-source.ts)
 *   and a planning project's FML (./planning/project-fml.ts): a room's first frame does without them;
 * - a project token goes only to `planner-base`; a token from the partner's `token-endpoint` (asked on
 *   the page's own origin) only to the planner the partner vouches for or the page trusts from script,
 *   as `<project-export-button>`'s (src/api/planning/planner-trust.ts): else `untrusted-planner`;
 * - every failure is an ElementError: the service's (kind and status from the classifier) or the
 *   element's own reasons `bad-src`, `bad-id`, `no-model`, `not-drawable` (with the problems).
 */
import { ElementError } from './element-error-class.js';
import { readModel } from '../model/read-model.js';
import type { FmlPlan, FmlReadResult } from '../model/fml/types.js';
import type { ModelProblem, RoomModel } from '../model/types.js';
import { request } from './http.js';
import { getRoomModel } from './room-styling/room-model.js';
import { safeHttpUrl } from './safe-url.js';
import { sharedDocument } from './shared-documents.js';

export interface ModelSource {
  model?: unknown;
  /** An FML document: text (XML or JSON) or an already-parsed FML JSON object. */
  fml?: unknown;
  src?: string | null;
  /** A planning project whose FML to show (with `plannerBase` and a token). */
  projectId?: string | number | null;
  plannerBase?: string | null;
  projectToken?: string | null;
  tokenEndpoint?: string | null;
  /**
   * Planner roots the page's script trusts with a token from `tokenEndpoint`, besides the one the
   * partner's answer names and configure()'s (src/api/planning/planner-trust.ts).
   */
  trustedPlannerBases?: readonly string[] | null;
  roomId?: string | number | null;
  apiBase?: string | null;
}

export interface LoadedModel {
  model: RoomModel;
  problems: readonly ModelProblem[];
}

/** The FML reader and bridge, loaded on demand: the XML one (with fast-xml-parser) only for XML. */
export interface FmlModule {
  readFml: (input: unknown) => FmlReadResult;
  fmlDesignToRoomModel: typeof import('../model/fml/fml-to-room-model.js').fmlDesignToRoomModel;
}

export type LoadedSource =
  | ({ kind: 'room' } & LoadedModel)
  | { kind: 'fml'; plan: FmlPlan; problems: readonly ModelProblem[]; fml: FmlModule };

const text = (value: string | number | null | undefined) => (value == null ? '' : String(value).trim());

const fmlModules: Partial<Record<'xml' | 'json', Promise<FmlModule>>> = {};
/**
 * The FML reader for a document, fetched once per page (a failed fetch is tried again next time): the
 * whole reader for XML text, and for FML JSON a reader without the XML side (model/fml/json-only.ts),
 * so a JSON plan never fetches fast-xml-parser.
 */
export function loadFmlModule(input: unknown): Promise<FmlModule> {
  const kind = typeof input === 'string' && /^\uFEFF?\s*</.test(input.slice(0, 1_000)) ? 'xml' : 'json';
  const load = kind === 'xml' ? import('../model/fml/index.js') : import('../model/fml/json-only.js');
  fmlModules[kind] ??= load.catch((error: unknown) => {
    delete fmlModules[kind];
    throw error;
  });
  return fmlModules[kind];
}
/** True when the source names something to load. */
export function hasModelSource(source: ModelSource): boolean {
  return (
    source.model != null ||
    (source.fml != null && source.fml !== '') ||
    text(source.src) !== '' ||
    text(source.projectId) !== '' ||
    text(source.roomId) !== ''
  );
}

/** A room document's `model` member, or the value itself when it is already a model (or anything else). */
export function unwrapRoomDocument(raw: unknown): unknown {
  if (raw && typeof raw === 'object' && !('plan' in raw) && 'model' in raw) {
    return (raw as { model: unknown }).model ?? null;
  }
  return raw;
}

/**
 * Refuses a web page given as a room (a wrong `src`, a login or error page in the service's place) with
 * an error that says what it is, before the FML reader would call it a broken FML document.
 */
function notAPage(text: string, what: string): void {
  if (/^\uFEFF?\s*(<!--[\s\S]*?-->\s*)*<(!doctype\s+html|html|head|body)[\s>]/i.test(text.slice(0, 2_000)))
    throw new ElementError(`${what} is an HTML page, not a room model or an FML document`, {
      kind: 'invalid',
      reason: 'no-model',
    });
}

/** Whether a fetched document is FML (XML text, or FML JSON) rather than a room model or room. */
export function looksLikeFml(raw: unknown): boolean {
  if (typeof raw === 'string') return /^\uFEFF?\s*</.test(raw.slice(0, 1_000));
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return false;
  const o = raw as Record<string, unknown>;
  if ('plan' in o || 'model' in o) return false;
  return Array.isArray(o.floors) || Array.isArray(o.designs) || (Array.isArray(o.walls) && !('points' in o));
}

/** The raw model JSON from the first input given; readModel() validates it. (Room models only.) */
export async function loadRawModel(source: ModelSource, signal?: AbortSignal): Promise<unknown> {
  const loaded = await loadRaw(source, signal);
  if (loaded.kind === 'fml')
    throw new ElementError('the document is FML, not a room model', { kind: 'invalid', reason: 'no-model' });
  return loaded.raw;
}

/** The first input given, fetched, and told apart: a room model (unwrapped) or an FML document (raw). */
export async function loadRaw(
  source: ModelSource,
  signal?: AbortSignal,
): Promise<{ kind: 'room' | 'fml'; raw: unknown }> {
  if (source.model != null) return { kind: 'room', raw: unwrapRoomDocument(source.model) };
  if (source.fml != null && source.fml !== '') {
    if (typeof source.fml === 'string') notAPage(source.fml, 'the fml given');
    return { kind: 'fml', raw: source.fml };
  }
  const src = text(source.src);
  if (src) {
    const url = safeHttpUrl(src);
    if (!url) throw new ElementError(`not an http(s) URL: ${src}`, { kind: 'invalid', reason: 'bad-src' });
    // as text: an FML document may be XML; JSON is parsed here, by each element (one object each);
    // the request itself is the page's, shared by every element of the same URL
    const body = await sharedDocument(
      `src ${url}`,
      (shared) => request(url, { signal: shared, responseType: 'text' }),
      signal,
    );
    let raw: unknown = typeof body === 'string' ? body : null;
    if (typeof raw === 'string') notAPage(raw, url);
    if (typeof raw === 'string' && !looksLikeFml(raw)) {
      try {
        raw = JSON.parse(raw);
      } catch {
        throw new ElementError(`${url} is neither JSON nor XML: not a room model or an FML document`, {
          kind: 'invalid',
          reason: 'no-model',
        });
      }
    }
    if (looksLikeFml(raw)) return { kind: 'fml', raw };
    raw = unwrapRoomDocument(raw);
    if (raw == null)
      throw new ElementError('the document has no model', { kind: 'invalid', reason: 'no-model' });
    return { kind: 'room', raw };
  }
  const projectId = text(source.projectId);
  // a planning project's FML (its token rules, the JSON form or the XML one): a chunk of its own
  if (projectId) {
    const { loadProjectFml } = await import('./planning/project-fml.js');
    return { kind: 'fml', raw: await loadProjectFml(source, projectId, signal) };
  }
  const id = text(source.roomId);
  if (!/^\d+$/.test(id))
    throw new ElementError(`not a room id: ${id}`, { kind: 'invalid', reason: 'bad-id' });
  // only the model member, read leniently by readModel (room-model.ts says why not the whole room
  // schema); one request per room and service for every element on the page (shared-documents.ts)
  const base = source.apiBase || undefined;
  const model = await sharedDocument(
    `room ${base ?? ''} ${id}`,
    (shared) => getRoomModel({ base }, id, { signal: shared }),
    signal,
  );
  if (model == null) throw new ElementError('the room has no model', { kind: 'invalid', reason: 'no-model' });
  return { kind: 'room', raw: model };
}

/** The source read leniently, tagged; `not-drawable` when it has no wall or area to draw. */
export async function loadSource(source: ModelSource, signal?: AbortSignal): Promise<LoadedSource> {
  const { kind, raw } = await loadRaw(source, signal);
  if (kind === 'fml') return (await import('./fml-source.js')).readFmlSource(raw, loadFmlModule(raw));
  const { model, problems, drawable } = readModel(raw);
  if (!drawable) {
    throw new ElementError('the model has no wall or area that can be drawn', {
      kind: 'invalid',
      reason: 'not-drawable',
      problems,
    });
  }
  return { kind, model, problems };
}
