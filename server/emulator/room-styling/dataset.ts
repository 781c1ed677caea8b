/**
 * The generated data set: users, rooms (metadata only; models and images are made on demand from each
 * room's own seed) and panorama renders. Everything follows from the seed and the room count.
 *
 * Guarantees tests rely on (documented in docs/emulator.md):
 * - room 0 is the real sample's room, id 6346838 "The_LAKE_NoBalcony", owned by user "TV Renders",
 *   with panorama render 18755 (the real cube faces when the realdata folder exists);
 * - ages cycle over the rooms so Today / This week / This month always hold rooms (room 1 is from today);
 * - rooms 2 and 3 are private (2 belongs to whitelabel `woonhuis`), room 4 is photoreal and has a
 *   panorama, room 5 has an empty category.
 */
import {
  between,
  chance,
  createRandom,
  hash32,
  hexOf,
  intBetween,
  pick,
  pickSome,
} from '../shared/random.ts';
import { DAY, HOUR } from './dates.ts';
import {
  BIOS,
  CATEGORY_KEYS,
  CATEGORY_NOUNS,
  type CategoryKey,
  FIRST_NAMES,
  LAST_NAMES,
  ROOM_ADJECTIVES,
  STYLE_KEYS,
  type StyleKey,
  TAGS,
  WHITELABELS,
} from './vocabulary.ts';

export const SAMPLE_ROOM_ID = 6346838;
export const SAMPLE_PANORAMA_ID = 18755;
export const SAMPLE_ROOM_NAME = 'The_LAKE_NoBalcony';
/** The generated users' password (docs/emulator.md); users created through POST /users choose their own. */
export const GENERATED_PASSWORD = 'roomstyler';

export interface UserRecord {
  id: number;
  username: string;
  email: string;
  password: string;
  role: 'user' | 'admin';
  bio: string;
  created: number;
}

export interface RoomRecord {
  id: number;
  name: string;
  category: CategoryKey | '';
  style: StyleKey;
  tags: string[];
  userId: number;
  whitelabel: string | null;
  isPublic: boolean;
  sourceId: number | null;
  created: number;
  lastUpdated: number;
  hasHq: boolean;
  panoramaId: number | null;
  photoreal: boolean;
  /** Seed of the model and the images. */
  seed: number;
  /** Serve the real sample's model (when the realdata folder exists). */
  realSample: boolean;
}

export interface PanoramaRecord {
  id: number;
  roomId: number;
  created: number;
  updated: number;
  retryParentId: number | null;
  transactionId: string;
  /** The real faces of panorama-18755-cube are served when the realdata folder exists. */
  realSample: boolean;
}

export interface Dataset {
  now: number;
  users: UserRecord[];
  rooms: RoomRecord[];
  panoramas: Map<number, PanoramaRecord>;
}

export function generateDataset(seed: number, roomCount: number, now: number): Dataset {
  const random = createRandom(seed);
  const users = generateUsers(random, Math.max(8, Math.ceil(roomCount / 8)), now);
  const drafts: RoomRecord[] = [];
  for (let i = 0; i < roomCount; i++) drafts.push(generateRoom(random, i, users, now, seed));

  // Ids grow with creation time, as a database's would; the sample room keeps its real id.
  const order = drafts
    .map((room, index) => ({ room, index }))
    .filter(({ room }) => !room.realSample)
    .sort((a, b) => a.room.created - b.room.created || a.index - b.index);
  let nextId = 6_400_000 + intBetween(random, 0, 999);
  for (const { room } of order) {
    room.id = nextId;
    nextId += intBetween(random, 3, 600);
  }
  // Some rooms are copies of an older room (source_id).
  const byAge = order.map((o) => o.room);
  byAge.forEach((room, rank) => {
    if (rank > 0 && chance(createRandom(room.seed ^ 0x5eed), 0.15)) {
      room.sourceId = byAge[Math.floor(createRandom(room.seed)() * rank)]!.id;
    }
  });

  const panoramas = new Map<number, PanoramaRecord>();
  let panoramaId = 20_000;
  for (const room of [...drafts].sort((a, b) => a.id - b.id)) {
    if (!room.panoramaId && !room.realSample) continue;
    const id = room.realSample ? SAMPLE_PANORAMA_ID : (panoramaId += intBetween(random, 1, 40));
    room.panoramaId = id;
    const created = room.lastUpdated + intBetween(random, 1, 48) * HOUR;
    panoramas.set(id, {
      id,
      roomId: room.id,
      created: Math.min(created, now - HOUR),
      updated: Math.min(created, now - HOUR) + 90_000,
      retryParentId: !room.realSample && chance(random, 0.1) ? id - 1 : null,
      transactionId: hexOf(32, 'transaction', seed, id),
      realSample: room.realSample,
    });
  }
  return { now, users, rooms: drafts, panoramas };
}

