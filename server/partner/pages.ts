/**
 * The partner's own pages: the demo login page ("Connect your planner account") and the page shown
 * when a sign-in cannot be completed, in English or Dutch after the browser's Accept-Language.
 * Every dynamic string is escaped; the pages allow no script.
 */
import type { Context } from 'hono';
import type { PartnerEnv } from './context.ts';

export const escapeHtml = (s: string) =>
  s.replace(
    /[<>&"']/g,
    (ch) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&#39;' })[ch]!,
  );

const STRINGS = {
  en: {
    title: 'Planner account',
    connected: 'Your planner account is connected. The access lasts another {minutes} minutes.',
    continue: 'Continue',
    disconnect: 'Disconnect',
    disconnected: 'Your planner account is disconnected.',
    explain:
      'To export plans from this portal, connect your planner account. You will sign in at the planner and come back here.',
    connect: 'Connect your planner account',
    problemTitle: 'Sign-in not completed',
    startAgain: 'Start again',
    badState: 'The sign-in could not be verified (unknown or expired state). Please start again.',
    denied: 'The planner did not grant access ({error}).',
    noCode: 'The planner sent no authorization code.',
    refused: 'The planner refused the sign-in (status {status}). Please start again.',
  },
  nl: {
    title: 'Planner-account',
    connected: 'Je planner-account is gekoppeld. De toegang geldt nog {minutes} minuten.',
    continue: 'Verder',
    disconnect: 'Ontkoppelen',
    disconnected: 'Je planner-account is ontkoppeld.',
    explain:
      'Koppel je planner-account om plattegronden vanuit dit portaal te exporteren. Je logt in bij de planner en komt daarna hier terug.',
    connect: 'Koppel je planner-account',
    problemTitle: 'Inloggen niet voltooid',
    startAgain: 'Opnieuw beginnen',
    badState: 'De aanmelding kon niet worden gecontroleerd (onbekende of verlopen state). Begin opnieuw.',
    denied: 'De planner gaf geen toegang ({error}).',
    noCode: 'De planner stuurde geen autorisatiecode.',
    refused: 'De planner weigerde de aanmelding (status {status}). Begin opnieuw.',
  },
} as const;

export type PageText = keyof (typeof STRINGS)['en'];
type Lang = keyof typeof STRINGS;

/** Dutch when the browser prefers it over English, English otherwise. */
function langOf(c: Context<PartnerEnv>): Lang {
  const header = c.req.header('accept-language') ?? '';
  const first = header
    .split(',')
    .map((part) => part.trim().split(';')[0]!.toLowerCase())
    .find((tag) => tag.startsWith('nl') || tag.startsWith('en'));
  return first?.startsWith('nl') ? 'nl' : 'en';
}

export function text(
  c: Context<PartnerEnv>,
  key: PageText,
  values: Record<string, string | number> = {},
): string {
  return STRINGS[langOf(c)][key].replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? ''));
}

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
  c.header('Vary', 'Accept-Language', { append: true });
  return c.html(
    `<!doctype html><html lang="${langOf(c)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
      `<title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`,
    status,
  );
}

export function loginPage(
  c: Context<PartnerEnv>,
  state: { connected: boolean; expiresIn: number; returnTo: string; disconnected?: boolean },
) {
  const t = (key: PageText, values?: Record<string, string | number>) => escapeHtml(text(c, key, values));
  const startHref = `oauth/start?return_to=${encodeURIComponent(state.returnTo)}`;
  const note = state.disconnected ? `<p role="status">${t('disconnected')}</p>` : '';
  const body = state.connected
    ? `<h1>${t('title')}</h1>${note}<p>${t('connected', { minutes: Math.max(1, Math.round(state.expiresIn / 60)) })}</p>` +
      `<p><a class="button" href="${escapeHtml(state.returnTo)}">${t('continue')}</a></p>` +
      `<form method="post" action="oauth/revoke?return_to=${encodeURIComponent(state.returnTo)}"><button class="secondary" type="submit">${t('disconnect')}</button></form>`
    : `<h1>${t('title')}</h1>${note}<p>${t('explain')}</p>` +
      `<p><a class="button" href="${escapeHtml(startHref)}">${t('connect')}</a></p>`;
  return page(c, text(c, 'title'), body);
}

export function problemPage(
  c: Context<PartnerEnv>,
  message: string,
  status: 400 | 500 | 502,
  retryHref: string,
) {
  const title = text(c, 'problemTitle');
  return page(
    c,
    title,
    `<h1>${escapeHtml(title)}</h1><p role="alert">${escapeHtml(message)}</p><p><a class="button" href="${escapeHtml(retryHref)}">${escapeHtml(text(c, 'startAgain'))}</a></p>`,
    status,
  );
}
