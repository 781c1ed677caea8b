/**
 * The render worker's later stages as the page finds them (stages.ts), by name: the build
 * (scripts/render-stages.ts) writes this module as one `new URL('…/stage.js', import.meta.url)` per
 * stage, which Vite, webpack, Turbopack and Rollup's asset plugins copy beside the page's bundle as
 * they copy the worker (and src/internal/worker-start.ts resolves as it resolves the worker's URL,
 * `configure({ renderWorkerUrl })` included). Empty when the worker runs from its sources: it imports
 * its modules itself then. Imported by worker-view.ts only (the build writes it after the worker's).
 */
export const RENDER_STAGES: Record<string, URL | string> = {};
