/**
 * What the partner's route modules (routes/*.ts) share: the resolved options and the per-instance
 * state made once by createPartner() (sessions, the planner gate, the counters, the verdict memory).
 * Handed to each module, so no route reaches another's closure.
 */
import type { AccessCache } from './access-cache.ts';
import type { ExportNotifier, StreamCounter } from './export-results.ts';
import type { ResolvedPartnerOptions } from './options.ts';
import type { PlannerGate } from './planner.ts';
import type { Sessions } from './session.ts';

export interface PartnerParts {
  options: ResolvedPartnerOptions;
  sessions: Sessions;
  notifier: ExportNotifier;
  streams: StreamCounter;
  gate: PlannerGate;
  access: AccessCache;
}

/** Exports a session remembers as its own (the newest). */
export const MAX_SESSION_EXPORTS = 200;
