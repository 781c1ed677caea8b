/**
 * Document 2, section 4 "Users" against the emulator over real HTTP, through the typed client
 * (room-elements/planning-xml.js), in both formats: create, index, show, update, destroy, token;
 * external identifiers; the users are the v2 API's users.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  createUser,
  destroyUser,
  listUsers,
  resetUserToken,
  resetUserTokenText,
  showUser,
  updateUser,
} from '../../src/api/planning-xml/index.ts';
import { planningXmlConfigFromEnv } from '../../server/emulator/planning-xml/config.ts';
import { startDemoServer } from './helpers/server.ts';
import { usePlanningXml, xmlRejection } from './helpers/planning.ts';

describe('planning XML API: users', () => {
  const { running, xml, embed } = usePlanningXml();

  it('creates a user with the required fields and shows it by id and by external identifier', async () => {
    const user = await createUser(xml, {
      email: 'anna@customer.example',
      accountType: 'pro',
      countryCode: 'NL',
      language: 'nl',
      externalIdentifier: 'cust-anna',
      username: 'Anna Zoë',
      password: 'secret-1',
      passwordConfirmation: 'secret-1',
    });
    assert.equal(typeof user.id, 'number');
    assert.equal(user.email, 'anna@customer.example');
    assert.equal(user.accountType, 'pro');
    assert.equal(user.countryCode, 'NL');
    assert.equal(user.language, 'nl');
    assert.equal(user.username, 'Anna Zoë', 'non-ASCII survives the entity encoding');
    assert.match(String(user.createdAt), /^\d{4}-\d\d-\d\dT/);
    assert.equal((await showUser(xml, user.id)).email, 'anna@customer.example');
    assert.equal((await showUser(xml, 'cust-anna')).id, user.id);
    assert.equal((await showUser(embed, 'cust-anna')).id, user.id);
    // the same user in the v2 API
    const v2 = await fetch(`${running.url}/planning/api/v2/users/${user.id}.json`, {
      headers: { Authorization: 'Basic ' + btoa('demo-key:x') },
    });
    assert.equal(v2.status, 200);
    const body = (await v2.json()) as { email: string; parent_id: number };
    assert.equal(body.email, 'anna@customer.example');
    assert.equal(body.parent_id, 1001);
  });

  it('answers 201 in .xml and 200 in .embed for a create', async () => {
    const headers = { Authorization: 'Basic ' + btoa('demo-key:x'), 'Content-Type': 'text/xml' };
    const body = (email: string) =>
      `<user><email>${email}</email><account-type>plus</account-type><country-code>DE</country-code><language>de</language></user>`;
    const a = await fetch(`${xml.base}/users.xml`, { method: 'POST', headers, body: body('s1@x.example') });
    assert.equal(a.status, 201);
    assert.match(a.headers.get('location') ?? '', /\/planning-xml\/users\/\d+\.xml$/);
    const b = await fetch(`${xml.base}/users.embed`, { method: 'POST', headers, body: body('s2@x.example') });
    assert.equal(b.status, 200);
    assert.match(await b.text(), /<user>/);
  });

  it('refuses a create without the required fields, with every message and field name', async () => {
    for (const ctx of [xml, embed]) {
      const error = await xmlRejection(createUser(ctx, { email: 'not-an-email', password: 'secret-1' }));
      assert.equal(error.status, 422);
      assert.equal(error.form, ctx === xml ? 'xml' : 'embed');
      assert.equal(error.lang, 'en');
      assert.deepEqual(error.fields.sort(), [
        'account-type',
        'country-code',
        'email',
        'language',
        'password-confirmation',
      ]);
      assert.deepEqual(error.messagesFor('password-confirmation'), ["Password confirmation can't be blank"]);
      assert.ok(error.messages.includes('Email is invalid'));
    }
  });

  it('checks account-type against PLANNER_ACCOUNT_TYPES, country and language codes, the password confirmation', async () => {
    const base = { email: 'b@x.example', accountType: 'pro', countryCode: 'NL', language: 'nl' };
    assert.deepEqual((await xmlRejection(createUser(xml, { ...base, accountType: 'gold' }))).fields, [
      'account-type',
    ]);
    assert.deepEqual((await xmlRejection(createUser(xml, { ...base, countryCode: 'XX' }))).fields, [
      'country-code',
    ]);
    assert.deepEqual((await xmlRejection(createUser(xml, { ...base, language: 'zz' }))).fields, ['language']);
    const mismatch = await xmlRejection(
      createUser(xml, { ...base, password: 'secret-1', passwordConfirmation: 'secret-2' }),
    );
    assert.deepEqual(mismatch.messages, ["Password confirmation doesn't match Password"]);
    const taken = await xmlRejection(createUser(xml, { ...base, email: 'anna@customer.example' }));
    assert.deepEqual(taken.messages, ['Email has already been taken']);
  });

  it('refuses an external identifier that starts with a number, or is taken', async () => {
    const base = { email: 'c@x.example', accountType: 'pro', countryCode: 'NL', language: 'nl' };
    const digit = await xmlRejection(createUser(xml, { ...base, externalIdentifier: '9lives' }));
    assert.deepEqual(digit.fields, ['external-identifier']);
    assert.match(digit.messages[0]!, /must not start with a number/);
    const taken = await xmlRejection(createUser(xml, { ...base, externalIdentifier: 'cust-anna' }));
    assert.deepEqual(taken.messages, ['External identifier has already been taken']);
    await assert.rejects(showUser(xml, '9lives'), RangeError);
  });

  it('lists the account users with per_page and page', async () => {
    for (let i = 0; i < 3; i++)
      await createUser(xml, {
        email: `page${i}@x.example`,
        accountType: 'subuser',
        countryCode: 'BE',
        language: 'fr',
      });
    const all = await listUsers(xml, { perPage: 100 });
    assert.ok(all.length >= 6);
    assert.ok(
      all.every((u) => u.id !== 1001),
      'the account itself is not one of its users',
    );
    const page2 = await listUsers(xml, { perPage: 2, page: 2 });
    assert.deepEqual(
      page2.map((u) => u.id),
      all.slice(2, 4).map((u) => u.id),
    );
    assert.deepEqual(await listUsers(xml, { perPage: 2, page: 999 }), []);
    // another partner's users are not this account's
    const other = { ...xml, apiKey: 'demo-key-c' };
    assert.deepEqual(await listUsers(other), []);
    const error = await xmlRejection(showUser(other, 'cust-anna'));
    assert.equal(error.status, 404);
    const id = all[0]!.id;
    assert.equal((await xmlRejection(showUser(other, id))).status, 403);
  });

  it('updates a user (and refuses a password without its confirmation)', async () => {
    const updated = await updateUser(xml, 'cust-anna', {
      countryCode: 'be',
      username: 'Anna',
      externalIdentifier: 'cust-anna-2',
    });
    assert.equal(updated.countryCode, 'BE');
    assert.equal(updated.username, 'Anna');
    assert.equal((await showUser(xml, 'cust-anna-2')).id, updated.id);
    const error = await xmlRejection(updateUser(embed, updated.id, { password: 'secret-9' }));
    assert.equal(error.status, 422);
    assert.deepEqual(error.fields, ['password-confirmation']);
  });

  it('gives a new token: the user with current-token in xml, the plain token without a format', async () => {
    const user = await showUser(xml, 'cust-anna-2');
    const withToken = await resetUserToken(xml, user.id);
    assert.equal(withToken.id, user.id);
    assert.equal(withToken.measurementSystem, 'METRIC');
    assert.match(withToken.currentToken, /^[0-9a-f]{40}$/);
    const text = await resetUserTokenText(xml, 'cust-anna-2');
    assert.match(text, /^[0-9a-f]{40}$/);
    assert.notEqual(text, withToken.currentToken);
    // the token is the user's v2 token; the previous one stopped working
    const v2 = (token: string) =>
      fetch(`${running.url}/planning/api/v2/projects.json`, {
        headers: { Authorization: `Bearer ${token}` },
      });
    assert.equal((await v2(text)).status, 200);
    assert.equal((await v2(withToken.currentToken)).status, 403);
  });

  it('destroys a user (DELETE and the POST /destroy alias)', async () => {
    const user = await createUser(xml, {
      email: 'gone@x.example',
      accountType: 'pro',
      countryCode: 'NL',
      language: 'en',
    });
    await destroyUser(xml, user.id);
    assert.equal((await xmlRejection(showUser(xml, user.id))).status, 404);
    const second = await createUser(xml, {
      email: 'gone2@x.example',
      accountType: 'pro',
      countryCode: 'NL',
      language: 'en',
    });
    const headers = { Authorization: 'Basic ' + btoa('demo-key:x'), 'Content-Type': 'text/xml' };
    const res = await fetch(`${xml.base}/users/${second.id}/destroy.xml`, { method: 'POST', headers });
    assert.equal(res.status, 200);
    assert.equal((await xmlRejection(showUser(xml, second.id))).status, 404);
  });
});

describe('planning XML API: PLANNER_ACCOUNT_TYPES', () => {
  it('defaults to the v2 roles and reads a comma list', () => {
    assert.deepEqual(planningXmlConfigFromEnv({}).accountTypes, ['subuser', 'plus', 'pro']);
    assert.deepEqual(
      planningXmlConfigFromEnv({ PLANNER_ACCOUNT_TYPES: ' gold, silver,,gold ' }).accountTypes,
      ['gold', 'silver'],
    );
  });

  it('holds the account-type values the emulator accepts', async () => {
    const saved = process.env.PLANNER_ACCOUNT_TYPES;
    process.env.PLANNER_ACCOUNT_TYPES = 'gold,silver';
    const running = await startDemoServer({ rooms: 5 });
    try {
      const ctx = { base: `${running.url}/planning-xml`, apiKey: 'demo-key' };
      const user = await createUser(ctx, {
        email: 'g@x.example',
        accountType: 'gold',
        countryCode: 'NL',
        language: 'nl',
      });
      assert.equal(user.accountType, 'gold');
      const error = await xmlRejection(
        createUser(ctx, { email: 'p@x.example', accountType: 'pro', countryCode: 'NL', language: 'nl' }),
      );
      assert.deepEqual(error.fields, ['account-type']);
    } finally {
      if (saved === undefined) delete process.env.PLANNER_ACCOUNT_TYPES;
      else process.env.PLANNER_ACCOUNT_TYPES = saved;
      await running.close();
    }
  });
});
