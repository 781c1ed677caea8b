/**
 * Signs `text` as the planner signs its export callbacks: HMAC-SHA-256 under `key`, written as
 * `sha256=<hex>` (the value of its signature header). The emulator's own signer, so the tests sign
 * exactly as the planner does.
 */
export { signBody as hmac } from '../../../server/emulator/planning/domain/sign.ts';
