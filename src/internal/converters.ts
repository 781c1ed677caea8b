/** Attribute converters shared by every element, so one word means the same on every tag. */
import type { ComplexAttributeConverter } from 'lit';

const OFF = /^(false|off|no|0)$/i;

/**
 * A feature that is on by default (`controls`, `navbar`): on when the attribute is absent or empty,
 * off when it says `false`, `off`, `no` or `0`.
 */
export const onUnlessFalse: ComplexAttributeConverter<boolean> = {
  fromAttribute: (value: string | null) => value === null || !OFF.test(value.trim()),
  toAttribute: (value: boolean) => (value ? '' : 'false'),
};

/**
 * A boolean attribute that is off by default (`combine`): present means on, except when it says
 * `false` (a common way to write it, which a plain boolean attribute would read as on).
 */
export const presentUnlessFalse: ComplexAttributeConverter<boolean> = {
  fromAttribute: (value: string | null) => value !== null && value.trim().toLowerCase() !== 'false',
  toAttribute: (value: boolean) => (value ? '' : null),
};
