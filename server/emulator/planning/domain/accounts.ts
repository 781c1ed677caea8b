/**
 * The planning service's users (Document 1 section 2 "User", "Profile", "Company"), shared by the JSON
 * API v2 (this folder) and the legacy XML API (../planning-xml/) over the same PlanningState.
 *
 * Three top-level accounts come from the environment, each with its own API key:
 *   A  1001 demo@planner.example     PLANNER_API_KEY   (default demo-key)    a partner account
 *   B  1002 other@planner.example    PLANNER_API_KEY_B (default demo-key-b)  an ordinary account (not a partner,
 *                                                                             not a sub-user of A)
 *   C  1003 partner-c@planner.example PLANNER_API_KEY_C (default demo-key-c) a second, independent partner
 * Top-level accounts carry parent_id 1000, the service's own root account (never shown as a record).
 * Sub-users are created by any account (POST /users.json) and carry the creator's id as parentId.
 * Keep these names stable: the XML API helper calls them.
 */
import { createHash } from 'node:crypto';

/** subuser, plus and pro as Document 1 lists them; free is what an ordinary account shows in lists. */
export type UserRole = 'subuser' | 'plus' | 'pro' | 'free';

/** Profile and company records use the JSON field names, so they serialise as they are. */
export interface ProfileRecord {
  id: number;
  user_id: number;
  username: string | null;
  avatar: string | null;
  firstname: string | null;
  lastname: string | null;
  gender: string | null;
  zipcode: string | null;
  city: string | null;
  address: string | null;
  building: string | null;
  country_code: string | null;
  language: string | null;
  measurements: string | null;
  phonenumber: string | null;
  phone_country: string | null;
  birthdate: string | null;
  website: string | null;
  newsletter: boolean;
  created_at: string;
  updated_at: string;
}

