/**
 * What generated rooms are made of: materials in the sample's shape (colour materials `color-RRGGBB`,
 * textured `decor-N` ones with a texture path and a texture width sent as a string) and furniture
 * sizes in centimetres. `rgb` is for the emulator's own drawings (thumbnails, panoramas), not sent.
 */
import type { CategoryKey } from './vocabulary.ts';

export interface FloorDecor {
  id: string;
  texture: string;
  textureWidth: string;
  rgb: [number, number, number];
}

/** The first four ids and paths are the real sample's own floor decors. */
export const FLOOR_DECORS: FloorDecor[] = [
  {
    id: 'decor-2545',
    texture: 'floor_and_wall/original/Parquet_red_horizontal.jpg',
    textureWidth: '99',
    rgb: [150, 86, 52],
  },
  {
    id: 'decor-3714',
    texture: 'floor_and_wall/original/WhitePlanks.jpg',
    textureWidth: '28',
    rgb: [222, 214, 200],
  },
  {
    id: 'decor-98',
    texture: 'floor_and_wall/original/Jarrah_copy.JPG',
    textureWidth: '99',
    rgb: [140, 62, 40],
  },
  {
    id: 'decor-631',
    texture: 'floor_and_wall/original/T_SO_Ukr0045.jpg',
    textureWidth: '99',
    rgb: [180, 170, 150],
  },
  {
    id: 'decor-4100',
    texture: 'floor_and_wall/original/Oak_natural.jpg',
    textureWidth: '120',
    rgb: [196, 154, 108],
  },
  {
    id: 'decor-4211',
    texture: 'floor_and_wall/original/Concrete_grey.jpg',
    textureWidth: '200',
    rgb: [150, 150, 146],
  },
  {
    id: 'decor-4302',
    texture: 'floor_and_wall/original/Tiles_white_30.jpg',
    textureWidth: '60',
    rgb: [232, 232, 226],
  },
  {
    id: 'decor-4415',
    texture: 'floor_and_wall/original/Terracotta_tiles.jpg',
    textureWidth: '80',
    rgb: [188, 98, 66],
  },
  { id: 'decor-4520', texture: 'floor_and_wall/original/Lawn.jpg', textureWidth: '150', rgb: [92, 142, 62] },
];

/** Door and window frames: the sample's maple finish. */
export const FRAME_DECOR = {
  id: 'decor-2658',
  texture: 'W_DB_UK3052_maple2.jpg',
  textureWidth: '100',
  rgb: [214, 170, 120] as [number, number, number],
};

export const WALL_COLOURS = [
  'FFFFFF',
  'F2EFE9',
  'E8E2D4',
  'DCE3E8',
  'C9D6C3',
  'F3D9C4',
  'B8C4D6',
  '3D3D3C',
  'E7C6C6',
  'D9CBB0',
];

export interface FurnitureItem {
  name: string;
  w: number;
  d: number;
  h: number;
  /** Height of its top or seat surface, centimetres. */
  surface: number;
  place: 'wall' | 'center' | 'rug';
  rgb: [number, number, number];
}

const item = (
  name: string,
  w: number,
  d: number,
  h: number,
  place: FurnitureItem['place'],
  rgb: [number, number, number],
  surface = 0.1,
): FurnitureItem => ({ name, w, d, h, place, rgb, surface });

