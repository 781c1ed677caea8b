/**
 * The JSON API v2 (Document 1, section 4) as one table: method, path, operation. v2-app.ts registers
 * the rows in this order behind its authentication middleware.
 *
 * The order is a contract: Hono answers a request with the first row that matches it, and a fixed
 * path (`/projects/search.json`) also matches the pattern beside it (`/projects/:file`, whose
 * operation would read `search.json` as a project id and answer 404). So a fixed path comes before
 * the pattern that would take it, and says so in `before`; test/node/planning-v2-routes.test.ts
 * checks every `before` and that each row is the first match for a path of its own.
 */
import type { ApiHandler } from './api-env.ts';
import * as designs from './designs.ts';
import * as exportOps from './exports.ts';
import * as media from './media.ts';
import * as permissions from './permissions.ts';
import * as projectActions from './project-ops.ts';
import * as projects from './projects.ts';
import * as roomTypeSets from './room-type-sets.ts';
import * as templates from './templates.ts';
import * as users from './users.ts';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface V2Route {
  methods: readonly Method[];
  /** A Hono path (`:id{[0-9]+}` a numeric segment, `:file` a segment such as `12.json`). */
  path: string;
  handler: ApiHandler;
  /** The pattern row (same method) this fixed path must come before, or it would never be reached. */
  before?: string;
}

const route = (
  methods: Method | readonly Method[],
  path: string,
  handler: ApiHandler,
  order: { before?: string } = {},
): V2Route => ({ methods: typeof methods === 'string' ? [methods] : methods, path, handler, ...order });

const UPDATE = ['PUT', 'PATCH'] as const;
/** Rails' update also answers POST on these resources. */
const UPDATE_OR_POST = ['POST', 'PUT', 'PATCH'] as const;

const PROJECT = '/projects/:id{[0-9]+}';
const ON_PROJECT = '/projects/:project_id{[0-9]+}';
const ON_FLOOR = `${ON_PROJECT}/floors/:floor_id{[0-9]+}`;

export const V2_ROUTES: readonly V2Route[] = [
  // users (section 4.1)
  route('POST', '/users.json', users.create),
  route('GET', '/users.json', users.list),
  route('GET', '/users/search.json', users.search, { before: '/users/:file' }),
  route('GET', '/users/profile.json', users.ownProfile, { before: '/users/:file' }),
  route('GET', '/users/company.json', users.ownCompany, { before: '/users/:file' }),
  route('GET', '/users/:id{[0-9]+}/profile.json', users.profile),
  route('GET', '/users/:id{[0-9]+}/company.json', users.company),
  route('GET', '/users/:id{[0-9]+}/token.json', users.token),
  route('GET', '/users/:file', users.show),
  route(UPDATE_OR_POST, '/users/:file', users.update),
  route('DELETE', '/users/:file', users.destroy),

  // projects (section 4.2)
  route('GET', '/projects.json', projects.list),
  route('POST', '/projects.json', projects.create),
  route('GET', '/projects/search.json', projectActions.search, { before: '/projects/:file' }),
  route('POST', '/projects/import.json', projectActions.importFml, { before: '/projects/:file' }),
  route('GET', '/projects/:file', projects.show),
  route(UPDATE_OR_POST, '/projects/:file', projects.update),
  route('DELETE', '/projects/:file', projects.destroy),
  route('GET', `${PROJECT}/fml`, projects.showFmlJson),
  route('POST', `${PROJECT}/undestroy.json`, projects.undestroy),
  route('GET', `${PROJECT}/token.json`, projects.token),
  route('GET', `${PROJECT}/download.json`, projectActions.download),
  route('POST', `${PROJECT}/export_fml1.json`, projectActions.exportFml1),
  route('POST', `${PROJECT}/share_planner.json`, projectActions.sharePlanner),
  route('POST', `${PROJECT}/duplicate.json`, projectActions.duplicate),
  route('POST', `${PROJECT}/copy.json`, projectActions.copy),

  // export and exports (sections 4.3 and 4.8)
  route('POST', `${PROJECT}/export.json`, exportOps.exportProject),
  route('GET', '/exports.json', exportOps.list),
  route('GET', '/exports/:file', exportOps.show),

  // permissions (section 4.4)
  route('POST', `${ON_PROJECT}/permissions.json`, permissions.create),
  route('GET', `${ON_PROJECT}/permissions.json`, permissions.list),
  route('GET', `${ON_PROJECT}/permissions/:file`, permissions.show),
  route(UPDATE, `${ON_PROJECT}/permissions/:file`, permissions.update),
  route('DELETE', `${ON_PROJECT}/permissions/:file`, permissions.destroy),

  // media (section 4.5)
  route('POST', `${ON_PROJECT}/media.json`, media.create),
  route('GET', `${ON_PROJECT}/media.json`, media.list),
  route('GET', `${ON_PROJECT}/media/:file`, media.show),
  route(UPDATE, `${ON_PROJECT}/media/:file`, media.update),
  route('DELETE', `${ON_PROJECT}/media/:file`, media.destroy),

  // designs (section 4.6): the flat /designs paths and the FML ones under a floor
  route('POST', '/designs/share.json', designs.share),
  route('POST', '/designs.json', designs.create),
  route('GET', '/designs/:file', designs.show),
  route(UPDATE, '/designs/:file', designs.update),
  route('DELETE', '/designs/:file', designs.destroy),
  route('POST', `${ON_FLOOR}/designs.fml`, designs.createFml),
  route(UPDATE, `${ON_FLOOR}/designs/:file`, designs.updateFml),
  route('DELETE', `${ON_FLOOR}/cameras/:file`, designs.destroyCamera),

  // room type sets (section 4.7)
  route('POST', '/room_type_sets.json', roomTypeSets.create),
  route('GET', '/room_type_sets.json', roomTypeSets.list),
  route('GET', '/room_type_sets/defaults.json', roomTypeSets.defaults, { before: '/room_type_sets/:file' }),
  route('GET', '/room_type_sets/by_ids/:file', roomTypeSets.byIds),
  route('GET', '/room_type_sets/:file', roomTypeSets.show),
  route('POST', '/room_type_sets/:id{[0-9]+}/update.json', roomTypeSets.updateById),
  route(UPDATE, '/room_type_sets/:file', roomTypeSets.update),
  route('POST', '/room_type_sets/:id{[0-9]+}/destroy.json', roomTypeSets.destroyById),
  route('DELETE', '/room_type_sets/:file', roomTypeSets.destroy),

  // templates (section 4.9)
  route('POST', '/templates.json', templates.create),
  route('GET', '/templates.json', templates.list),
  route('GET', '/templates/:file', templates.show),
  route(UPDATE_OR_POST, '/templates/:file', templates.update),
  route('DELETE', '/templates/:file', templates.destroy),
];
