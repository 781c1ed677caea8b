/**
 * `<project-export-button>` rendered on a server: the element itself under @lit-labs/ssr, so its
 * button (with its label) is in the HTML; the browser takes it over (RoomElement).
 */
import { html } from 'lit';
import { ifDefined } from 'lit/directives/if-defined.js';
import '../elements/project-export-button/project-export-button.js';
import { renderToString } from './lit-render.js';

export interface ButtonRenderOptions {
  projectId: string | number;
  tokenEndpoint?: string;
  plannerBase?: string;
  type?: '2d' | '3d';
  formats?: string;
  lang?: string;
}

export function renderExportButton(options: ButtonRenderOptions): Promise<string> {
  return renderToString(
    html`<project-export-button
      project-id=${String(options.projectId)}
      token-endpoint=${ifDefined(options.tokenEndpoint)}
      planner-base=${ifDefined(options.plannerBase)}
      type=${ifDefined(options.type)}
      formats=${ifDefined(options.formats)}
      lang=${ifDefined(options.lang)}
    ></project-export-button>`,
  );
}
