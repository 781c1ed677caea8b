/**
 * API-key authentication (Document 1, section 5, item 1): HTTP Basic with the key as the user name
 * and the letter x as the password. SERVER SIDE ONLY: the key grants the whole account, so it must
 * never reach a browser. The element never imports this file, so it stays out of browser bundles.
 */
import type { PlanningAuth } from './context.js';

export function apiKey(key: string): PlanningAuth {
  // btoa exists in Node 18+ and every edge runtime; the key is ASCII.
  return { authorization: `Basic ${btoa(`${key}:x`)}` };
}
