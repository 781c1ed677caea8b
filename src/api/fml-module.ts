/**
 * The FML reader and bridge for a document, loaded on demand (src/api/model-source.ts re-exports it):
 * the XML one (with fast-xml-parser) only for XML.
 */
import type { FmlReadResult } from '../model/fml/types.js';

/** The FML reader and bridge of one document's kind. */
export interface FmlModule {
  readFml: (input: unknown) => FmlReadResult;
  fmlDesignToRoomModel: typeof import('../model/fml/fml-to-room-model.js').fmlDesignToRoomModel;
}

const fmlModules: Partial<Record<'xml' | 'json', Promise<FmlModule>>> = {};
/**
 * The FML reader for a document, fetched once per page (a failed fetch is tried again next time): the
 * whole reader for XML text, and for FML JSON a reader without the XML side (model/fml/json-only.ts),
 * so a JSON plan never fetches fast-xml-parser.
 */
export function loadFmlModule(input: unknown): Promise<FmlModule> {
  const kind = typeof input === 'string' && /^\uFEFF?\s*</.test(input.slice(0, 1_000)) ? 'xml' : 'json';
  const load = kind === 'xml' ? import('../model/fml/index.js') : import('../model/fml/json-only.js');
  fmlModules[kind] ??= load.catch((error: unknown) => {
    delete fmlModules[kind];
    throw error;
  });
  return fmlModules[kind];
}
