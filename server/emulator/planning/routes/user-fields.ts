/**
 * The user, profile and company fields of Document 1 section 4.1 as the emulator checks them, and the
 * user as the API shows it (section 2). Problems are collected as `<member>: <reason>`.
 */
import {
  type CompanyRecord,
  newCompany,
  newProfile,
  type ProfileRecord,
  type UserRecord,
} from '../domain/accounts.ts';
import { asBoolean, asInteger } from '../domain/values.ts';
import { isEmail, isHttpUrl, now, type Params, readBoolean, readText } from './operation-helpers.ts';

const TWO_LETTERS = /^[A-Za-z]{2}$/;
const LANGUAGE = /^[a-z]{2}(?:[-_][A-Za-z]{2})?$/;
const DATE = /^\d{4}-\d\d-\d\d$/;
/** Document 1 lists "1 - 20, 20-100, 100 - 200, 200+" with varying spacing and a sample sends 1-10. */
export const COMPANY_SIZES = ['1-10', '1-20', '20-100', '100-200', '200+'];
const normaliseSize = (s: string) => s.replace(/\s+/g, '');

export function userJson(user: UserRecord, extra: { profile?: boolean; company?: boolean } = {}) {
  const out: Record<string, unknown> = {
    id: user.id,
    email: user.email,
    country_code: user.countryCode,
    created_at: user.createdAt,
    updated_at: user.updatedAt,
    creator_id: user.creatorId,
    currency: user.currency,
    external_identifier: user.externalIdentifier,
    language: user.language,
    last_seen_at: user.lastSeenAt,
    measurement_system: user.measurementSystem,
    parent_id: user.parentId,
    role: user.role,
  };
  if (extra.profile) out.profile = user.profile;
  if (extra.company) out.company = user.company;
  return out;
}

export interface AccountFields {
  email?: string;
  password?: string;
  countryCode?: string | null;
  measurementSystem?: 'METRIC' | 'IMPERIAL';
  language?: string | null;
  externalIdentifier?: string | null;
  role?: UserRecord['role'];
}

export const ACCOUNT_MEMBERS = [
  'email',
  'password',
  'country_code',
  'measurement_system',
  'language',
  'external_identifier',
];

/** The account fields of create and update (`required`: the members that must be present). */
export function readAccountFields(input: Params, problems: string[], required: string[]): AccountFields {
  const out: AccountFields = {};
  for (const key of required)
    if (input[key] === undefined || input[key] === null || input[key] === '')
      problems.push(`${key}: is required`);
  if (input.email !== undefined && input.email !== null && input.email !== '') {
    if (!isEmail(input.email)) problems.push('email: must be an email address');
    else out.email = input.email.trim();
  }
  if (input.password !== undefined && input.password !== null && input.password !== '') {
    if (typeof input.password !== 'string' || input.password.length < 6 || input.password.length > 128)
      problems.push('password: must be a string of 6 to 128 characters');
    else out.password = input.password;
  }
  const country = readText(input, 'country_code', problems, {
    pattern: TWO_LETTERS,
    hint: 'must be 2 letters',
  });
  if (country !== undefined) out.countryCode = country === null ? null : country.toUpperCase();
  if (input.measurement_system !== undefined) {
    if (input.measurement_system !== 'METRIC' && input.measurement_system !== 'IMPERIAL')
      problems.push('measurement_system: must be METRIC or IMPERIAL');
    else out.measurementSystem = input.measurement_system;
  }
  const language = readText(input, 'language', problems, {
    pattern: LANGUAGE,
    hint: 'must be a language code such as en or pt-BR',
  });
  if (language !== undefined) out.language = language;
  const external = readText(input, 'external_identifier', problems);
  if (external !== undefined) {
    if (typeof external === 'string' && /^\d+$/.test(external))
      problems.push('external_identifier: must not be numerical');
    else out.externalIdentifier = external;
  }
  if (input.role !== undefined) {
    if (input.role !== 'subuser' && input.role !== 'plus' && input.role !== 'pro')
      problems.push('role: must be subuser, plus or pro');
    else out.role = input.role;
  }
  return out;
}

const PROFILE_TEXT: [keyof ProfileRecord, { pattern?: RegExp; hint?: string; max?: number }][] = [
  ['username', {}],
  ['firstname', {}],
  ['lastname', {}],
  ['zipcode', { max: 20 }],
  ['city', {}],
  ['address', {}],
  ['building', {}],
  ['country_code', { pattern: TWO_LETTERS, hint: 'must be 2 letters' }],
  ['language', { pattern: LANGUAGE, hint: 'must be a language code such as en' }],
  ['phonenumber', { pattern: /^[0-9 ()-]{3,20}$/, hint: 'must be a phone number without country prefix' }],
  ['phone_country', { pattern: TWO_LETTERS, hint: 'must be 2 letters' }],
  ['birthdate', { pattern: DATE, hint: 'must be a date YYYY-MM-DD' }],
];

