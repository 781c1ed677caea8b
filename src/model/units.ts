/**
 * Units for showing plan figures: the model is in centimetres; people read metres and square
 * metres, or feet and square feet.
 */
export type Units = 'metric' | 'imperial';

export const CM_PER_FOOT = 30.48;
export const CM_PER_INCH = 2.54;
export const CM2_PER_M2 = 10_000;
export const CM2_PER_FT2 = CM_PER_FOOT * CM_PER_FOOT;

/** `imperial` for "imperial" (any case), else `metric`. */
export function parseUnits(value: unknown): Units {
  return typeof value === 'string' && value.trim().toLowerCase() === 'imperial' ? 'imperial' : 'metric';
}

/**
 * Made once per locale and precision: an Intl.NumberFormat costs far more to make than to use (a
 * plan's labels made one each, and that was a third of the viewer's scene build on a slow phone).
 * A handful of locales at most on a page; the map is cleared past 32 all the same.
 */
const formats = new Map<string, Intl.NumberFormat>();

function numberFormat(locale: string | undefined, digits: number): Intl.NumberFormat {
  const key = `${locale ?? ''}\n${digits}`;
  let format = formats.get(key);
  if (!format) {
    const options = { maximumFractionDigits: digits, minimumFractionDigits: digits };
    try {
      format = new Intl.NumberFormat(locale, options);
    } catch {
      format = new Intl.NumberFormat('en', options);
    }
    if (formats.size >= 32) formats.clear();
    formats.set(key, format);
  }
  return format;
}

/**
 * Makes the number formats of `locale` ahead, while the page waits for the network: the first
 * Intl.NumberFormat of a page loads the number data (about 14 ms on a laptop, four times that on a
 * mid-range phone), and a viewer otherwise paid it in the task that first described its room.
 */
export function warmNumberFormats(locale?: string): void {
  for (const digits of [0, 1, 2]) numberFormat(locale, digits);
}

/** A floor area given in cm²: "12.3 m²" (one decimal) or "132 ft²" (whole square feet). */
export function formatArea(cm2: number, units: Units = 'metric', locale?: string): string {
  if (!Number.isFinite(cm2)) return '';
  if (units === 'imperial') return `${numberFormat(locale, 0).format(cm2 / CM2_PER_FT2)} ft²`;
  return `${numberFormat(locale, 1).format(cm2 / CM2_PER_M2)} m²`;
}

/** A length given in cm: "11.79 m" or 38′ 8″ (feet and whole inches). */
export function formatLength(cm: number, units: Units = 'metric', locale?: string): string {
  if (!Number.isFinite(cm)) return '';
  if (units === 'imperial') {
    let inches = Math.round(Math.abs(cm) / CM_PER_INCH);
    const feet = Math.floor(inches / 12);
    inches -= feet * 12;
    return `${cm < 0 ? '−' : ''}${feet}′ ${inches}″`;
  }
  return `${numberFormat(locale, 2).format(cm / 100)} m`;
}

/** The number of square metres or square feet in `cm2`. */
export function convertArea(cm2: number, units: Units): number {
  return cm2 / (units === 'imperial' ? CM2_PER_FT2 : CM2_PER_M2);
}
