/**
 * GET /rooms/search/meta as a function (RoomStylingClient.searchMeta calls it) and its schema: the
 * names and keys of styles, categories and timeframes. Built from the same few valibot pieces as the
 * room list (room-schema.ts), so a page that shows the gallery's filters does not download more of
 * valibot: an entry needs a name (text); its key is text or ''; its image_url a string, if present.
 */
import * as v from 'valibot';
import type { CallOptions, RoomStylingClientOptions } from './call.js';
import { getValidated } from './get-validated.js';
import { string, text } from './fields.js';
import type { MetaEntry, SearchMeta } from './types.js';

const MetaEntrySchema = v.pipe(
  v.looseObject({
    name: v.custom<string | number>(
      (x) => text(x) !== undefined,
      (issue) => `Invalid type: Expected (string | number) but received ${issue.received}`,
    ),
  }),
  v.transform((input): MetaEntry => {
    const entry: MetaEntry = { name: text(input.name)!, key: text(input.key) ?? '' };
    if ('image_url' in input) entry.image_url = string(input.image_url);
    return entry;
  }),
);

export const SearchMetaSchema = v.pipe(
  v.looseObject({
    styles: v.array(MetaEntrySchema),
    categories: v.array(MetaEntrySchema),
    timeframes: v.array(MetaEntrySchema),
  }),
  // only the three lists, as v.object() would keep
  v.transform(({ styles, categories, timeframes }): SearchMeta => ({ styles, categories, timeframes })),
);

export function searchMeta(options: RoomStylingClientOptions, call?: CallOptions): Promise<SearchMeta> {
  return getValidated(options, SearchMetaSchema, '/rooms/search/meta', {}, call);
}
