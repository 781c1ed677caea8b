/**
 * Users (Document 1, section 4.1): create, index, search, show, update, destroy, profile and company
 * (a sub-user's or one's own), their updates, the company's removal and the user token. Every answer
 * is validated (valibot) before it is returned.
 */
import * as v from 'valibot';
import { lenientBoolean, lenientInteger } from '../validate.js';
import { call, callValid, defined, idSegment, type PlanningContext } from './context.js';

const text = v.nullish(v.string(), null);
const stamp = v.nullish(v.string(), null);
/** A profile or company: an object, or null; a real sample shows an empty one as `[]`. */
const optionalRecord = <S extends v.GenericSchema>(schema: S) =>
  v.optional(
    v.union([
      v.pipe(
        v.array(v.unknown()),
        v.transform(() => null),
      ),
      v.nullable(schema),
    ]),
  );

export const profileSchema = v.looseObject({
  id: lenientInteger,
  user_id: v.nullish(lenientInteger, null),
  username: text,
  avatar: text,
  firstname: text,
  lastname: text,
  gender: text,
  zipcode: text,
  city: text,
  address: text,
  building: text,
  country_code: text,
  language: text,
  measurements: text,
  phonenumber: text,
  phone_country: text,
  birthdate: text,
  website: text,
  newsletter: v.nullish(lenientBoolean, null),
  created_at: stamp,
  updated_at: stamp,
});

export const companySchema = v.looseObject({
  id: lenientInteger,
  user_id: v.nullish(lenientInteger, null),
  name: text,
  company_size: text,
  logo: text,
  zipcode: text,
  city: text,
  address: text,
  building: text,
  country_code: text,
  faxnumber: text,
  phonenumber: text,
  phone_country: text,
  website: text,
  vat_number: text,
  verified_vat_at: text,
  created_at: stamp,
  updated_at: stamp,
});

export const userSchema = v.looseObject({
  id: lenientInteger,
  email: v.string(),
  country_code: text,
  created_at: stamp,
  updated_at: stamp,
  creator_id: v.nullish(lenientInteger, null),
  currency: text,
  external_identifier: text,
  language: text,
  last_seen_at: stamp,
  measurement_system: text,
  parent_id: v.nullish(lenientInteger, null),
  role: v.optional(v.string()),
  profile: optionalRecord(profileSchema),
  company: optionalRecord(companySchema),
});

export const userSearchSchema = v.looseObject({
  search_after: v.optional(v.array(v.unknown()), []),
  /** A count, sent as a string ("12"); read as a number. */
  total: lenientInteger,
  results: v.array(userSchema),
});

export const userTokenSchema = v.looseObject({
  id: v.optional(lenientInteger),
  token: v.pipe(v.string(), v.nonEmpty()),
  valid_until: v.optional(stamp),
  creator_id: v.nullish(lenientInteger, null),
  comment: text,
  user_id: lenientInteger,
  created_at: v.optional(stamp),
  updated_at: v.optional(stamp),
});

export type PlanningUser = v.InferOutput<typeof userSchema>;
export type UserProfile = v.InferOutput<typeof profileSchema>;
export type UserCompany = v.InferOutput<typeof companySchema>;
export type UserSearchResult = v.InferOutput<typeof userSearchSchema>;
export type UserToken = v.InferOutput<typeof userTokenSchema>;

/** User create fields; plus and pro roles are for partner accounts only. */
export interface UserInput {
  email: string;
  password: string;
  country_code?: string;
  measurement_system?: 'METRIC' | 'IMPERIAL';
  language?: string;
  /** The caller's own non-numerical id. */
  external_identifier?: string;
  role?: 'subuser' | 'plus' | 'pro';
}

/** profile_attributes: every Profile field but ids and timestamps; remote_avatar_url sets the avatar. */
export interface ProfileInput {
  username?: string;
  firstname?: string;
  lastname?: string;
  gender?: 'male' | 'female' | 'other';
  zipcode?: string;
  city?: string;
  address?: string;
  building?: string;
  country_code?: string;
  language?: string;
  measurements?: 'metric' | 'imperial';
  phonenumber?: string;
  phone_country?: string;
  /** YYYY-MM-DD */
  birthdate?: string;
  website?: string;
  newsletter?: boolean;
  remote_avatar_url?: string;
}

