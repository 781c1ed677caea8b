/**
 * The partner back end mounted on the test page's origin: its token endpoint, its export callback,
 * and the sign-in a visitor makes through the planning emulator's OAuth flow.
 */

export const TOKEN_ENDPOINT = `${location.origin}/partner/token`;
export const CALLBACK = `${location.origin}/partner/export-callback`;

/**
 * Logs in to the partner through the real OAuth flow (partner /oauth/start -> emulator
 * /oauth/authorize -> partner /oauth/callback -> return_to), with fetch, which follows the redirects
 * and keeps the session cookie; false when the session is not connected after it.
 */
export async function connectPartner(): Promise<boolean> {
  await fetch('/partner/oauth/start?return_to=/partner/session', {
    redirect: 'follow',
    credentials: 'same-origin',
  });
  const session = await fetch('/partner/session', { credentials: 'same-origin' });
  return session.ok && ((await session.json()) as { connected?: boolean }).connected === true;
}
