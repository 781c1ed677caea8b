/**
 * The locales that group by thousands with "," and write "." for the decimal point, which
 * ./units.ts writes without Intl (en-IN groups by lakhs, en-ZA writes "1 234,5": those go to Intl).
 * A module of its own: ./warm-formats.ts needs it without units.ts.
 */
export const PLAIN_ENGLISH = /^en(?:-(?:us|gb|au|ca|nz|ie))?$/i;
