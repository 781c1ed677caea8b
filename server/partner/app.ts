import { Hono } from 'hono';

export interface PartnerOptions {
  /** Root of the planning service's OAuth endpoints, e.g. http://127.0.0.1:4010/planning */
  oauthBase?: string;
}

/** The reference partner back end (being built: see issue 6). */
export function createPartner(_options: PartnerOptions = {}): Hono {
  const app = new Hono();
  return app;
}
