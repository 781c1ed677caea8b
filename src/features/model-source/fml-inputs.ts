/**
 * The FML inputs `<room-plan>` and `<room-viewer>` share (docs/fml.md): one declaration, so the two
 * elements name and document them alike. A mixin over the elements' base class.
 */
import { property } from 'lit/decorators.js';
import type { RoomElement } from '../../internal/room-element.js';
import type { Constructor } from '../../internal/mixin.js';

/** The FML inputs that change what is loaded (floor and design only change what is shown). */
export const FML_SOURCE_KEYS = [
  'fml',
  'projectId',
  'plannerBase',
  'projectToken',
  'tokenEndpoint',
  'trustedPlannerBases',
] as const;

/** The inputs the mixin adds (documented on the class below). */
export interface FmlInputProperties {
  fml?: unknown;
  projectId?: string;
  plannerBase?: string;
  projectToken?: string;
  tokenEndpoint?: string;
  trustedPlannerBases?: readonly string[];
  floor?: string;
  design?: string;
}

// the declared return type: the declaration build cannot name the anonymous class's private members
export function FmlInputs<T extends Constructor<RoomElement>>(Base: T): T & Constructor<FmlInputProperties> {
  abstract class WithFmlInputs extends Base {
    /** An FML document (XML or JSON text, or a parsed FML JSON object), instead of `src`. */
    @property({ attribute: false }) fml?: unknown;

    /** A planning project whose FML to show (with `planner-base`, and `project-token` or `token-endpoint`). */
    @property({ attribute: 'project-id' }) projectId?: string;

    /**
     * Root of the planning API (`…/api/v2`); the project token is sent only there. With
     * `token-endpoint` it must be the planner the partner's token answer names (`planner_base`),
     * configure()'s `plannerBase`, or one in `trustedPlannerBases`: any other ends in a `model-error`
     * with `reason: 'untrusted-planner'` and the token is not sent. Without it: configure()'s if the
     * page set one, else the partner's.
     */
    @property({ attribute: 'planner-base' }) plannerBase?: string;

    /**
     * Planner roots the page's script trusts with a `token-endpoint` token besides the one the partner
     * vouches for (property only: markup cannot name where the user's token goes).
     */
    @property({ attribute: false }) trustedPlannerBases?: readonly string[];

    /** A token for the project (sent only to `planner-base`). */
    @property({ attribute: 'project-token' }) projectToken?: string;

    /** The partner's token endpoint (POST `{ project_id }` with the page's cookies, as `<project-export-button>` uses). */
    @property({ attribute: 'token-endpoint' }) tokenEndpoint?: string;

    /**
     * FML: the floor to show, by id or 0-based index in the document's order (default the first);
     * `<room-viewer>` also takes `all`: every floor stacked at its level.
     */
    @property() floor?: string;

    /** FML: the design of that floor, by id or 0-based index (default the first). */
    @property() design?: string;
  }
  return WithFmlInputs;
}