export interface CompanyRecord {
  id: number;
  user_id: number;
  name: string;
  company_size: string | null;
  logo: string | null;
  zipcode: string | null;
  city: string | null;
  address: string | null;
  building: string | null;
  country_code: string | null;
  faxnumber: string | null;
  phonenumber: string | null;
  phone_country: string | null;
  website: string | null;
  vat_number: string | null;
  verified_vat_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface UserRecord {
  id: number;
  email: string;
  role: UserRole;
  /** The parent user: ROOT_ACCOUNT_ID for the top-level accounts, the creator for sub-users. */
  parentId: number;
  /** Partner accounts may set role plus/pro, user_id on project create, search other users' projects… */
  partner: boolean;
  /** Only the three configured accounts have one (HTTP Basic user name). */
  apiKey: string | null;
  /** sha-256 hex of the password (never the password itself); null when none was set. */
  passwordDigest: string | null;
  countryCode: string | null;
  currency: string | null;
  creatorId: number | null;
  externalIdentifier: string | null;
  language: string | null;
  lastSeenAt: string | null;
  measurementSystem: 'METRIC' | 'IMPERIAL';
  /** Legacy XML API's account-type (Document 2); null when never given. */
  accountType: string | null;
  createdAt: string;
  updatedAt: string;
  profile: ProfileRecord | null;
  company: CompanyRecord | null;
}

/** The service's own root account, parent of the top-level accounts (no record of it exists). */
/** Lifetime of a user token (GET /users/:id/token.json): "not shown", one day here. */
export const USER_TOKEN_TTL_S = 24 * 3600;

export const ROOT_ACCOUNT_ID = 1000;
export const ACCOUNT_A_ID = 1001;
export const ACCOUNT_B_ID = 1002;
export const ACCOUNT_C_ID = 1003;

export const DEFAULT_API_KEYS = { a: 'demo-key', b: 'demo-key-b', c: 'demo-key-c' } as const;

export function digestPassword(password: string): string {
  return createHash('sha256').update(`planning-emulator:${password}`).digest('hex');
}

const SEED_TIME = '2026-01-15T09:00:00.000Z';

/** A user record with every optional field empty; `fields` fill in what is known. */
export function newUserRecord(
  fields: Pick<UserRecord, 'id' | 'email'> & Partial<UserRecord>,
  now = new Date().toISOString(),
): UserRecord {
  return {
    role: 'subuser',
    parentId: ROOT_ACCOUNT_ID,
    partner: false,
    apiKey: null,
    passwordDigest: null,
    countryCode: null,
    currency: null,
    creatorId: null,
    externalIdentifier: null,
    language: null,
    lastSeenAt: null,
    measurementSystem: 'METRIC',
    accountType: null,
    createdAt: now,
    updatedAt: now,
    profile: null,
    company: null,
    ...fields,
  };
}

/** An empty profile for `user` (ids derive from the user id: one profile per user). */
export function newProfile(userId: number, now = new Date().toISOString()): ProfileRecord {
  return {
    id: userId + 500000,
    user_id: userId,
    username: null,
    avatar: null,
    firstname: null,
    lastname: null,
    gender: null,
    zipcode: null,
    city: null,
    address: null,
    building: null,
    country_code: null,
    language: null,
    measurements: null,
    phonenumber: null,
    phone_country: null,
    birthdate: null,
    website: null,
    newsletter: false,
    created_at: now,
    updated_at: now,
  };
}

export function newCompany(userId: number, name: string, now = new Date().toISOString()): CompanyRecord {
  return {
    id: userId + 700000,
    user_id: userId,
    name,
    company_size: null,
    logo: null,
    zipcode: null,
    city: null,
    address: null,
    building: null,
    country_code: null,
    faxnumber: null,
    phonenumber: null,
    phone_country: null,
    website: null,
    vat_number: null,
    verified_vat_at: null,
    created_at: now,
    updated_at: now,
  };
}

export interface AccountKeys {
  apiKey: string;
  apiKeyB: string;
  apiKeyC: string;
}

/** The three configured accounts, fresh (reset() calls this again). */
export function seedAccounts(keys: AccountKeys): UserRecord[] {
  const a = newUserRecord(
    {
      id: ACCOUNT_A_ID,
      email: 'demo@planner.example',
      role: 'pro',
      partner: true,
      apiKey: keys.apiKey,
      countryCode: 'NL',
      language: 'en',
      accountType: 'partner',
    },
    SEED_TIME,
  );
  a.profile = {
    ...newProfile(a.id, SEED_TIME),
    username: 'demo',
    firstname: 'Demo',
    lastname: 'Partner',
    city: 'Amsterdam',
    country_code: 'NL',
    language: 'en',
    measurements: 'metric',
  };
  a.company = {
    ...newCompany(a.id, 'Demo Interiors B.V.', SEED_TIME),
    company_size: '1 - 20',
    city: 'Amsterdam',
    country_code: 'NL',
    vat_number: 'NL001234567B01',
  };
  const b = newUserRecord(
    {
      id: ACCOUNT_B_ID,
      email: 'other@planner.example',
      role: 'free',
      apiKey: keys.apiKeyB,
      countryCode: 'BE',
      language: 'nl',
    },
    SEED_TIME,
  );
  b.profile = { ...newProfile(b.id, SEED_TIME), username: 'other', firstname: 'Olivia', lastname: 'Other' };
  const c = newUserRecord(
    {
      id: ACCOUNT_C_ID,
      email: 'partner-c@planner.example',
      role: 'pro',
      partner: true,
      apiKey: keys.apiKeyC,
      countryCode: 'DE',
      language: 'de',
      accountType: 'partner',
    },
    SEED_TIME,
  );
  c.profile = { ...newProfile(c.id, SEED_TIME), username: 'charlie', firstname: 'Charlie' };
  c.company = { ...newCompany(c.id, 'Charlie Plan GmbH', SEED_TIME), country_code: 'DE' };
  return [a, b, c];
}

/** Is `user` `ancestor` or one of its (transitive) sub-users? */
export function isWithin(
  user: UserRecord,
  ancestorId: number,
  byId: (id: number) => UserRecord | undefined,
): boolean {
  let current: UserRecord | undefined = user;
  for (let depth = 0; current && depth < 16; depth++) {
    if (current.id === ancestorId) return true;
    if (current.parentId === current.id) return false;
    current = byId(current.parentId);
  }
  return false;
}
