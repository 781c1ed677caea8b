/**
 * Response types of the room-styling service (Document 3), as the client hands them out after
 * validation. Rooms are read leniently, field by field: an invalid field is undefined (or null where
 * the service itself uses null), never a reason to drop the room or fail the list.
 */
export interface Room {
  id?: number;
  name: string;
  category?: string;
  /** Not in Document 3's table, but the real service sends it and search filters by it. */
  style?: string;
  url?: string;
  image_url?: string;
  hq_image_url?: string | null;
  has_panorama: boolean;
  public?: boolean;
  user_id?: number;
  source_id?: number | null;
  created?: string;
  last_updated?: string;
  /** Only in the photorealistic list. */
  photoreal_image_url?: string;
  tags?: string[];
}

export interface RoomDetail extends Room {
  tags: string[];
  /** The room model (omitted with skip_model); validated by src/model's readModel, not here. */
  model?: unknown;
}

export interface RoomList {
  rooms: Room[];
  /** Omitted when skip_total was sent. */
  total?: number;
  last_updated?: string | null;
}

export interface MetaEntry {
  name: string;
  key: string;
  image_url?: string;
}

export interface SearchMeta {
  styles: MetaEntry[];
  categories: MetaEntry[];
  timeframes: MetaEntry[];
}

export type CubeFace = 'r' | 'd' | 'l' | 'u' | 'b' | 'f';

export interface PanoramaRender {
  id: number;
  room_id: number;
  width?: number;
  height?: number;
  type?: string;
  status?: string;
  images: Record<CubeFace, string>;
  path?: string | null;
  transaction_id?: string | number | null;
  satisfied?: unknown;
  retry_parent_id?: number | null;
  created_at?: string;
  updated_at?: string;
  pano_viewer_url?: string;
}

export interface User {
  id: number;
  username?: string;
  role?: string;
  bio?: string;
  avatar?: string;
  background?: string;
}

/** What POST /users answered (Document 3 does not show it; the emulator answers the user record). */
export type CreatedUser = Partial<User>;

/** What POST /rooms/:id/comments answered (not shown by Document 3): the members the emulator sends. */
export interface CommentRecord {
  id?: number;
  room_id?: number;
  user_id?: number;
  comment?: string;
  created_at?: string;
}
