/**
 * `<room-plan>` rendered on a server with its data: the element itself renders under @lit-labs/ssr
 * with the plan already read (its whole SVG in the declarative shadow root: walls, openings, areas
 * with names and floor areas, dimensions), and the data goes beside it as a JSON island, so the
 * browser reads the same plan and hydrates the server's SVG instead of drawing it again
 * (src/elements/room-plan/server-data.ts).
 */
import { html } from 'lit';
import { ifDefined } from 'lit/directives/if-defined.js';
import { unsafeHTML } from 'lit/directives/unsafe-html.js';
import { RoomPlan } from '../elements/room-plan/room-plan.js';
import * as planParts from '../elements/room-plan/after-paint.js';
import { providePlanParts } from '../elements/room-plan/base.js';
import { readPlanData, type PlanData } from '../elements/room-plan/server-data.js';
import { fmlDesignToRoomModel } from '../model/fml/fml-to-room-model.js';
import { readFml } from '../model/fml/read-fml.js';
import { jsonForScript } from './escape.js';
import { renderToString } from './lit-render.js';

/** What the page's server has of the plan, and the element's attributes. */
export interface PlanRenderOptions {
  /** A room model (or a whole room document with a `model` member), e.g. from the room-styling client. */
  model?: unknown;
  /** An FML document (FML JSON, parsed or as text, or FML XML text), e.g. from the planning client. */
  fml?: unknown;
  /** FML: the floor shown (id or 0-based index; default the first) and its design. */
  floor?: string | number;
  design?: string | number;
  /** `metric` (default) or `imperial`. */
  units?: 'metric' | 'imperial';
  /** The element's language (the browser follows `<html lang>` too: give the page's). */
  lang?: string;
  /** Attributes the element keeps, for what it loads later (and for a page's own selectors). */
  id?: string;
  roomId?: string | number;
  projectId?: string | number;
  plannerBase?: string;
  apiBase?: string;
  furniture?: 'hidden';
}

// A plan drawn on a server has every feature at once (its footprints, its description), as the browser's
// take-over has them before it hydrates (the browser's own plans take them right after their first paint):
// their code, and their styles beside the element's own in its declarative shadow root.
providePlanParts(planParts);
void RoomPlan.observedAttributes;
RoomPlan.elementStyles = [...RoomPlan.elementStyles, ...planParts.partStyles];

const text = (value: string | number | undefined) => (value == null ? undefined : String(value));

/** The FML reader for the server (the browser loads its own on demand). */
const FML = { readFml, fmlDesignToRoomModel };

/**
 * The `<room-plan>` element as HTML with its plan drawn. A plan that cannot be drawn (no walls, not a
 * model) renders the element's empty shell with the same attributes: the browser then says why.
 */
export async function renderPlan(options: PlanRenderOptions): Promise<string> {
  const data: PlanData = options.model != null ? { model: options.model } : { fml: options.fml };
  const floor = text(options.floor);
  const design = text(options.design);
  const shown = readPlanData(data, { floor, design }, FML);
  // the island: the data as read by the element (so a page's model and the server's agree)
  const island = shown
    ? unsafeHTML(`<script type="application/json" data-room-plan>${jsonForScript(data)}</script>`)
    : '';
  return renderToString(
    html`<room-plan
      id=${ifDefined(options.id)}
      room-id=${ifDefined(text(options.roomId))}
      project-id=${ifDefined(text(options.projectId))}
      planner-base=${ifDefined(options.plannerBase)}
      api-base=${ifDefined(options.apiBase)}
      floor=${ifDefined(floor)}
      design=${ifDefined(design)}
      units=${ifDefined(options.units)}
      lang=${ifDefined(options.lang)}
      furniture=${ifDefined(options.furniture)}
      .serverShown=${shown}
      >${island}</room-plan
    >`,
  );
}
