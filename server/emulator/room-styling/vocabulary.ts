/**
 * The fixed vocabularies of the data set: the search-meta keys of Document 3 (section 2, "Search meta
 * entries"), tags, whitelabels and the words rooms and users are named from.
 */
export const STYLE_KEYS = [
  'Modern',
  'Eclectic',
  'Classic',
  'Country',
  'Glamour',
  'Minimal',
  'Retro',
  'Rustic',
  'Vintage',
  'Other',
] as const;

export const CATEGORY_KEYS = [
  'Kitchen',
  'Bathroom',
  'Bedroom',
  'Living room',
  'Dining Room',
  'Garden',
  'Kids room',
  'Office',
  'Other',
] as const;

export const TIMEFRAME_KEYS = ['Today', 'This week', 'This month'] as const;

export type StyleKey = (typeof STYLE_KEYS)[number];
export type CategoryKey = (typeof CATEGORY_KEYS)[number];
export type TimeframeKey = (typeof TIMEFRAME_KEYS)[number];

export const TAGS = [
  'cosy',
  'scandinavian',
  'industrial',
  'open plan',
  'small space',
  'family',
  'loft',
  'plants',
  'wood',
  'white',
  'colourful',
  'studio',
  'budget',
  'luxury',
  'contest',
  'christmas',
] as const;

/**
 * Whitelabels (retailers). Names are the subdomain part. The Basic-auth password of each is
 * `<name>-secret`, or ROOM_STYLING_WHITELABEL_PASSWORD_<NAME> (upper case, `-` as `_`) from the
 * environment (docs/emulator.md).
 */
export const WHITELABELS = ['woonhuis', 'casanova', 'nordhem', 'loftliving'] as const;

export const FIRST_NAMES = [
  'Anna',
  'Bram',
  'Chloé',
  'Daan',
  'Emma',
  'Finn',
  'Greta',
  'Hugo',
  'Iris',
  'Jonas',
  'Kiki',
  'Lars',
  'Mila',
  'Noah',
  'Olivia',
  'Pieter',
  'Quinn',
  'Roos',
  'Sem',
  'Tess',
  'Umar',
  'Vera',
  'Wout',
  'Xena',
  'Yara',
  'Zoë',
];

export const LAST_NAMES = [
  'de Vries',
  'Jansen',
  'Bakker',
  'Visser',
  'Smit',
  'Meijer',
  'Mulder',
  'de Boer',
  'Bos',
  'Vos',
  'Peters',
  'Hendriks',
  'Dekker',
  'Dijkstra',
  "O'Brien",
  'García',
];

export const ROOM_ADJECTIVES = [
  'Sunny',
  'Cosy',
  'Bright',
  'Quiet',
  'Spacious',
  'Tiny',
  'Warm',
  'Fresh',
  'Calm',
  'Bold',
  'Golden',
  'Green',
  'Urban',
  'Coastal',
];

/** Nouns per category, so names read like the room they are. */
export const CATEGORY_NOUNS: Record<CategoryKey | '', string[]> = {
  Kitchen: ['kitchen', 'cooking corner', 'kitchenette'],
  Bathroom: ['bathroom', 'wet room', 'washroom'],
  Bedroom: ['bedroom', 'guest room', 'master bedroom'],
  'Living room': ['living room', 'lounge', 'sitting room'],
  'Dining Room': ['dining room', 'dinner corner', 'breakfast room'],
  Garden: ['garden', 'terrace', 'patio'],
  'Kids room': ['kids room', 'nursery', 'playroom'],
  Office: ['home office', 'study', 'workspace'],
  Other: ['attic', 'studio', 'hallway', 'loft'],
  '': ['room', 'space', 'corner'],
};

export const BIOS = [
  'Interior design student who loves Scandinavian light.',
  'I redesign my flat every season. <b>Not</b> a professional.',
  'Retired carpenter, now building rooms in 3D.',
  'Plants, wood and more plants.',
  '',
  'Architect by day, roomstyler by night.',
];
