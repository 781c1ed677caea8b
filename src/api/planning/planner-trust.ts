/**
 * Where the planner token may go: one rule for `<project-export-button>` and the FML inputs of
 * `<room-plan>` / `<room-viewer>` (`project-id` with `token-endpoint`, src/api/model-source.ts). The partner's token answer names the planner root it uses itself
 * (`planner_base`): the token goes to that origin. Any other planner root must be trusted by the
 * page's own script (the `trustedPlannerBases` property, or `configure({ plannerBase })`), never by
 * markup alone: a `planner-base` attribute may come from user content, a CMS field or an injected
 * fragment, and the token it would receive is the user's.
 */
import { DEFAULT_CONFIG, getConfig } from '../../config.js';
import { ElementError } from '../element-error-class.js';

/** An http(s) URL's origin, or undefined for anything else. */
export function originOf(raw: string | undefined, base?: string): string | undefined {
  if (!raw) return undefined;
  try {
    const url = new URL(raw, base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

export interface PlannerChoice {
  /** The element's `planner-base` (attribute or property). */
  element?: string;
  /** configure()'s plannerBase, and whether the page set it (false: the built-in default). */
  configured: string;
  configuredByPage: boolean;
  /** The element's `trustedPlannerBases` (property only). */
  trusted?: readonly string[];
}

/**
 * The planner root to export to, given what the partner vouched for: the element's own, else the
 * page's configure(), else the partner's, else the built-in default. Throws an ElementError
 * (`reason: 'untrusted-planner'`) when that root's origin is neither the vouched one nor trusted
 * from script; nothing has been sent to it then.
 */
export function plannerFor(choice: PlannerChoice, vouched: string | undefined): string {
  const page = typeof location !== 'undefined' ? location.href : undefined;
  const vouchedOrigin = originOf(vouched, page);
  const base =
    choice.element ||
    (choice.configuredByPage || !vouchedOrigin ? choice.configured : new URL(vouched!, page).href);
  const origin = originOf(base, page);
  const allowed = new Set<string>();
  if (vouchedOrigin) allowed.add(vouchedOrigin);
  // page script: configure() (or the built-in default, which markup cannot change) and the property
  const configuredOrigin = originOf(choice.configured, page);
  if (configuredOrigin) allowed.add(configuredOrigin);
  for (const entry of choice.trusted ?? []) {
    const trusted = typeof entry === 'string' ? originOf(entry, page) : undefined;
    if (trusted) allowed.add(trusted);
  }
  // not an http(s) URL at all: the request would fail anyway; the planning client says why
  if (origin === undefined || allowed.has(origin)) return base;
  throw new ElementError(
    `the planner ${origin} is not the one the partner back end vouches for` +
      `${vouchedOrigin ? ` (${vouchedOrigin})` : ''}; trust it from script (trustedPlannerBases or configure({ plannerBase }))`,
    { kind: 'invalid', reason: 'untrusted-planner' },
  );
}

/**
 * The choice an element makes from its `planner-base` and `trustedPlannerBases` and the page's
 * configure() (read now).
 */
export function plannerChoice(element: string | null | undefined, trusted: unknown): PlannerChoice {
  const { plannerBase } = getConfig();
  return {
    element: element?.trim() || undefined,
    configured: plannerBase,
    configuredByPage: plannerBase !== DEFAULT_CONFIG.plannerBase,
    trusted: Array.isArray(trusted) ? (trusted as readonly string[]) : undefined,
  };
}