function generateUsers(random: ReturnType<typeof createRandom>, count: number, now: number): UserRecord[] {
  const users: UserRecord[] = [];
  const taken = new Set<string>();
  let id = 480_000 + intBetween(random, 0, 999);
  for (let i = 0; i < count; i++) {
    let username = i === 0 ? 'TV Renders' : `${pick(random, FIRST_NAMES)} ${pick(random, LAST_NAMES)}`;
    while (taken.has(username.toLowerCase())) username = `${username} ${intBetween(random, 2, 99)}`;
    taken.add(username.toLowerCase());
    users.push({
      id,
      username,
      email: `${username.toLowerCase().replace(/[^a-z0-9]+/g, '.')}@example.com`,
      password: GENERATED_PASSWORD,
      role: i === 1 ? 'admin' : 'user',
      bio: pick(random, BIOS),
      created: now - intBetween(random, 60, 3000) * DAY,
    });
    id += intBetween(random, 5, 5000);
  }
  return users;
}

function generateRoom(
  random: ReturnType<typeof createRandom>,
  index: number,
  users: UserRecord[],
  now: number,
  seed: number,
): RoomRecord {
  const roomSeed = hash32('room', seed, index);
  if (index === 0) {
    // The real sample room (its metadata as far as the sample shows it).
    return {
      id: SAMPLE_ROOM_ID,
      name: SAMPLE_ROOM_NAME,
      category: 'Other',
      style: 'Other',
      tags: ['contest'],
      userId: users[0]!.id,
      whitelabel: null,
      isPublic: true,
      sourceId: null,
      created: Date.parse('2014-02-20T09:12:40Z'),
      lastUpdated: Date.parse('2014-02-24T09:38:51Z'),
      hasHq: true,
      panoramaId: SAMPLE_PANORAMA_ID,
      photoreal: true,
      seed: roomSeed,
      realSample: true,
    };
  }
  const bucket = index % 10;
  const age =
    bucket === 1
      ? between(random, 0.5, 20) * HOUR
      : bucket <= 3
        ? between(random, 1.2, 6.8) * DAY
        : bucket <= 5
          ? between(random, 8, 29) * DAY
          : between(random, 31, 1500) * DAY;
  // Whole seconds, as the timestamps are written.
  const created = Math.round((now - age) / 1000) * 1000;
  const lastUpdated = Math.min(now, Math.round((created + random() * Math.min(age, 20 * DAY)) / 1000) * 1000);
  const category: CategoryKey | '' = index === 5 || chance(random, 0.04) ? '' : pick(random, CATEGORY_KEYS);
  const style = pick(random, STYLE_KEYS);
  const owner = users[Math.min(users.length - 1, 1 + Math.floor(random() ** 2 * (users.length - 1)))]!;
  const whitelabel = index === 2 ? WHITELABELS[0] : chance(random, 0.25) ? pick(random, WHITELABELS) : null;
  const noun = pick(random, CATEGORY_NOUNS[category]);
  const first = owner.username.split(' ')[0];
  const roll = random();
  // A few names carry markup and odd characters: elements must show them as text.
  const name =
    roll < 0.01
      ? `<img src=x onerror=alert(1)> ${noun} & co`
      : roll < 0.3
        ? `${first}'s ${pick(random, ROOM_ADJECTIVES).toLowerCase()} ${noun}`
        : roll < 0.33
          ? `${pick(random, ROOM_ADJECTIVES)} ${noun} with a very long name that does not fit on one card line ${index}`
          : `${pick(random, ROOM_ADJECTIVES)} ${noun}`;
  return {
    id: 0,
    name,
    category,
    style,
    tags: pickSome(random, TAGS, intBetween(random, 0, 4)),
    userId: owner.id,
    whitelabel,
    isPublic: !(index === 2 || index === 3 || (index > 5 && chance(random, 0.1))),
    sourceId: null,
    created,
    lastUpdated,
    hasHq: index === 4 || chance(random, 0.5),
    panoramaId: index === 4 || chance(random, 0.2) ? -1 : null,
    photoreal: index === 4 || chance(random, 0.15),
    seed: roomSeed,
    realSample: false,
  };
}
