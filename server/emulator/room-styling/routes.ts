/**
 * The room-styling service of Document 3 over HTTP, mounted at /room-styling by ../app.ts.
 * Choices where the document says "not shown" are recorded in docs/emulator.md.
 *
 *   GET  /rooms  /rooms/search  /rooms/search/meta  /rooms/panoramas  /rooms/photoreal
 *   GET  /rooms/:id  /rooms/:id/panorama      POST /rooms/:id/comments
 *   POST /users  POST /users/login  GET /users/:id
 *   GET  /images/...  /media/...  /pages/...  (what the data's URLs point at)
 *   GET  /models/<aa>/<component_id>_<vv>.glb  (a product's mesh: the `model` path, .mi as .glb)
 */
import { Hono, type Context } from 'hono';
import type { ResolvedEmulatorOptions } from '../options.ts';
import { Accounts, commentJson } from './accounts.ts';
import { type Caller, callerOf, canSee } from './auth.ts';
import { type Dataset, generateDataset, type RoomRecord } from './dataset.ts';
import { resolveNow } from './dates.ts';
import { ImageStore, type Picture } from './images.ts';
import {
  envelope,
  readLimit,
  readOffset,
  readPageOffset,
  readSince,
  readTimestamp,
  sortRooms,
} from './lists.ts';
import { Lru } from './lru.ts';
import { MeshStore } from './meshes/mesh-store.ts';
import { generateModel } from './model.ts';
import { panoramaPage, roomPage } from './pages.ts';
import { type Face, FACES } from './panorama-scene.ts';
import { flag, HttpError, integer, type Params, readParams, text } from './params.ts';
import { hasRealFaces, loadSampleModel, sampleRoomPath } from './realdata.ts';
import { SHOWCASE_ROOM_ID, showcaseModel, showcaseRecord } from './showcase.ts';
import {
  type Links,
  panoramaJson,
  photorealEntry,
  roomEntry,
  roomShow,
  searchMeta,
  userJson,
} from './serialize.ts';
import { CATEGORY_KEYS, STYLE_KEYS, TIMEFRAME_KEYS } from './vocabulary.ts';

export const MOUNT = '/room-styling';

/** decodeURIComponent, or null for a malformed escape (`%E0%A4%A`): a 404, not a 500. */
function safeDecode(text: string): string | null {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}

export interface RoomStylingState {
  dataset: Dataset;
  accounts: Accounts;
  images: ImageStore;
  /** The room's model (generated from its seed, or the real sample's), cached. */
  modelOf(room: RoomRecord): Record<string, unknown>;
}

export function createRoomStylingState(options: ResolvedEmulatorOptions): RoomStylingState {
  const dataset = generateDataset(options.seed, options.rooms, resolveNow());
  const accounts = new Accounts(dataset, options.seed);
  const images = new ImageStore(hasRealFaces(options.realdataDir) ? options.realdataDir : null);
  const models = new Lru<number, Record<string, unknown>>(64);
  const samplePath = sampleRoomPath(options.realdataDir);
  const modelOf = (room: RoomRecord) =>
    models.getOrCreate(room.id, () =>
      room.realSample && samplePath
        ? loadSampleModel(samplePath)
        : room.id === SHOWCASE_ROOM_ID
          ? (showcaseModel() as unknown as Record<string, unknown>)
          : (generateModel({
              roomId: room.id,
              seed: room.seed,
              category: room.category,
            }) as unknown as Record<string, unknown>),
    );
  return { dataset, accounts, images, modelOf };
}

