/**
 * Document 1, section 4.1: users. Every account manages itself and its sub-users (users whose parent
 * chain leads to it); anyone else's user is 403, an unknown id 404. Only partner accounts create
 * plus and pro users; sub-users create no users. See docs/emulator-planning.md.
 */
import type { Context } from 'hono';
import { issueToken } from '../domain/issue-token.ts';
import {
  digestPassword,
  isWithin,
  newUserRecord,
  USER_TOKEN_TTL_S,
  type UserRecord,
} from '../domain/accounts.ts';
import type { PlanningState } from '../domain/state.ts';
import { asBoolean } from '../domain/values.ts';
import type { ApiEnv, ApiHandler } from './api-env.ts';
import { forbidden, notFound } from './auth.ts';
import { invalid, now, paging, type Params, resourceBody } from './operation-helpers.ts';
import {
  ACCOUNT_MEMBERS,
  type AccountFields,
  applyCompany,
  applyProfile,
  readAccountFields,
  userJson,
} from './user-fields.ts';

const MAX_USERS_PER_PAGE = 100;
/** Sub-users one account may have (bounded memory). */
const MAX_SUB_USERS = 1000;
/** Users the emulator keeps in all. */
const MAX_USERS = 10000;

type Found = { user: UserRecord } | { response: Response };

/** The caller's sub-users (transitively), oldest first. */
export function subUsersOf(state: PlanningState, userId: number): UserRecord[] {
  const byId = (id: number) => state.userById(id);
  return [...state.users.values()]
    .filter((u) => u.id !== userId && isWithin(u, userId, byId))
    .sort((a, b) => a.id - b.id);
}

/** `:id` (a number, or `profile` / `company` for one's own) as a user the caller may manage. */
const target = (c: Context<ApiEnv>, raw: string | undefined, state: PlanningState): Found => {
  const caller = c.get('caller');
  if (caller.via === 'project_token') return { response: forbidden(c) };
  if (!raw || !/^\d{1,12}$/.test(raw)) return { response: notFound(c) };
  const user = state.userById(Number(raw));
  if (!user) return { response: notFound(c) };
  if (user.id !== caller.userId && !isWithin(user, caller.userId, (id) => state.userById(id)))
    return { response: forbidden(c, 'not your user') };
  return { user };
};
const full = (user: UserRecord) => userJson(user, { profile: true, company: true });
const noProjectToken = (c: Context<ApiEnv>) =>
  c.get('caller').via === 'project_token' ? forbidden(c) : null;

export const create: ApiHandler = (c, state) => {
  const caller = c.get('caller');
  if (caller.via === 'project_token') return forbidden(c);
  if (caller.user.role === 'subuser') return forbidden(c, 'sub-users cannot create users');
  const input = resourceBody(c.get('params'), 'user');
  const problems: string[] = [];
  const fields = readAccountFields(input, problems, ['email', 'password']);
  if (fields.role && fields.role !== 'subuser' && !caller.user.partner)
    return forbidden(c, 'plus and pro users are created by partner accounts only');
  if (fields.email && state.userByEmail(fields.email)) problems.push('email: has already been taken');
  if (problems.length) return invalid(c, problems);
  if (subUsersOf(state, caller.userId).length >= MAX_SUB_USERS || state.users.size >= MAX_USERS)
    return invalid(c, [`user: at most ${MAX_SUB_USERS} sub-users per account (${MAX_USERS} users in all)`]);
  const stamp = now();
  const user = newUserRecord(
    {
      id: state.newUserId(),
      email: fields.email!,
      role: fields.role ?? 'subuser',
      parentId: caller.userId,
      creatorId: caller.userId,
      passwordDigest: digestPassword(fields.password!),
      countryCode: fields.countryCode ?? null,
      measurementSystem: fields.measurementSystem ?? 'METRIC',
      language: fields.language ?? null,
      externalIdentifier: fields.externalIdentifier ?? null,
    },
    stamp,
  );
  state.addUser(user);
  return c.json(userJson(user));
};

export const list: ApiHandler = (c, state) => {
  const refused = noProjectToken(c);
  if (refused) return refused;
  const problems: string[] = [];
  const { from, to } = paging(c, MAX_USERS_PER_PAGE, problems);
  if (problems.length) return invalid(c, problems);
  const extra = {
    profile: asBoolean(c.req.query('profile')) === true,
    company: asBoolean(c.req.query('company')) === true,
  };
  const mine = subUsersOf(state, c.get('caller').userId);
  c.header('X-Total-Count', String(mine.length));
  return c.json(mine.slice(from, to).map((u) => userJson(u, extra)));
};

