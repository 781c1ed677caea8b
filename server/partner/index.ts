/**
 * The server entry of the package (`room-elements/partner`): the reference partner back end as a Hono
 * app, its options and its default store. Server side only: it holds the OAuth client secret. Runs on
 * Node, Deno, Bun and edge runtimes (Web APIs only); the Redis store is a separate, Node-only entry
 * (`room-elements/partner/redis`, ./redis-store.ts). See docs/partner.md.
 */
export { createPartner } from './app.ts';
export {
  PartnerConfigError,
  resolvePartnerOptions,
  type PartnerOptions,
  type PlannerFetch,
  type ResolvedPartnerOptions,
} from './options.ts';
export {
  MemoryStore,
  DEFAULT_MEMORY_LIMITS,
  StoreUnavailable,
  type MemoryStoreLimits,
  type PartnerStore,
} from './store.ts';
export { CALLBACK_BODY_BYTES, PROXY_BODY_BYTES, SMALL_BODY_BYTES } from './body-limit.ts';
export {
  EXPORT_READY,
  refuseUnsignedOrReplayed,
  signatureValid,
  type ReceivedExport,
  type ResultMap,
} from './export-results.ts';
