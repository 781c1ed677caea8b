// Test-only mount for the AR tests (registered in web-test-runner.config.mjs): the reference partner back
// end's upload route as a partner would deploy it behind TLS, with a short expiry so a test sees it end.
//   /partner-ar/...   createPartner({ uploadTtl: 2, publicUrl: 'https://partner.test/partner-ar' })
// The URLs it answers are https (Scene Viewer opens nothing else); the test reads the file back through
// the same path on the test server, as the TLS proxy in front of a real partner would pass it on.
import { Hono } from 'hono';
import { getRequestListener } from '@hono/node-server';
import { createPartner } from '../../../server/partner/app.ts';

/** Seconds an uploaded file is served in the AR tests. */
export const AR_UPLOAD_TTL_S = 2;
export const AR_PARTNER_PUBLIC_URL = 'https://partner.test/partner-ar';

const app = new Hono();
app.route('/partner-ar', createPartner({ uploadTtl: AR_UPLOAD_TTL_S, publicUrl: AR_PARTNER_PUBLIC_URL }));
const listener = getRequestListener(app.fetch);

/** Koa middleware: `/partner-ar/...` answered by that partner. */
export const arPartnerMiddleware = async (ctx, next) => {
  if (!/^\/partner-ar(\/|$)/.test(ctx.path)) return next();
  ctx.respond = false;
  await listener(ctx.req, ctx.res);
};
