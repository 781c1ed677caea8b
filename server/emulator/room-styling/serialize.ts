/**
 * The JSON the service answers with (Document 3, section 2), with absolute URLs built from the
 * request's own origin so the same data works on 127.0.0.1:4010, in the Vite dev server and in the
 * test runner.
 */
import type { Dataset, PanoramaRecord, RoomRecord, UserRecord } from './dataset.ts';
import { formatTimestamp } from './dates.ts';
import { FACE_SIZE, REAL_FACE_SIZE } from './images.ts';
import { FACES } from './panorama-scene.ts';

export interface Links {
  /** Absolute root of the room-styling emulator, e.g. `http://127.0.0.1:4010/room-styling`. */
  base: string;
  realdata: boolean;
}

export function roomEntry(room: RoomRecord, links: Links): Record<string, unknown> {
  const { base } = links;
  return {
    id: room.id,
    name: room.name,
    category: room.category,
    url: `${base}/pages/rooms/${room.id}`,
    image_url: `${base}/images/rooms/${room.id}/thumbnail.png`,
    hq_image_url: room.hasHq ? `${base}/images/rooms/${room.id}/hq.png` : null,
    has_panorama: room.panoramaId !== null,
    public: room.isPublic,
    user_id: room.userId,
    source_id: room.sourceId,
    created: formatTimestamp(room.created),
    last_updated: formatTimestamp(room.lastUpdated),
  };
}

export function photorealEntry(room: RoomRecord, links: Links): Record<string, unknown> {
  return {
    ...roomEntry(room, links),
    photoreal_image_url: `${links.base}/images/rooms/${room.id}/photoreal.jpg`,
  };
}

export function roomShow(room: RoomRecord, links: Links, model: Record<string, unknown> | undefined) {
  const show: Record<string, unknown> = { ...roomEntry(room, links), tags: room.tags };
  if (model) show.model = model;
  return show;
}

export function panoramaJson(
  panorama: PanoramaRecord,
  links: Links,
  viewer: boolean,
): Record<string, unknown> {
  const real = panorama.realSample && links.realdata;
  const size = real ? REAL_FACE_SIZE : FACE_SIZE;
  const images = Object.fromEntries(
    FACES.map((face) => [
      face,
      `${links.base}/images/panoramas/${panorama.id}/${face}.${real ? 'jpg' : 'png'}`,
    ]),
  );
  const json: Record<string, unknown> = {
    id: panorama.id,
    room_id: panorama.roomId,
    width: size,
    height: size,
    type: 'PanoramaRender',
    status: 'success',
    images,
    path: `${panorama.id}/left`,
    transaction_id: panorama.transactionId,
    satisfied: true,
    retry_parent_id: panorama.retryParentId,
    created_at: formatTimestamp(panorama.created),
    updated_at: formatTimestamp(panorama.updated),
  };
  if (viewer) json.pano_viewer_url = `${links.base}/pages/panoramas/${panorama.id}?yaw={yaw}&pitch={pitch}`;
  return json;
}

/** The shape of the real sample api-users-972691.readme-sample.json. */
export function userJson(user: UserRecord, links: Links): Record<string, unknown> {
  return {
    id: user.id,
    username: user.username,
    role: user.role,
    bio: user.bio,
    avatar: `${links.base}/images/users/${user.id}/avatar.png`,
    background: `${links.base}/images/users/${user.id}/background.jpg`,
  };
}

export function searchMeta(
  links: Links,
  styles: readonly string[],
  categories: readonly string[],
  timeframes: readonly string[],
) {
  const image = (kind: string, key: string) =>
    `${links.base}/images/meta/${kind}/${encodeURIComponent(key || 'all')}.png`;
  return {
    styles: [{ name: 'All styles', image_url: image('styles', ''), key: '' }].concat(
      styles.map((key) => ({ name: key, image_url: image('styles', key), key })),
    ),
    timeframes: [{ name: 'All time', key: '' }].concat(timeframes.map((key) => ({ name: key, key }))),
    categories: [{ name: 'All rooms', image_url: image('categories', ''), key: '' }].concat(
      categories.map((key) => ({ name: key, image_url: image('categories', key), key })),
    ),
  };
}

export type { Dataset };