export interface CompanyInput {
  name: string;
  company_size?: string;
  remote_logo_url?: string;
  zipcode?: string;
  city?: string;
  country_code?: string;
  address?: string;
  building?: string;
  faxnumber?: string;
  phonenumber?: string;
  phone_country?: string;
  website?: string;
  vat_number?: string;
}

const userPath = (id: number) => `/users/${idSegment(id)}.json`;

export function createUser(ctx: PlanningContext, user: UserInput): Promise<PlanningUser> {
  return callValid(ctx, '/users.json', userSchema, { method: 'POST', body: { user: defined(user) } });
}

/** The caller's sub-users; `profile` / `company` add those records. */
export function listUsers(
  ctx: PlanningContext,
  query: { page?: number; per_page?: number; profile?: boolean; company?: boolean } = {},
): Promise<PlanningUser[]> {
  return callValid(ctx, '/users.json', v.array(userSchema), { query });
}

/** Search by email (a part of it matches); `total` is read as a number. */
export function searchUsers(
  ctx: PlanningContext,
  query: { email?: string; page?: number; per_page?: number },
): Promise<UserSearchResult> {
  return callValid(ctx, '/users/search.json', userSearchSchema, { query });
}

/** A user with profile and company. */
export function showUser(ctx: PlanningContext, id: number): Promise<PlanningUser> {
  return callValid(ctx, userPath(id), userSchema);
}

/** Update: the document requires email and password with the account fields. */
export function updateUser(
  ctx: PlanningContext,
  id: number,
  user: Omit<UserInput, 'role'>,
  method: 'PUT' | 'PATCH' | 'POST' = 'PUT',
): Promise<PlanningUser> {
  return callValid(ctx, userPath(id), userSchema, { method, body: { user: defined(user) } });
}

/** Destroy: the answer's body is "not shown", so only success or an ApiError is reported. */
export async function destroyUser(ctx: PlanningContext, id: number): Promise<void> {
  await call(ctx, userPath(id), { method: 'DELETE' });
}

/** A sub-user's profile (with company), or the caller's own when `id` is left out. */
export function showUserProfile(ctx: PlanningContext, id?: number): Promise<PlanningUser> {
  const path = id === undefined ? '/users/profile.json' : `/users/${idSegment(id)}/profile.json`;
  return callValid(ctx, path, userSchema);
}

/** A sub-user's company (with profile), or the caller's own when `id` is left out. */
export function showUserCompany(ctx: PlanningContext, id?: number): Promise<PlanningUser> {
  const path = id === undefined ? '/users/company.json' : `/users/${idSegment(id)}/company.json`;
  return callValid(ctx, path, userSchema);
}

export function updateUserProfile(
  ctx: PlanningContext,
  id: number,
  profile: ProfileInput,
): Promise<PlanningUser> {
  return callValid(ctx, userPath(id), userSchema, {
    method: 'PATCH',
    body: { user: { profile_attributes: defined(profile) } },
  });
}

export function updateUserCompany(
  ctx: PlanningContext,
  id: number,
  company: CompanyInput,
): Promise<PlanningUser> {
  return callValid(ctx, userPath(id), userSchema, {
    method: 'PATCH',
    body: { user: { company_attributes: defined(company) } },
  });
}

/** Removes the user's company (`company_attributes: {id, _destroy: true}`). */
export function destroyUserCompany(
  ctx: PlanningContext,
  id: number,
  companyId: number,
): Promise<PlanningUser> {
  return callValid(ctx, userPath(id), userSchema, {
    method: 'PATCH',
    body: { user: { company_attributes: { id: companyId, _destroy: true } } },
  });
}

/** A user token for the user (the emulator accepts it as an access token acting as that user). */
export function userToken(ctx: PlanningContext, id: number): Promise<UserToken> {
  return callValid(ctx, `/users/${idSegment(id)}/token.json`, userTokenSchema);
}
