/**
 * `<room-plan>` drawn from data a server already holds (src/ssr/render-plan.ts): the same data read
 * the same way on the server and again in the browser, so the plan the browser works out is the one
 * the server drew and the element can take over the server's SVG node for node (Lit hydration)
 * instead of drawing it again.
 *
 * The data travels in the page as a JSON island, a light-DOM child of the element:
 * `<script type="application/json" data-room-plan>{"fml": …}</script>` (or `{"model": …}`). A
 * script of that type never runs and never shows; the server escapes `<` in it, so no service string
 * can close it.
 */
import type { FmlModule } from '../../api/model-source.js';
import { pickDesign } from '../../features/model-source/fml-floors.js';
import type { Shown } from '../../features/model-source/source-controller.js';
import { planGeometry } from '../../model/plan-geometry.js';
import { readModel } from '../../model/read-model.js';
import type { PlanGeometry } from '../../model/types.js';

/** What a server rendered the plan from: a room model (or whole room) or an FML document. */
export interface PlanData {
  model?: unknown;
  fml?: unknown;
}

/** The plan shown, read at once (both the shown model and its plan geometry). */
export type ShownNow = Shown & { plan: PlanGeometry };

/** The island's selector (a direct child of the element). */
export const PLAN_DATA_SELECTOR = ':scope > script[type="application/json"][data-room-plan]';

/**
 * The model and plan of `data` (FML: the floor and design asked for), or undefined when it cannot be
 * drawn (the element then loads as usual and says why in its error state). `fml` is the FML reader
 * (the server imports it; the browser loads it as it does for any FML).
 */
export function readPlanData(
  data: PlanData,
  select: { floor?: string; design?: string },
  fml?: FmlModule,
): ShownNow | undefined {
  try {
    if (data.model != null) {
      const read = readModel(data.model);
      if (!read.drawable) return undefined;
      return { model: read.model, problems: read.problems, plan: planGeometry(read.model), floorIndex: 0 };
    }
    if (data.fml == null || !fml) return undefined;
    const read = fml.readFml(data.fml);
    if (!read.drawable) return undefined;
    const shown = { plan: read.plan, fml, problems: read.problems };
    const picked = pickDesign(shown, select.floor, select.design);
    return {
      model: picked.model,
      problems: picked.problems,
      plan: planGeometry(picked.model),
      fml: shown,
      floorIndex: picked.floorIndex,
    };
  } catch {
    return undefined;
  }
}

/** The island's data, when the element holds one that parses to an object. */
export function islandData(host: Element): PlanData | undefined {
  const script = host.querySelector(PLAN_DATA_SELECTOR);
  if (!script?.textContent) return undefined;
  try {
    const data: unknown = JSON.parse(script.textContent);
    return data && typeof data === 'object' ? (data as PlanData) : undefined;
  } catch {
    return undefined;
  }
}
