/**
 * A typed method for every operation of Document 3, on the one fetch wrapper (src/api/http.ts):
 * AbortSignal, timeout, bounded retry of GETs, every response validated before it is returned.
 */
import type { Query } from '../http.js';
import { validate } from '../validate.js';
import { getValidated } from './get-validated.js';
import {
  callService,
  serviceBase,
  serviceToken,
  type CallOptions,
  type RoomStylingClientOptions,
} from './call.js';
import { listPanoramas, listPhotoreal, listRooms, searchRooms } from './lists.js';
import type { IndexRoomsParams, PagedParams, SearchRoomsParams } from './params.js';
import { CommentSchema, CreatedUserSchema, PanoramaSchema, RoomDetailSchema, UserSchema } from './schemas.js';
import { searchMeta } from './search-meta.js';
import type {
  CommentRecord,
  CreatedUser,
  PanoramaRender,
  RoomDetail,
  RoomList,
  SearchMeta,
  User,
} from './types.js';
import * as v from 'valibot';

// the options and the shared call live in call.ts (plain functions, so bundles keep only what they call)
export type { CallOptions, RoomStylingClientOptions } from './call.js';

/**
 * A path id: a non-negative integer, or a string of digits. `Number()` alone would turn '0x10' into 16,
 * '1e3' into 1000 and '' into 0, i.e. fetch some other room than the caller named.
 */
const idOf = (id: number | string): string => {
  const text = typeof id === 'number' ? (Number.isSafeInteger(id) && id >= 0 ? String(id) : '') : id.trim();
  if (!/^\d+$/.test(text)) throw new TypeError(`not an id: ${String(id)}`);
  return text;
};

export class RoomStylingClient {
  readonly options: RoomStylingClientOptions;

  constructor(options: RoomStylingClientOptions = {}) {
    this.options = options;
  }

  get base(): string {
    return serviceBase(this.options);
  }

  get token(): string | undefined {
    return serviceToken(this.options);
  }

  #call(method: 'GET' | 'POST', path: string, query: Query, call?: CallOptions, body?: unknown) {
    return callService(this.options, method, path, query, call, body);
  }

  #get<S extends v.GenericSchema>(schema: S, path: string, query: Query, call?: CallOptions) {
    return getValidated(this.options, schema, path, query, call);
  }

  /** GET /rooms: `offset` pages; `whitelabel` defaults to the client's. */
  listRooms(params: IndexRoomsParams = {}, call?: CallOptions): Promise<RoomList> {
    return listRooms(this.options, params, call);
  }

  /** GET /rooms/search: always sends a limit (the service answers 422 without one). */
  searchRooms(params: SearchRoomsParams = {}, call?: CallOptions): Promise<RoomList> {
    return searchRooms(this.options, params, call);
  }

  /** GET /rooms/search/meta: the keys of styles, categories and timeframes. */
  searchMeta(call?: CallOptions): Promise<SearchMeta> {
    return searchMeta(this.options, call);
  }

  /** GET /rooms/panoramas: rooms with has_panorama true. */
  listPanoramas(params: PagedParams = {}, call?: CallOptions): Promise<RoomList> {
    return listPanoramas(this.options, params, call);
  }

  /** GET /rooms/photoreal: rooms with a photoreal_image_url. */
  listPhotoreal(params: PagedParams = {}, call?: CallOptions): Promise<RoomList> {
    return listPhotoreal(this.options, params, call);
  }

  /** GET /rooms/:id with its model (unless skipModel). A private room answers 403 unless it is the token's. */
  async getRoom(
    id: number | string,
    params: { skipModel?: boolean } = {},
    call?: CallOptions,
  ): Promise<RoomDetail> {
    return this.#get(
      RoomDetailSchema,
      `/rooms/${idOf(id)}`,
      { skip_model: params.skipModel ? 'true' : undefined, token: this.token },
      call,
    ) as Promise<RoomDetail>;
  }

  /**
   * GET /rooms/:id/panorama: the six cube faces r d l u b f. `panoViewerUrl` (any text, or true) asks
   * for the `pano_viewer_url` member. The token is sent, as for getRoom, so an owner sees the
   * panorama of their private room.
   */
  async getPanorama(
    id: number | string,
    params: { panoViewerUrl?: string | boolean } = {},
    call?: CallOptions,
  ): Promise<PanoramaRender> {
    const viewer = params.panoViewerUrl;
    return this.#get(
      PanoramaSchema,
      `/rooms/${idOf(id)}/panorama`,
      { pano_viewer_url: viewer === true ? 'true' : viewer || undefined, token: this.token },
      call,
    ) as Promise<PanoramaRender>;
  }

  /**
   * POST /rooms/:id/comments with comment[comment]; needs a user token (a whitelabel's Basic
   * credentials are not enough). Document 3 does not show the answer: the known members are read
   * leniently, an empty answer is an empty record, anything but an object is an ApiError.
   */
  async comment(id: number | string, text: string, call?: CallOptions): Promise<CommentRecord> {
    if (!this.token) throw new TypeError('commenting needs a user token');
    const { data, url } = await this.#call('POST', `/rooms/${idOf(id)}/comments`, {}, call, {
      comment: { comment: text },
      token: this.token,
    });
    return validate(CommentSchema, data, url);
  }

  /**
   * POST /users with user[username], user[email], user[password] (all required). Document 3 does not
   * show the answer: it is read as a user record whose members are all optional.
   */
  async createUser(
    user: { username: string; email: string; password: string },
    call?: CallOptions,
  ): Promise<CreatedUser> {
    const { data, url } = await this.#call('POST', '/users', {}, call, { user });
    return validate(CreatedUserSchema, data, url);
  }

  /** GET /users/:id: a user's public record. */
  async getUser(id: number | string, call?: CallOptions): Promise<User> {
    return this.#get(UserSchema, `/users/${idOf(id)}`, {}, call);
  }

  /**
   * Logs a user in and returns the token (Document 3 does not show this operation; the emulator's
   * choice, POST /users/login, is recorded in docs/emulator.md).
   */
  async login(username: string, password: string, call?: CallOptions): Promise<string> {
    const { data, url } = await this.#call('POST', '/users/login', {}, call, { username, password });
    return validate(v.object({ token: v.pipe(v.string(), v.nonEmpty()) }), data, url).token;
  }
}
