/**
 * The real FML projects as the emulator serves them to a connected partner, for the <room-plan> and
 * <room-viewer> FML tests: one copy of the sign-in, the token and the "real or generated" check; and the
 * made-up two-floor home the emulator always serves (the walk and the tour's stairs).
 */
import { expect } from '@esm-bundle/chai';
import { PLANNING } from './emulator.ts';
import { connectPartner, TOKEN_ENDPOINT } from './partner.ts';

export { TOKEN_ENDPOINT };

/** The six real projects (ids as in ../shared/realdata/floorplanner/fml-json-v3/ file names). */
export const REAL_PROJECTS = [186515206, 186655222, 186782365, 186997360, 187026346, 187062499];

/** The attributes a portal shows project `id` by: its id, the planning service, the partner's token endpoint. */
export const projectAttributes = (id: number): Record<string, string> => ({
  'project-id': String(id),
  'planner-base': PLANNING,
  'token-endpoint': TOKEN_ENDPOINT,
});

let token: string | undefined;
/** The project's FML JSON as the emulator serves it, or undefined when it is not the real one. */
async function realFml(id: number): Promise<Record<string, unknown> | undefined> {
  if (!token) {
    if (!(await connectPartner())) return undefined;
    const answer = await fetch(TOKEN_ENDPOINT, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ project_id: 186997360 }),
    });
    token = answer.ok ? ((await answer.json()) as { access_token: string }).access_token : undefined;
  }
  const response = await fetch(`${PLANNING}/projects/${id}/fml`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  if (!response.ok) return undefined;
  const doc = (await response.json()) as { floors?: { designs?: { items?: unknown[] }[] }[] };
  // a real document has catalogue items; the generated home (no ../shared/realdata) only the kit's own
  const real = (items: unknown[] = []) =>
    items.some((item) => !String((item as { refid?: unknown }).refid ?? '').startsWith('kit-'));
  return doc.floors?.some((f) => f.designs?.some((d) => real(d.items))) ? doc : undefined;
}

/** The real project's FML, or the test skipped with the reason when ../shared/realdata is absent. */
export async function needsReal(test: Mocha.Context, id: number): Promise<Record<string, unknown>> {
  const doc = await realFml(id);
  if (!doc) {
    console.warn(
      `skipped "${test.test?.title}": project ${id} is served only when ../shared/realdata exists`,
    );
    test.skip();
  }
  return doc!;
}

/** The planning emulator's made-up two-floor home (server/emulator/planning/domain/demo-home.ts). */
export const DEMO_HOME = 29250001;

let demoHome: unknown;
/** The made-up home's FML JSON as the emulator serves a connected partner (fetched once a test file). */
export async function demoHomeFml(): Promise<unknown> {
  if (demoHome) return demoHome;
  expect(await connectPartner(), 'the partner signed in').to.equal(true);
  const answer = await fetch(TOKEN_ENDPOINT, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ project_id: DEMO_HOME }),
  });
  const { access_token } = (await answer.json()) as { access_token: string };
  const response = await fetch(`${PLANNING}/projects/${DEMO_HOME}/fml`, {
    headers: { Authorization: `Bearer ${access_token}` },
  });
  expect(response.status).to.equal(200);
  return (demoHome = await response.json());
}
