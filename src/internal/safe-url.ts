/** The URL policy lives in the api layer (src/api/safe-url.ts) so the api and panorama layers share it. */
export { safeHttpUrl } from '../api/safe-url.js';