/** profile_attributes: every Profile field but ids and timestamps, remote_avatar_url for avatar. */
export function applyProfile(user: UserRecord, input: unknown, problems: string[]): void {
  if (!input || typeof input !== 'object' || Array.isArray(input)) {
    problems.push('profile_attributes: must be an object');
    return;
  }
  const attrs = input as Params;
  const changes: Partial<ProfileRecord> = {};
  for (const [key, rule] of PROFILE_TEXT) {
    const value = readText(attrs, key, problems, { ...rule, label: `profile_attributes.${key}` });
    if (value !== undefined) (changes as Record<string, unknown>)[key] = value;
  }
  if (typeof changes.birthdate === 'string' && Number.isNaN(Date.parse(changes.birthdate)))
    problems.push('profile_attributes.birthdate: is not a date');
  if (attrs.gender !== undefined && attrs.gender !== null) {
    if (attrs.gender !== 'male' && attrs.gender !== 'female' && attrs.gender !== 'other')
      problems.push('profile_attributes.gender: must be male, female or other');
    else changes.gender = attrs.gender;
  }
  if (attrs.measurements !== undefined && attrs.measurements !== null) {
    if (attrs.measurements !== 'metric' && attrs.measurements !== 'imperial')
      problems.push('profile_attributes.measurements: must be metric or imperial');
    else changes.measurements = attrs.measurements;
  }
  const newsletter = readBoolean(attrs, 'newsletter', problems, 'profile_attributes.newsletter');
  if (newsletter !== undefined) changes.newsletter = newsletter;
  for (const key of ['website', 'remote_avatar_url'] as const) {
    const v = attrs[key];
    if (v === undefined || v === null || v === '') continue;
    if (!isHttpUrl(v)) problems.push(`profile_attributes.${key}: must be an http or https URL`);
    else if (key === 'website') changes.website = v;
    else changes.avatar = v;
  }
  if (attrs.country_code && typeof changes.country_code === 'string')
    changes.country_code = changes.country_code.toUpperCase();
  if (problems.length) return;
  const stamp = now();
  user.profile = { ...(user.profile ?? newProfile(user.id, stamp)), ...changes, updated_at: stamp };
}

const COMPANY_TEXT: [keyof CompanyRecord, { pattern?: RegExp; hint?: string; max?: number }][] = [
  ['zipcode', { max: 20 }],
  ['city', {}],
  ['address', {}],
  ['building', {}],
  ['country_code', { pattern: TWO_LETTERS, hint: 'must be 2 letters' }],
  ['faxnumber', { pattern: /^[0-9 ()-]{3,20}$/, hint: 'must be a number without country prefix' }],
  ['phonenumber', { pattern: /^[0-9 ()-]{3,20}$/, hint: 'must be a number without country prefix' }],
  ['phone_country', { pattern: TWO_LETTERS, hint: 'must be 2 letters' }],
];

/** company_attributes: name required; `{id, _destroy: true}` removes the company. */
export function applyCompany(user: UserRecord, input: unknown, problems: string[]): void {
  if (!input || typeof input !== 'object' || Array.isArray(input)) {
    problems.push('company_attributes: must be an object');
    return;
  }
  const attrs = input as Params;
  if (attrs._destroy !== undefined) {
    if (asBoolean(attrs._destroy) !== true) {
      problems.push('company_attributes._destroy: must be true');
      return;
    }
    const id = asInteger(attrs.id);
    if (id === undefined) problems.push('company_attributes.id: is required with _destroy');
    else if (!user.company || user.company.id !== id)
      problems.push('company_attributes.id: is not the id of this user’s company');
    if (!problems.length) user.company = null;
    return;
  }
  const changes: Partial<CompanyRecord> = {};
  const name = readText(attrs, 'name', problems, { nullable: false, label: 'company_attributes.name' });
  if (name === undefined && attrs.name === undefined) problems.push('company_attributes.name: is required');
  else if (typeof name === 'string') changes.name = name;
  for (const [key, rule] of COMPANY_TEXT) {
    const value = readText(attrs, key, problems, { ...rule, label: `company_attributes.${key}` });
    if (value !== undefined) (changes as Record<string, unknown>)[key] = value;
  }
  if (attrs.company_size !== undefined && attrs.company_size !== null) {
    if (typeof attrs.company_size !== 'string' || !COMPANY_SIZES.includes(normaliseSize(attrs.company_size)))
      problems.push('company_attributes.company_size: must be one of 1 - 20, 20-100, 100 - 200, 200+');
    else changes.company_size = attrs.company_size;
  }
  for (const key of ['website', 'remote_logo_url'] as const) {
    const v = attrs[key];
    if (v === undefined || v === null || v === '') continue;
    if (!isHttpUrl(v)) problems.push(`company_attributes.${key}: must be an http or https URL`);
    else if (key === 'website') changes.website = v;
    else changes.logo = v;
  }
  const vat = readText(attrs, 'vat_number', problems, {
    pattern: /^[A-Za-z]{2}[0-9A-Za-z+*.]{2,13}$/,
    hint: 'must start with the country code',
    label: 'company_attributes.vat_number',
  });
  if (vat !== undefined) changes.vat_number = vat;
  if (typeof changes.country_code === 'string') changes.country_code = changes.country_code.toUpperCase();
  if (problems.length) return;
  const stamp = now();
  user.company = {
    ...(user.company ?? newCompany(user.id, changes.name!, stamp)),
    ...changes,
    updated_at: stamp,
  };
}
