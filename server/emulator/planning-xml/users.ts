/**
 * Document 2, section 4 "Users": create, index, show, update, destroy and token. The users are the
 * v2 API's (PlanningState.users): a user the XML API creates is a sub-user of the calling partner
 * account and shows in GET /users.json as well.
 */
import { issueToken } from '../planning/domain/issue-token.ts';
import type { XmlUserInput } from '../../../src/api/planning-xml/types.ts';
import {
  digestPassword,
  newProfile,
  newUserRecord,
  USER_TOKEN_TTL_S,
  type UserRecord,
} from '../planning/domain/accounts.ts';
import {
  bodyOf,
  boundedText,
  externalIdField,
  EMAIL,
  findUser,
  type Handler,
  human,
  inScope,
  type Op,
  Problems,
  textField,
} from './operation.ts';
import { userXml } from './represent.ts';
import { emptyResponse, fail, xmlResponse } from './respond.ts';
import type { XmlObject } from './xml-read.ts';
import { array, type XmlNode } from './xml-write.ts';

export const DEFAULT_PER_PAGE = 50;
export const MAX_PER_PAGE = 100;
export const MIN_PASSWORD = 6;

const regions = new Intl.DisplayNames(['en'], { type: 'region' });
const languages = new Intl.DisplayNames(['en'], { type: 'language' });

/** ISO 3166-1 alpha-2: two letters that name a region (not a user-assigned or unknown code). */
function isCountry(code: string): boolean {
  if (!/^[A-Z]{2}$/.test(code) || /^(AA|Q[M-Z]|X[A-Z]|ZZ)$/.test(code)) return false;
  const name = regions.of(code);
  return !!name && name !== code && name !== 'Unknown Region';
}

function isLanguage(code: string): boolean {
  if (!/^[a-z]{2}$/.test(code)) return false;
  const name = languages.of(code);
  return !!name && name !== code;
}

export function paging(op: Op): { page: number; perPage: number } {
  const int = (name: string, fallback: number) => {
    const raw = op.c.req.query(name);
    if (raw === undefined || raw === '') return fallback;
    if (!/^\d{1,9}$/.test(raw) || Number(raw) < 1)
      throw fail(422, `${name} must be a positive integer`, name);
    return Number(raw);
  };
  return { page: int('page', 1), perPage: Math.min(MAX_PER_PAGE, int('per_page', DEFAULT_PER_PAGE)) };
}

/** One page of `list` (as paging() read it) as the array `name`, each item written by `write`. */
export function pageResponse<T>(
  op: Op,
  name: string,
  list: readonly T[],
  { page, perPage }: { page: number; perPage: number },
  write: (item: T) => XmlNode,
): Response {
  const slice = list.slice(perPage * (page - 1), perPage * page);
  return xmlResponse(op.c, op.format, array(name, slice.map(write)));
}

/** The fields a client sends (the confirmation is only checked against the password, never kept). */
type UserInput = Omit<XmlUserInput, 'passwordConfirmation'>;

/** Reads and checks the fields; `creating` makes email, account-type, country-code and language required. */
function readUser(op: Op, input: XmlObject, creating: boolean, self?: UserRecord): UserInput {
  const problems = new Problems();
  const out: UserInput = {};
  const required = (name: string, value: string | null | undefined) => {
    if (creating && !value) problems.add(name, `${name === 'email' ? 'Email' : human(name)} can't be blank`);
    return value ?? undefined;
  };
  const email = required('email', textField(input, 'email', problems));
  if (email !== undefined) {
    if (!EMAIL.test(email) || email.length > 255) problems.add('email', 'Email is invalid');
    else {
      const holder = op.state.userByEmail(email);
      if (holder && holder.id !== self?.id) problems.add('email', 'Email has already been taken');
      else out.email = email;
    }
  } else if (!creating && textField(input, 'email', problems) === null)
    problems.add('email', "Email can't be blank");
  if (creating) {
    const type = required('account-type', textField(input, 'account-type', problems));
    if (type !== undefined) {
      if (!op.config.accountTypes.includes(type))
        problems.add('account-type', 'Account type is not included in the list');
      else out.accountType = type;
    }
    const language = required('language', textField(input, 'language', problems));
    if (language !== undefined) {
      if (!isLanguage(language.toLowerCase())) problems.add('language', 'Language is not an ISO 639-1 code');
      else out.language = language.toLowerCase();
    }
  }
  const country = creating
    ? required('country-code', textField(input, 'country-code', problems))
    : textField(input, 'country-code', problems);
  if (country) {
    if (!isCountry(country.toUpperCase()))
      problems.add('country-code', 'Country code is not an ISO 3166-1 alpha-2 code');
    else out.countryCode = country.toUpperCase();
  }
  const external = externalIdField(input, problems, (external) =>
    [...op.state.users.values()].some(
      (u) => u.externalIdentifier === external && u.id !== self?.id && inScope(op, u),
    ),
  );
  if (external !== undefined) out.externalIdentifier = external;
  const username = boundedText(input, 'username', 255, problems);
  if (username !== undefined) out.username = username;
  // the password is taken as sent (not trimmed)
  const rawPassword = textField(input, 'password', problems);
  if (rawPassword) {
    const confirmation = textField(input, 'password-confirmation', problems);
    if (rawPassword.length < MIN_PASSWORD)
      problems.add('password', `Password is too short (minimum is ${MIN_PASSWORD} characters)`);
    if (!confirmation) problems.add('password-confirmation', "Password confirmation can't be blank");
    else if (confirmation !== rawPassword)
      problems.add('password-confirmation', "Password confirmation doesn't match Password");
    out.password = rawPassword;
  }
  problems.done();
  return out;
}

