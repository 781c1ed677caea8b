/**
 * An FML area's own fill colour (ModelArea.color) as the plan paints it, and whether its label needs
 * light text to stay readable on it. The colour is untrusted input: only `#rgb` / `#rrggbb` pass, so
 * nothing but a colour ever reaches the style; anything else keeps the element's theme.
 */
import type { RoomModel } from '../../../model/types.js';

const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/** Area name → its FML colour, for the areas that give a valid one. */
export function areaColours(model: RoomModel | undefined): Map<string, string> {
  const colours = new Map<string, string>();
  for (const area of model?.areas ?? []) {
    const colour = typeof area.color === 'string' ? area.color.trim() : '';
    if (HEX.test(colour) && !colours.has(area.name)) colours.set(area.name, colour.toLowerCase());
  }
  return colours;
}

/** WCAG relative luminance of a `#rgb` / `#rrggbb` colour (0 black … 1 white). */
export function luminance(colour: string): number {
  const hex = colour.length === 4 ? colour.replace(/[0-9a-f]/gi, (d) => d + d) : colour;
  const [red, green, blue] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * red! + 0.7152 * green! + 0.0722 * blue!;
}

/**
 * True when dark label text (#2b2b2b) would read worse than white on the colour: the label then
 * switches to light text with a dark halo.
 */
export function isDark(colour: string): boolean {
  const l = luminance(colour);
  const onDarkText = (l + 0.05) / (0.0242 + 0.05); // contrast of #2b2b2b on it
  const onWhiteText = 1.05 / (l + 0.05);
  return onWhiteText > onDarkText;
}
