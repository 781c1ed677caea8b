/**
 * One room object read field by field by plain coercions (room-schema.ts says the rule): in a file of
 * its own, without valibot, so the gallery's list path (room-list.ts) carries no valibot at all.
 */
import { boolean, integer, nullable, string, text, type Fields } from './fields.js';
import type { Room } from './types.js';

/** Reads one room object; see the file comment for the rule. */
export function readRoom(input: Fields): Room {
  const room: Fields = {};
  const soft = (key: keyof Room, read: (x: unknown) => unknown) => {
    if (key in input) room[key] = read(input[key]);
  };
  soft('id', integer);
  room.name = text(input.name) ?? '';
  soft('category', string);
  soft('style', string);
  soft('url', string);
  soft('image_url', string);
  room.hq_image_url = 'hq_image_url' in input ? nullable(string, input.hq_image_url) : null;
  room.has_panorama = boolean(input.has_panorama) ?? false;
  soft('public', boolean);
  soft('user_id', integer);
  room.source_id = 'source_id' in input ? nullable(integer, input.source_id) : null;
  soft('created', string);
  soft('last_updated', string);
  soft('photoreal_image_url', string);
  soft('tags', (tags) => (Array.isArray(tags) ? tags.filter((t) => typeof t === 'string') : undefined));
  return room as unknown as Room;
}