export const search: ApiHandler = (c, state) => {
  const refused = noProjectToken(c);
  if (refused) return refused;
  const problems: string[] = [];
  const { from, to } = paging(c, MAX_USERS_PER_PAGE, problems);
  const email = (c.req.query('email') ?? '').trim().toLowerCase();
  if (email.length > 254) problems.push('email: at most 254 characters');
  if (problems.length) return invalid(c, problems);
  const found = subUsersOf(state, c.get('caller').userId).filter((u) =>
    u.email.toLowerCase().includes(email),
  );
  // a search engine's answer: a relevance score (an exact match scores highest) and sort keys
  const score = (u: UserRecord) =>
    Number(
      (u.email.toLowerCase() === email ? 10 : 1 + email.length / Math.max(1, u.email.length)).toFixed(6),
    );
  const page = found.slice(from, to);
  return c.json({
    search_after: page.map((u) => [Date.parse(u.createdAt), score(u), `user#${u.id}`]),
    total: String(found.length),
    results: page.map((u) => userJson(u)),
  });
};

// one's own profile and company (before /users/:id…, which would read "profile" as an id)
export const ownProfile: ApiHandler = (c) => noProjectToken(c) ?? c.json(full(c.get('caller').user));
export const ownCompany: ApiHandler = (c) => noProjectToken(c) ?? c.json(full(c.get('caller').user));

export const profile: ApiHandler = (c, state) => {
  const found = target(c, c.req.param('id'), state);
  return 'response' in found ? found.response : c.json(full(found.user));
};
export const company: ApiHandler = (c, state) => {
  const found = target(c, c.req.param('id'), state);
  return 'response' in found ? found.response : c.json(full(found.user));
};

export const token: ApiHandler = (c, state) => {
  const found = target(c, c.req.param('id'), state);
  if ('response' in found) return found.response;
  const { token, createdAt: created } = issueToken(
    state.tokens,
    { kind: 'user', userId: found.user.id, scope: 'public' },
    USER_TOKEN_TTL_S,
  );
  const stamp = new Date(created).toISOString();
  return c.json({
    id: state.nextId('user-token', 0),
    token,
    valid_until: new Date(created + USER_TOKEN_TTL_S * 1000).toISOString(),
    creator_id: c.get('caller').userId,
    comment: null,
    user_id: found.user.id,
    created_at: stamp,
    updated_at: stamp,
  });
};

export const show: ApiHandler = (c, state) => {
  const match = /^(\d{1,12})\.json$/.exec(c.req.param('file') ?? '');
  const found = target(c, match?.[1], state);
  return 'response' in found ? found.response : c.json(full(found.user));
};

export const update: ApiHandler = (c, state) => {
  const match = /^(\d{1,12})\.json$/.exec(c.req.param('file') ?? '');
  const found = target(c, match?.[1], state);
  if ('response' in found) return found.response;
  const { user } = found;
  const input = resourceBody(c.get('params'), 'user');
  const problems: string[] = [];
  // email and password are required when the account itself changes; a body of only
  // profile_attributes / company_attributes needs neither (docs/emulator-planning.md)
  const touchesAccount = ACCOUNT_MEMBERS.some((key) => input[key] !== undefined);
  const fields: AccountFields = touchesAccount
    ? readAccountFields(input, problems, ['email', 'password'])
    : {};
  if (
    fields.email &&
    fields.email.toLowerCase() !== user.email.toLowerCase() &&
    state.userByEmail(fields.email)
  )
    problems.push('email: has already been taken');
  if (!touchesAccount && input.profile_attributes === undefined && input.company_attributes === undefined)
    problems.push(
      'user: give the account fields (email, password, …), profile_attributes or company_attributes',
    );
  // check everything on a copy, so a rejected update changes nothing
  const draft: UserRecord = { ...user };
  if (input.profile_attributes !== undefined) applyProfile(draft, input.profile_attributes, problems);
  if (input.company_attributes !== undefined) applyCompany(draft, input.company_attributes, problems);
  if (problems.length) return invalid(c, problems);
  Object.assign(user, {
    profile: draft.profile,
    company: draft.company,
    updatedAt: now(),
    ...(fields.email ? { email: fields.email } : {}),
    ...(fields.password ? { passwordDigest: digestPassword(fields.password) } : {}),
    ...(fields.countryCode !== undefined ? { countryCode: fields.countryCode } : {}),
    ...(fields.measurementSystem ? { measurementSystem: fields.measurementSystem } : {}),
    ...(fields.language !== undefined ? { language: fields.language } : {}),
    ...(fields.externalIdentifier !== undefined ? { externalIdentifier: fields.externalIdentifier } : {}),
  } satisfies Partial<UserRecord>);
  const nested = (input as Params).profile_attributes !== undefined || input.company_attributes !== undefined;
  return c.json(nested ? full(user) : userJson(user));
};

export const destroy: ApiHandler = (c, state) => {
  const match = /^(\d{1,12})\.json$/.exec(c.req.param('file') ?? '');
  const found = target(c, match?.[1], state);
  if ('response' in found) return found.response;
  if (found.user.id === c.get('caller').userId) return forbidden(c, 'an account cannot destroy itself');
  state.removeUser(found.user.id);
  return c.json({});
};
