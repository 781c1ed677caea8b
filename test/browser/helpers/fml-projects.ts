/**
 * The real FML projects as the emulator serves them to a connected partner, for the <room-plan> and
 * <room-viewer> FML tests: one copy of the sign-in, the token and the "real or generated" check.
 */
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
