// Document 1, section 4.1 (users) through the planning client against the emulator over real HTTP:
// the three accounts, sub-users, roles (plus and pro by partners only), profile and company, the
// user token, and each documented error.
import { after, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Running } from './helpers/server.ts';
import { apiKey } from '../../src/api/planning/server.ts';
import { bearer, type PlanningContext } from '../../src/api/planning/context.ts';
import { listProjects } from '../../src/api/planning/projects.ts';
import {
  createUser,
  destroyUser,
  destroyUserCompany,
  listUsers,
  searchUsers,
  showUser,
  showUserCompany,
  showUserProfile,
  updateUser,
  updateUserCompany,
  updateUserProfile,
  userToken,
} from '../../src/api/planning/users.ts';
import { rejection, resetPlanning, startPlanningV2 } from './helpers/planning.ts';

describe('planning v2: users (section 4.1)', () => {
  let running: Running;
  let base: string;
  let A: PlanningContext;
  let B: PlanningContext;
  let C: PlanningContext;

  before(async () => {
    ({ running, base, A, B, C } = await startPlanningV2(2));
  });
  after(() => running.close());
  beforeEach(() => resetPlanning(running));

  it('each of the three accounts answers /users/profile.json with its own user', async () => {
    const [a, b, c] = await Promise.all([showUserProfile(A), showUserProfile(B), showUserProfile(C)]);
    assert.deepEqual(
      [a, b, c].map((u) => [u.id, u.email]),
      [
        [1001, 'demo@planner.example'],
        [1002, 'other@planner.example'],
        [1003, 'partner-c@planner.example'],
      ],
    );
    // B is not a sub-user of A: both hang off the service's root account
    assert.equal(b.parent_id, 1000);
    assert.equal(a.parent_id, 1000);
    assert.equal(b.role, 'free');
    assert.ok(a.profile && a.company, 'profile and company come with the profile operation');
    assert.equal((await showUserCompany(A)).company?.name, 'Demo Interiors B.V.');
    const raw = await (
      await fetch(`${base}/users/profile.json`, {
        headers: { Authorization: 'Basic ' + btoa('demo-key-c:x') },
      })
    ).json();
    for (const key of ['id', 'email', 'created_at', 'updated_at', 'measurement_system', 'parent_id', 'role'])
      assert.ok(key in raw, key);
    assert.match(raw.created_at, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it('creates sub-users; index and search list only the caller’s own', async () => {
    const sub = await createUser(A, {
      email: 'kitchen@shop.example',
      password: 'secret-1',
      country_code: 'NL',
      measurement_system: 'IMPERIAL',
      language: 'nl',
      external_identifier: 'shop-7',
    });
    assert.equal(sub.parent_id, 1001);
    assert.equal(sub.creator_id, 1001);
    assert.equal(sub.role, 'subuser');
    assert.equal(sub.measurement_system, 'IMPERIAL');
    assert.equal(sub.profile, undefined, 'create answers the user without profile');
    await createUser(A, { email: 'bath@shop.example', password: 'secret-2' });
    await createUser(C, { email: 'c-sub@other.example', password: 'secret-3' });

    const list = await listUsers(A);
    assert.deepEqual(
      list.map((u) => u.email),
      ['kitchen@shop.example', 'bath@shop.example'],
    );
    assert.ok(list.every((u) => !('profile' in u)));
    const withProfile = await listUsers(A, { profile: true, company: true, per_page: 1, page: 2 });
    assert.equal(withProfile.length, 1);
    assert.ok('profile' in withProfile[0]! && 'company' in withProfile[0]!);
    assert.deepEqual(await listUsers(B), []);

    const found = await searchUsers(A, { email: 'shop.ex' });
    assert.equal(found.total, 2);
    assert.equal(found.results.length, 2);
    const raw = await (
      await fetch(`${base}/users/search.json?email=KITCHEN`, {
        headers: { Authorization: A.auth!.authorization },
      })
    ).json();
    assert.equal(raw.total, '1', 'total is a string holding the count');
    assert.ok(Array.isArray(raw.search_after) && raw.search_after.every(Array.isArray));
    assert.deepEqual((await searchUsers(C, { email: 'shop' })).results, []);
  });

  it('roles plus and pro only by partner accounts; sub-users create no users', async () => {
    assert.equal(
      (await createUser(A, { email: 'pro@x.example', password: 'secret-1', role: 'pro' })).role,
      'pro',
    );
    assert.equal(
      (await createUser(C, { email: 'plus@x.example', password: 'secret-1', role: 'plus' })).role,
      'plus',
    );
    const refused = await rejection(
      createUser(B, { email: 'p2@x.example', password: 'secret-1', role: 'pro' }),
    );
    assert.equal(refused.status, 403);
    assert.equal((await createUser(B, { email: 'b-sub@x.example', password: 'secret-1' })).role, 'subuser');
    const sub = await createUser(A, { email: 'sub@x.example', password: 'secret-1' });
    const subCtx = { base, auth: bearer((await userToken(A, sub.id)).token), retries: 0 };
    assert.equal(
      (await rejection(createUser(subCtx, { email: 'x@x.example', password: 'secret-1' }))).status,
      403,
    );
  });

  it('create refuses invalid fields with 422 and a body naming them', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ password: 'secret-1' }, 'email: is required'],
      [{ email: 'nope', password: 'secret-1' }, 'email: must be an email address'],
      [{ email: 'a@b.example' }, 'password: is required'],
      [
        { email: 'a@b.example', password: 'secret-1', country_code: 'NLD' },
        'country_code: must be 2 letters',
      ],
      [{ email: 'a@b.example', password: 'secret-1', measurement_system: 'metric' }, 'measurement_system'],
      [{ email: 'a@b.example', password: 'secret-1', external_identifier: '12345' }, 'must not be numerical'],
      [{ email: 'a@b.example', password: 'secret-1', role: 'admin' }, 'role: must be subuser, plus or pro'],
      [{ email: 'demo@planner.example', password: 'secret-1' }, 'email: has already been taken'],
    ];
    for (const [user, detail] of cases) {
      const error = await rejection(createUser(A, user as never));
      assert.equal(error.status, 422, JSON.stringify(user));
      const body = error.body as { error: string; details: string[] };
      assert.equal(body.error, 'invalid parameters specified');
      assert.ok(
        body.details.some((d) => d.includes(detail)),
        `${detail} in ${body.details.join('; ')}`,
      );
    }
    // a body wrapped in its resource key and a bare one are read the same
    const bare = await fetch(`${base}/users.json`, {
      method: 'POST',
      headers: { Authorization: A.auth!.authorization, 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'bare@x.example', password: 'secret-1' }),
    });
    assert.equal(bare.status, 200);
  });

  it('shows, updates (POST, PUT, PATCH) and destroys a sub-user; others’ users are 403, unknown 404', async () => {
    const sub = await createUser(A, { email: 'u@x.example', password: 'secret-1' });
    const shown = await showUser(A, sub.id);
    assert.equal(shown.profile, null);
    assert.equal(shown.company, null);
    for (const method of ['PUT', 'PATCH', 'POST'] as const) {
      const updated = await updateUser(
        A,
        sub.id,
        { email: `u-${method}@x.example`, password: 'secret-9', language: 'de' },
        method,
      );
      assert.equal(updated.email, `u-${method}@x.example`);
      assert.equal(updated.language, 'de');
    }
    const missing = await rejection(updateUser(A, sub.id, { language: 'fr' } as never));
    assert.equal(missing.status, 422, 'account fields need email and password');
    assert.equal((await rejection(showUser(C, sub.id))).status, 403);
    assert.equal((await rejection(showUser(A, 1002))).status, 403, 'B is not A’s user');
    assert.equal(
      (await rejection(updateUser(B, 1001, { email: 'x@x.example', password: 'secret-1' }))).status,
      403,
    );
    assert.equal((await rejection(showUser(A, 99999999))).status, 404);
    assert.equal((await rejection(destroyUser(A, 1001))).status, 403, 'an account cannot destroy itself');
    await destroyUser(A, sub.id);
    assert.equal((await rejection(showUser(A, sub.id))).status, 404);
    assert.equal((await rejection(destroyUser(B, 1003))).status, 403);
  });

  it('profile and company of a sub-user: updates, validation and the company’s _destroy', async () => {
    const sub = await createUser(A, { email: 'p@x.example', password: 'secret-1' });
    const profiled = await updateUserProfile(A, sub.id, {
      firstname: 'Ana',
      gender: 'female',
      measurements: 'imperial',
      newsletter: true,
      birthdate: '1990-04-01',
      remote_avatar_url: 'https://images.example/ana.png',
      phone_country: 'PT',
    });
    assert.equal(profiled.profile?.firstname, 'Ana');
    assert.equal(profiled.profile?.avatar, 'https://images.example/ana.png');
    assert.equal(profiled.profile?.newsletter, true);
    assert.equal((await showUserProfile(A, sub.id)).profile?.gender, 'female');
    const badProfile = await rejection(
      updateUserProfile(A, sub.id, { gender: 'x' as never, measurements: 'cubits' as never }),
    );
    assert.equal(badProfile.status, 422);
    assert.equal((badProfile.body as { details: string[] }).details.length, 2);

    const withCompany = await updateUserCompany(A, sub.id, {
      name: 'Ana Design',
      company_size: '1 - 20',
      vat_number: 'PT123456789',
    });
    assert.equal(withCompany.company?.name, 'Ana Design');
    assert.equal((await showUserCompany(A, sub.id)).company?.company_size, '1 - 20');
    assert.equal(
      (await rejection(updateUserCompany(A, sub.id, { city: 'Porto' } as never))).status,
      422,
      'name is required',
    );
    assert.equal((await rejection(destroyUserCompany(A, sub.id, 1))).status, 422, 'not its company id');
    const removed = await destroyUserCompany(A, sub.id, withCompany.company!.id as number);
    assert.equal(removed.company, null);
    assert.equal((await rejection(showUserProfile(B, sub.id))).status, 403);
  });

  it('the user token acts as that user; destroying the user ends it', async () => {
    const sub = await createUser(A, { email: 't@x.example', password: 'secret-1' });
    const token = await userToken(A, sub.id);
    assert.equal(token.user_id, sub.id);
    assert.equal(token.creator_id, 1001);
    assert.ok(Date.parse(token.valid_until!) > Date.now());
    const as = { base, auth: bearer(token.token), retries: 0 };
    assert.equal((await showUserProfile(as)).id, sub.id);
    assert.deepEqual(await listProjects(as), []);
    assert.equal((await rejection(userToken(B, sub.id))).status, 403);
    await destroyUser(A, sub.id);
    assert.equal((await rejection(showUserProfile(as))).status, 403);
  });

  it('calls go through an injected fetch when the context has one', async () => {
    const seen: string[] = [];
    const counting: typeof fetch = (input, init) => {
      seen.push(`${init?.method ?? 'GET'} ${String(input)}`);
      return fetch(input, init);
    };
    assert.equal((await showUserProfile({ ...C, fetch: counting })).id, 1003);
    assert.deepEqual(seen, [`GET ${base}/users/profile.json`]);
  });

  it('credentials that are wrong are 403 on every users operation', async () => {
    const wrong = { base, auth: apiKey('not-a-key'), retries: 0 };
    for (const call of [
      () => listUsers(wrong),
      () => searchUsers(wrong, { email: 'a' }),
      () => showUser(wrong, 1001),
      () => showUserProfile(wrong),
      () => showUserCompany(wrong),
      () => userToken(wrong, 1001),
      () => createUser(wrong, { email: 'a@b.example', password: 'secret-1' }),
      () => destroyUser(wrong, 1001),
    ])
      assert.equal((await rejection(call())).status, 403);
  });
});