const SOFA = item('sofa', 220, 95, 85, 'wall', [96, 110, 130], 42);
const ARMCHAIR = item('armchair', 85, 85, 90, 'wall', [170, 120, 80], 45);
const TV_UNIT = item('tv unit', 180, 45, 55, 'wall', [60, 60, 60], 55);
const BOOKCASE = item('bookcase', 100, 35, 200, 'wall', [150, 110, 70]);
const COFFEE_TABLE = item('coffee table', 110, 60, 45, 'center', [120, 85, 55], 45);
const RUG = item('rug', 240, 170, 1, 'rug', [190, 80, 70]);
const FLOOR_LAMP = item('floor lamp', 40, 40, 170, 'wall', [230, 210, 150]);
const PLANT = item('plant', 45, 45, 120, 'wall', [70, 130, 60]);
const BED = item('bed', 180, 210, 55, 'wall', [235, 235, 240], 55);
const SMALL_BED = item('single bed', 100, 200, 50, 'wall', [120, 170, 220], 50);
const NIGHTSTAND = item('nightstand', 50, 40, 55, 'wall', [160, 120, 80], 55);
const WARDROBE = item('wardrobe', 200, 60, 220, 'wall', [200, 190, 175]);
const DRESSER = item('dresser', 120, 50, 85, 'wall', [170, 130, 90], 85);
const COUNTER = item('kitchen counter', 240, 62, 90, 'wall', [225, 225, 225], 90);
const FRIDGE = item('fridge', 60, 65, 185, 'wall', [210, 214, 218]);
const STOVE = item('stove', 60, 62, 90, 'wall', [80, 80, 80], 90);
const TABLE = item('dining table', 160, 90, 75, 'center', [140, 100, 65], 75);
const BIG_TABLE = item('dining table large', 200, 100, 75, 'center', [110, 75, 45], 75);
const CHAIR = item('chair', 45, 50, 90, 'center', [90, 70, 55], 46);
const SIDEBOARD = item('sideboard', 180, 45, 85, 'wall', [100, 80, 60], 85);
const BATHTUB = item('bathtub', 170, 75, 60, 'wall', [245, 245, 245]);
const SINK = item('washbasin', 80, 48, 85, 'wall', [240, 240, 240], 85);
const TOILET = item('toilet', 40, 65, 78, 'wall', [250, 250, 250], 42);
const CABINET = item('tall cabinet', 60, 35, 180, 'wall', [200, 200, 195]);
const GARDEN_TABLE = item('garden table', 150, 90, 74, 'center', [120, 120, 110], 74);
const BENCH = item('bench', 150, 60, 80, 'wall', [150, 110, 70], 45);
const DESK = item('desk', 160, 80, 75, 'wall', [180, 150, 110], 75);
const KIDS_DESK = item('kids desk', 110, 60, 65, 'wall', [240, 200, 90], 65);
const TOY_BOX = item('toy box', 80, 40, 50, 'wall', [220, 90, 90], 50);
const OFFICE_CHAIR = item('office chair', 65, 65, 110, 'center', [40, 40, 40], 48);

export const FURNITURE_BY_CATEGORY: Record<CategoryKey | '', FurnitureItem[]> = {
  'Living room': [SOFA, TV_UNIT, ARMCHAIR, BOOKCASE, PLANT, FLOOR_LAMP, RUG, COFFEE_TABLE],
  Bedroom: [BED, WARDROBE, NIGHTSTAND, NIGHTSTAND, DRESSER, PLANT, RUG],
  Kitchen: [COUNTER, FRIDGE, STOVE, COUNTER, TABLE, CHAIR, CHAIR, CHAIR, CHAIR],
  Bathroom: [BATHTUB, SINK, TOILET, CABINET, PLANT],
  'Dining Room': [SIDEBOARD, PLANT, FLOOR_LAMP, RUG, BIG_TABLE, CHAIR, CHAIR, CHAIR, CHAIR, CHAIR, CHAIR],
  Garden: [BENCH, PLANT, PLANT, PLANT, GARDEN_TABLE, CHAIR, CHAIR, CHAIR, CHAIR],
  'Kids room': [SMALL_BED, KIDS_DESK, TOY_BOX, BOOKCASE, RUG],
  Office: [DESK, BOOKCASE, BOOKCASE, ARMCHAIR, PLANT, OFFICE_CHAIR],
  Other: [SOFA, BOOKCASE, PLANT, RUG, COFFEE_TABLE],
  '': [SOFA, BOOKCASE, PLANT, TABLE, CHAIR, CHAIR],
};

/** The category furnishing a plan's second area. */
export const SECOND_AREA: Record<CategoryKey | '', CategoryKey> = {
  'Living room': 'Dining Room',
  Bedroom: 'Bathroom',
  Kitchen: 'Dining Room',
  Bathroom: 'Bedroom',
  'Dining Room': 'Living room',
  Garden: 'Other',
  'Kids room': 'Bedroom',
  Office: 'Living room',
  Other: 'Office',
  '': 'Other',
};

/** The floor a category gets most often. */
export const FLOORS_BY_CATEGORY: Record<CategoryKey | '', string[]> = {
  Kitchen: ['decor-4302', 'decor-4211', 'decor-4415', 'decor-4100'],
  Bathroom: ['decor-4302', 'decor-4211', 'decor-4415'],
  Garden: ['decor-4520', 'decor-4415'],
  Bedroom: ['decor-3714', 'decor-4100', 'decor-2545', 'decor-631'],
  'Living room': ['decor-2545', 'decor-4100', 'decor-98', 'decor-3714', 'decor-4211'],
  'Dining Room': ['decor-2545', 'decor-4100', 'decor-98'],
  'Kids room': ['decor-3714', 'decor-4100', 'decor-631'],
  Office: ['decor-4100', 'decor-4211', 'decor-98'],
  Other: ['decor-631', 'decor-4211', 'decor-2545'],
  '': ['decor-4100', 'decor-631'],
};
