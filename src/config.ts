/**
 * Page-wide defaults shared by every element. An attribute set on an element wins over these;
 * without either, the elements talk to the real services.
 */
export interface RoomElementsConfig {
  /** Root of the room-styling service (Document 3's `{base_url}`). */
  apiBase: string;
  /** Root of the planning JSON API v2 (Document 1's `{base_url}`, ending in /api/v2). */
  plannerBase: string;
  /** Whitelabel name: becomes the `whitelabel` filter of room lists. */
  whitelabel?: string;
  /** A logged-in user's token (Document 3, section 5). */
  token?: string;
}

export const DEFAULT_CONFIG: Readonly<RoomElementsConfig> = Object.freeze({
  apiBase: 'https://roomstyler.com/api',
  plannerBase: 'https://floorplanner.com/api/v2',
});

let current: RoomElementsConfig = { ...DEFAULT_CONFIG };

/** Sets page-wide defaults; members left out keep their value. */
export function configure(patch: Partial<RoomElementsConfig>): void {
  const next = { ...current };
  for (const [key, value] of Object.entries(patch) as [keyof RoomElementsConfig, string | undefined][]) {
    if (value !== undefined) next[key] = value;
  }
  current = next;
}

/** The page-wide configuration in force now. */
export function getConfig(): Readonly<RoomElementsConfig> {
  return current;
}

/** Restores the built-in defaults (for tests and for pages that reconfigure). */
export function resetConfig(): void {
  current = { ...DEFAULT_CONFIG };
}