/** Document 3 (room-styling REST API) on generated data; see docs/emulator.md. */
export function createRoomStyling(options: ResolvedEmulatorOptions): Hono {
  const state = createRoomStylingState(options);
  const { dataset, accounts, images, modelOf } = state;
  const realFaces = hasRealFaces(options.realdataDir);
  const roomsById = new Map(dataset.rooms.map((room) => [room.id, room]));
  // the hand-made showcase room: served by id (and its pictures), not listed (docs/emulator.md)
  roomsById.set(SHOWCASE_ROOM_ID, showcaseRecord(dataset.users[0]!));
  const meshes = new MeshStore();
  const app = new Hono();

  const linksOf = (c: Context): Links => ({
    base: `${new URL(c.req.url).origin}${MOUNT}`,
    realdata: realFaces,
  });
  const visibleRooms = (caller: Caller) => dataset.rooms.filter((room) => canSee(caller, room));
  const request = async (c: Context) => {
    const params = await readParams(c);
    return { params, caller: callerOf(c, params, accounts), links: linksOf(c) };
  };
  const roomFor = (c: Context, caller: Caller): RoomRecord => {
    const id = Number(c.req.param('id'));
    const room = /^\d+$/.test(c.req.param('id') ?? '') ? roomsById.get(id) : undefined;
    if (!room) throw new HttpError(404, 'Room not found');
    if (!canSee(caller, room)) throw new HttpError(403, 'This room is private');
    return room;
  };
  const picture = (c: Context, image: Picture) =>
    c.body(new Uint8Array(image.body), 200, {
      'Content-Type': image.type,
      'Cache-Control': 'public, max-age=86400',
    });

  app.onError((error, c) => {
    if (error instanceof HttpError) {
      return c.json({ error: error.message, ...error.extra }, error.status, error.headers);
    }
    console.error('room-styling emulator:', error);
    return c.json({ error: 'Internal error in the emulator' }, 500);
  });

  // Index rooms.
  app.get('/rooms', async (c) => {
    const { params, caller, links } = await request(c);
    const limit = readLimit(params);
    const offset = readOffset(params);
    let rooms = visibleRooms(caller);
    // An id as a number would be read: `0480836` is user 480836; text that is no integer matches nobody.
    if (text(params, 'user_id')?.trim()) {
      const userId = integer(params, 'user_id');
      rooms = rooms.filter((r) => r.userId === userId);
    }
    const category = text(params, 'category')?.trim().toLowerCase();
    if (category) rooms = rooms.filter((r) => r.category.toLowerCase() === category);
    const created = readTimestamp(params, 'created');
    if (created !== null) rooms = rooms.filter((r) => r.created >= created);
    const updated = readTimestamp(params, 'last_updated');
    if (updated !== null) rooms = rooms.filter((r) => r.lastUpdated >= updated);
    const whitelabel = text(params, 'whitelabel')?.trim().toLowerCase();
    if (whitelabel) rooms = rooms.filter((r) => r.whitelabel === whitelabel);
    const tag = text(params, 'tag')?.trim().toLowerCase();
    if (tag) rooms = rooms.filter((r) => r.tags.includes(tag));
    return c.json(envelope(sortRooms(rooms, params), params, limit, offset, (r) => roomEntry(r, links)));
  });

  // Search rooms.
  app.get('/rooms/search', async (c) => {
    const { params, caller, links } = await request(c);
    const limit = readLimit(params, true);
    const offset = readPageOffset(params, limit);
    let rooms = visibleRooms(caller);
    if (text(params, 'kind') === 'own') {
      if (!caller.user) throw new HttpError(401, 'kind=own needs a logged-in user: send the token parameter');
      const own = caller.user.id;
      rooms = rooms.filter((r) => r.userId === own);
    }
    const q = text(params, 'q')?.trim().toLowerCase();
    if (q) {
      rooms = rooms.filter((r) =>
        [r.name, r.category, r.style, ...r.tags].some((field) => field.toLowerCase().includes(q)),
      );
    }
    const since = readSince(params, dataset.now);
    if (since !== null) rooms = rooms.filter((r) => r.created >= since);
    const category = text(params, 'category')?.trim().toLowerCase();
    if (category) rooms = rooms.filter((r) => r.category.toLowerCase() === category);
    const style = text(params, 'style')?.trim().toLowerCase();
    if (style) rooms = rooms.filter((r) => r.style.toLowerCase() === style);
    // order / Direction belong to the index only (Document 3); the other lists keep the default order.
    return c.json(envelope(sortRooms(rooms, {}), params, limit, offset, (r) => roomEntry(r, links)));
  });

  app.get('/rooms/search/meta', async (c) => {
    const { links } = await request(c);
    return c.json(searchMeta(links, STYLE_KEYS, CATEGORY_KEYS, TIMEFRAME_KEYS));
  });

  const special = (which: 'panoramas' | 'photoreal') => async (c: Context) => {
    const { params, caller, links } = await request(c);
    const limit = readLimit(params);
    const offset = readPageOffset(params, limit);
    let rooms = visibleRooms(caller).filter((r) =>
      which === 'panoramas' ? r.panoramaId !== null : r.photoreal,
    );
    const since = readSince(params, dataset.now);
    if (since !== null) rooms = rooms.filter((r) => r.created >= since);
    const entry = which === 'panoramas' ? roomEntry : photorealEntry;
    return c.json(envelope(sortRooms(rooms, {}), params, limit, offset, (r) => entry(r, links)));
  };
  app.get('/rooms/panoramas', special('panoramas'));
  app.get('/rooms/photoreal', special('photoreal'));

  app.get('/rooms/:id', async (c) => {
    const { params, caller, links } = await request(c);
    const room = roomFor(c, caller);
    return c.json(roomShow(room, links, flag(params, 'skip_model') ? undefined : modelOf(room)));
  });

  app.get('/rooms/:id/panorama', async (c) => {
    const { params, caller, links } = await request(c);
    const room = roomFor(c, caller);
    const panorama = room.panoramaId !== null ? dataset.panoramas.get(room.panoramaId) : undefined;
    if (!panorama) throw new HttpError(404, 'Panorama not found');
    const viewer = text(params, 'pano_viewer_url');
    const wantsViewer = viewer !== undefined && !['false', '0'].includes(viewer.trim().toLowerCase());
    return c.json(panoramaJson(panorama, links, wantsViewer));
  });

  app.post('/rooms/:id/comments', async (c) => {
    const { params, caller } = await request(c);
    if (!caller.user) {
      if (caller.whitelabel) {
        throw new HttpError(403, 'Whitelabel credentials cannot comment: log a user in and send their token');
      }
      throw new HttpError(401, 'You need to log in to comment: send the token parameter');
    }
    const room = roomFor(c, caller);
    const comment = text(params, 'comment', 'comment')?.trim();
    if (!comment) throw new HttpError(422, "Comment can't be blank");
    if (comment.length > 2000) throw new HttpError(422, 'Comment is too long (maximum is 2000 characters)');
    return c.json(commentJson(accounts.addComment(room.id, caller.user.id, comment)), 201);
  });

  // Users.
  app.post('/users', async (c) => {
    const { params, links } = await readParams(c).then((p) => ({ params: p, links: linksOf(c) }));
    const user = accounts.createUser({
      username: text(params, 'user', 'username'),
      email: text(params, 'user', 'email'),
      password: text(params, 'user', 'password'),
    });
    return c.json(userJson(user, links), 201);
  });

  app.post('/users/login', async (c) => {
    const params: Params = await readParams(c);
    const login =
      text(params, 'username') ??
      text(params, 'email') ??
      text(params, 'user', 'username') ??
      text(params, 'user', 'email');
    const password = text(params, 'password') ?? text(params, 'user', 'password');
    if (!login || !password) throw new HttpError(422, 'username and password are required');
    const user = accounts.login(login, password);
    if (!user) throw new HttpError(401, 'Invalid username or password');
    return c.json({ token: accounts.tokenOf(user), user_id: user.id, user: userJson(user, linksOf(c)) });
  });

  app.get('/users/:id', async (c) => {
    const { links } = await request(c);
    const id = integer({ id: c.req.param('id') }, 'id');
    const user = id !== null ? accounts.users.get(id) : undefined;
    if (!user) throw new HttpError(404, 'User not found');
    return c.json(userJson(user, links));
  });

  // What the data's URLs point at. Images are public (as on a CDN), private rooms' included.
  const imageRoom = (c: Context) => {
    const room = roomsById.get(Number(c.req.param('id')));
    if (!room) throw new HttpError(404, 'Image not found');
    return room;
  };
  app.get('/images/rooms/:id/thumbnail.png', (c) => {
    const room = imageRoom(c);
    return picture(
      c,
      images.thumbnail(String(room.id), () => modelOf(room)),
    );
  });
  app.get('/images/rooms/:id/hq.png', (c) => {
    const room = imageRoom(c);
    if (!room.hasHq) throw new HttpError(404, 'Image not found');
    return picture(
      c,
      images.hq(String(room.id), () => modelOf(room)),
    );
  });
  app.get('/images/rooms/:id/photoreal.jpg', (c) => {
    const room = imageRoom(c);
    if (!room.photoreal) throw new HttpError(404, 'Image not found');
    return picture(
      c,
      images.photoreal(String(room.id), () => modelOf(room), room.seed),
    );
  });
  app.get('/images/panoramas/:id/:file', (c) => {
    const panorama = dataset.panoramas.get(Number(c.req.param('id')));
    const [, face, extension] = /^([rdlubf])\.(jpg|png)$/.exec(c.req.param('file')) ?? [];
    if (!panorama || !face || !FACES.includes(face as Face)) throw new HttpError(404, 'Image not found');
    const room = roomsById.get(panorama.roomId)!;
    // The real faces are JPEG files; generated ones are PNG. Each answers only under its own extension.
    const real = panorama.realSample ? images.realFace(face as Face) : undefined;
    if ((real ? 'jpg' : 'png') !== extension) throw new HttpError(404, 'Image not found');
    return picture(c, real ?? images.face(String(panorama.id), face as Face, () => modelOf(room), room.seed));
  });
  app.get('/images/users/:id/avatar.png', (c) => {
    const user = accounts.users.get(Number(c.req.param('id')));
    if (!user) throw new HttpError(404, 'Image not found');
    return picture(c, images.avatar(user.id));
  });
  app.get('/images/users/:id/background.jpg', (c) => {
    const user = accounts.users.get(Number(c.req.param('id')));
    if (!user) throw new HttpError(404, 'Image not found');
    return picture(c, images.background(user.id));
  });
  app.get('/images/meta/:kind/:file', (c) => {
    const kind = c.req.param('kind');
    const key = safeDecode(c.req.param('file').replace(/\.png$/, ''));
    const keys: readonly string[] =
      kind === 'styles' ? STYLE_KEYS : kind === 'categories' ? CATEGORY_KEYS : [];
    if (key === null || (key !== 'all' && !keys.includes(key))) throw new HttpError(404, 'Image not found');
    return picture(c, images.metaImage(kind, key));
  });
  // Texture paths in models are relative (as in the sample); a renderer may resolve them here.
  app.get('/media/*', (c) => {
    const path = safeDecode(c.req.path.slice(c.req.path.indexOf('/media/') + '/media/'.length));
    if (path === null || !/\.(jpe?g|png)$/i.test(path) || path.includes('..'))
      throw new HttpError(404, 'Not found');
    return picture(c, images.texture(path));
  });
  // A product's mesh under the path its components' `model` names, as a glTF binary (docs/emulator.md):
  // `models/ab/<component_id>_00.mi` is served as `/models/ab/<component_id>_00.glb`.
  app.get('/models/:prefix/:file', async (c) => {
    const [, componentId] = /^([0-9a-f]{40})_\d{2}\.glb$/.exec(c.req.param('file')) ?? [];
    const glb = componentId?.startsWith(c.req.param('prefix')) ? meshes.glb(componentId) : undefined;
    if (!glb || c.req.param('prefix').length !== 2) throw new HttpError(404, 'Model not found');
    const bytes = await glb;
    // revalidated on every use (a product's file is the same bytes for the emulator's whole life): the
    // browser keeps it, and a test's injected fault still reaches the request
    const etag = `"${componentId}-${bytes.byteLength}"`;
    const headers = { ETag: etag, 'Cache-Control': 'no-cache' };
    if (c.req.header('If-None-Match') === etag) return c.body(null, 304, headers);
    return c.body(new Uint8Array(bytes), 200, { ...headers, 'Content-Type': 'model/gltf-binary' });
  });
  app.get('/pages/rooms/:id', async (c) => {
    const room = roomsById.get(Number(c.req.param('id')));
    if (!room) throw new HttpError(404, 'Room not found');
    return c.html(roomPage(room, accounts.users.get(room.userId), linksOf(c), room.isPublic));
  });
  app.get('/pages/panoramas/:id', (c) => {
    const panorama = dataset.panoramas.get(Number(c.req.param('id')));
    if (!panorama) throw new HttpError(404, 'Panorama not found');
    return c.html(panoramaPage(panorama.id, linksOf(c), panorama.realSample && realFaces ? 'jpg' : 'png'));
  });
  // Registered last: a sub-app's notFound() is not used once it is mounted with route().
  app.all('*', (c) => c.json({ error: 'Not found' }, 404));

  return app;
}