function apply(user: UserRecord, input: UserInput, now: string): void {
  if (input.email !== undefined) user.email = input.email;
  if (input.accountType !== undefined) {
    user.accountType = input.accountType;
    // the account type is the v2 role when it names one, so both APIs tell the same user apart
    if (input.accountType === 'plus' || input.accountType === 'pro' || input.accountType === 'subuser')
      user.role = input.accountType;
  }
  if (input.countryCode !== undefined) user.countryCode = input.countryCode;
  if (input.language !== undefined) user.language = input.language;
  if (input.externalIdentifier !== undefined) user.externalIdentifier = input.externalIdentifier;
  if (input.username !== undefined) {
    user.profile ??= newProfile(user.id, now);
    user.profile.username = input.username;
  }
  if (input.password !== undefined) user.passwordDigest = digestPassword(input.password);
  user.updatedAt = now;
}

export const createUser: Handler = (op) => {
  const input = readUser(op, bodyOf(op, 'user'), true);
  const now = new Date().toISOString();
  const user = newUserRecord(
    { id: op.state.newUserId(), email: input.email!, parentId: op.account.id, creatorId: op.account.id },
    now,
  );
  apply(user, input, now);
  op.state.addUser(user);
  op.c.header('Location', `${op.root}/users/${user.id}.xml`);
  return xmlResponse(op.c, op.format, userXml(user), true);
};

export const listUsers: Handler = (op) => {
  const pages = paging(op);
  const mine = [...op.state.users.values()]
    .filter((u) => u.id !== op.account.id && inScope(op, u))
    .sort((a, b) => a.id - b.id);
  return pageResponse(op, 'users', mine, pages, (u) => userXml(u));
};

export const showUser: Handler = (op) => xmlResponse(op.c, op.format, userXml(findUser(op, op.params.id!)));

export const updateUser: Handler = (op) => {
  const user = findUser(op, op.params.id!);
  const input = readUser(op, bodyOf(op, 'user'), false, user);
  apply(user, input, new Date().toISOString());
  return xmlResponse(op.c, op.format, userXml(user));
};

export const destroyUser: Handler = (op) => {
  const user = findUser(op, op.params.id!);
  if (user.id === op.account.id) throw fail(403, 'An account cannot destroy itself');
  for (const [token, record] of op.state.tokens) if (record.userId === user.id) op.state.tokens.delete(token);
  op.side.userTokens.delete(user.id);
  op.state.removeUser(user.id);
  return emptyResponse(op.c);
};

/**
 * DELETE /users/:id/token: a new token for the user (the previous one from here stops working). It is
 * the v2 API's user token (kind `user`), accepted wherever v2 accepts that user's tokens.
 */
export const resetToken: Handler = (op) => {
  const user = findUser(op, op.params.id!);
  const previous = op.side.userTokens.get(user.id);
  if (previous) op.state.tokens.delete(previous);
  const { token } = issueToken(
    op.state.tokens,
    { kind: 'user', userId: user.id, scope: 'public' },
    USER_TOKEN_TTL_S,
    20,
  );
  op.side.userTokens.set(user.id, token);
  if (op.format === 'none') return op.c.body(token, 200, { 'Content-Type': 'text/plain; charset=utf-8' });
  return xmlResponse(op.c, op.format, userXml(user, token));
};
