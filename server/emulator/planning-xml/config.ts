/**
 * Configuration of the legacy XML API (Document 2) in the emulator, read from the environment when the
 * emulator is created. The accounts and their API keys are the v2 API's (planning/domain/config.ts).
 *
 *   PLANNER_ACCOUNT_TYPES  comma list of the `account-type` values agreed with the partner
 *                          (section 2: "a value agreed with the provider"). Default: subuser,plus,pro,
 *                          the roles of Document 1, so an XML user is the same kind of user in v2.
 */

export const DEFAULT_ACCOUNT_TYPES = ['subuser', 'plus', 'pro'] as const;

export interface PlanningXmlConfig {
  accountTypes: string[];
}

export function planningXmlConfigFromEnv(
  env: Record<string, string | undefined> = process.env,
): PlanningXmlConfig {
  const types = (env.PLANNER_ACCOUNT_TYPES ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return { accountTypes: types.length ? [...new Set(types)] : [...DEFAULT_ACCOUNT_TYPES] };
}
