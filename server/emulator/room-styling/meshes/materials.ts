/**
 * The few PBR materials furniture is drawn in: the product's own colour in its finish (`main`), a
 * second colour (`accent`: cushions, a rug's border), and fixed ones (woods, metal, ceramic, a
 * screen, foliage). Base colours are sRGB 0..255 here and written linear, as glTF wants them.
 */
export type Rgb = [number, number, number];

export type Finish = 'fabric' | 'wood' | 'lacquer' | 'metal' | 'ceramic';

export type MaterialName =
  | 'main'
  | 'accent'
  | 'wood'
  | 'darkWood'
  | 'metal'
  | 'black'
  | 'ceramic'
  | 'stone'
  | 'screen'
  | 'glass'
  | 'leaf'
  | 'soil'
  | 'linen'
  | 'lampshade'
  | 'book1'
  | 'book2'
  | 'book3';

export interface Pbr {
  colour: Rgb;
  roughness: number;
  metalness: number;
  /** Drawn with alpha blending (glass). */
  opacity?: number;
  emissive?: Rgb;
}

const FINISH: Record<Finish, Omit<Pbr, 'colour'>> = {
  fabric: { roughness: 0.95, metalness: 0 },
  wood: { roughness: 0.7, metalness: 0 },
  lacquer: { roughness: 0.45, metalness: 0 },
  metal: { roughness: 0.35, metalness: 0.6 },
  ceramic: { roughness: 0.25, metalness: 0 },
};

const FIXED: Record<Exclude<MaterialName, 'main' | 'accent'>, Pbr> = {
  wood: { colour: [176, 132, 88], roughness: 0.7, metalness: 0 },
  darkWood: { colour: [82, 58, 40], roughness: 0.65, metalness: 0 },
  metal: { colour: [170, 172, 176], roughness: 0.35, metalness: 0.6 },
  black: { colour: [38, 38, 40], roughness: 0.5, metalness: 0.1 },
  ceramic: { colour: [244, 244, 242], roughness: 0.2, metalness: 0 },
  stone: { colour: [214, 210, 202], roughness: 0.4, metalness: 0 },
  screen: { colour: [18, 20, 24], roughness: 0.15, metalness: 0 },
  glass: { colour: [200, 220, 230], roughness: 0.1, metalness: 0, opacity: 0.45 },
  leaf: { colour: [72, 128, 62], roughness: 0.8, metalness: 0 },
  soil: { colour: [74, 56, 42], roughness: 1, metalness: 0 },
  linen: { colour: [240, 238, 232], roughness: 0.95, metalness: 0 },
  lampshade: { colour: [246, 236, 212], roughness: 0.9, metalness: 0, emissive: [90, 80, 60] },
  book1: { colour: [150, 60, 52], roughness: 0.8, metalness: 0 },
  book2: { colour: [52, 88, 128], roughness: 0.8, metalness: 0 },
  book3: { colour: [214, 186, 120], roughness: 0.8, metalness: 0 },
};

/** The material `name` for a product of colour `main` / `accent` in `finish`. */
export function pbrOf(name: MaterialName, main: Rgb, accent: Rgb, finish: Finish): Pbr {
  if (name === 'main') return { colour: main, ...FINISH[finish] };
  if (name === 'accent') return { colour: accent, ...FINISH.fabric };
  return FIXED[name];
}

/** sRGB 0..255 to linear 0..1 (the glTF base colour factor is linear). */
export function linear(rgb: Rgb): [number, number, number] {
  return rgb.map((c) => {
    const v = c / 255;
    return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
}
