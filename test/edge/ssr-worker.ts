/**
 * A fetch-only edge handler (Cloudflare Workers' module syntax) that server-renders with
 * room-elements/ssr: POST `{ kind, options }` as JSON, get the element's HTML. Bundled without any Node
 * built-in and run in workerd by test/node/ssr-edge.test.ts, which renders the same in Node and compares.
 */
import {
  renderExportButton,
  renderGallery,
  renderPlan,
  renderPoster,
  roomSchemaScript,
} from '../../src/ssr/index.ts';
import { readModel } from '../../src/model/read-model.ts';
import { planGeometry } from '../../src/model/plan-geometry.ts';

export type EdgeKind = 'plan' | 'gallery' | 'viewer' | 'panorama' | 'button' | 'schema';

/** The same call in both runtimes. */
export async function renderKind(kind: EdgeKind, options: Record<string, unknown>): Promise<string> {
  switch (kind) {
    case 'plan':
      return renderPlan(options);
    case 'gallery':
      return renderGallery(options as never);
    case 'viewer':
    case 'panorama':
      return renderPoster(kind === 'viewer' ? 'room-viewer' : 'room-panorama', options as never);
    case 'button':
      return renderExportButton(options as never);
    case 'schema': {
      const read = readModel(options.model);
      return roomSchemaScript({ ...options, model: read.model, plan: planGeometry(read.model) });
    }
  }
}

export default {
  async fetch(request: Request): Promise<Response> {
    if (request.method !== 'POST') return new Response('POST { kind, options }', { status: 405 });
    const { kind, options } = (await request.json()) as { kind: EdgeKind; options: Record<string, unknown> };
    try {
      return new Response(await renderKind(kind, options), {
        headers: { 'content-type': 'text/html; charset=utf-8' },
      });
    } catch (error) {
      return new Response(String((error as Error)?.stack ?? error), { status: 500 });
    }
  },
};
