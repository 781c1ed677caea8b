/**
 * The partner's own pages: the demo login page ("Connect your planner account") and the page shown
 * when a sign-in cannot be completed. Every dynamic string is escaped; the pages allow no script.
 */
import type { Context } from 'hono';
import type { PartnerEnv } from './context.ts';

export const escapeHtml = (s: string) =>
  s.replace(
    /[<>&"']/g,
    (ch) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&#39;' })[ch]!,
  );

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;margin:0;display:grid;place-items:center;min-height:100vh;background:#f5f5f2;color:#222}
main{background:#fff;padding:2rem 2.5rem;border-radius:12px;box-shadow:0 2px 12px #0002;max-width:30rem}
a.button,button{display:inline-block;font:inherit;padding:.6rem 1.1rem;border-radius:8px;border:0;background:#1f5fbf;color:#fff;text-decoration:none;cursor:pointer}
button.secondary{background:#666}[role=alert]{color:#a00}:focus-visible{outline:3px solid #f0a000;outline-offset:2px}`;

function page(c: Context<PartnerEnv>, title: string, body: string, status: 200 | 400 | 502 | 500 = 200) {
  c.header(
    'Content-Security-Policy',
    "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'",
  );
  c.header('Cache-Control', 'no-store');
  c.header('Referrer-Policy', 'same-origin');
  return c.html(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
      `<title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`,
    status,
  );
}

export function loginPage(
  c: Context<PartnerEnv>,
  state: { connected: boolean; expiresIn: number; returnTo: string; error?: string },
) {
  const startHref = `oauth/start?return_to=${encodeURIComponent(state.returnTo)}`;
  const error = state.error ? `<p role="alert">${escapeHtml(state.error)}</p>` : '';
  const body = state.connected
    ? `<h1>Planner account</h1>${error}<p>Your planner account is connected. The access lasts another ${Math.max(1, Math.round(state.expiresIn / 60))} minutes.</p>` +
      `<p><a class="button" href="${escapeHtml(state.returnTo)}">Continue</a></p>` +
      `<form method="post" action="oauth/revoke?return_to=${encodeURIComponent(state.returnTo)}"><button class="secondary" type="submit">Disconnect</button></form>`
    : `<h1>Planner account</h1>${error}<p>To export plans from this portal, connect your planner account. You will sign in at the planner and come back here.</p>` +
      `<p><a class="button" href="${escapeHtml(startHref)}">Connect your planner account</a></p>`;
  return page(c, 'Planner account', body);
}

export function problemPage(
  c: Context<PartnerEnv>,
  message: string,
  status: 400 | 500 | 502,
  retryHref: string,
) {
  return page(
    c,
    'Sign-in not completed',
    `<h1>Sign-in not completed</h1><p role="alert">${escapeHtml(message)}</p><p><a class="button" href="${escapeHtml(retryHref)}">Start again</a></p>`,
    status,
  );
}
