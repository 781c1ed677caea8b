/**
 * room-elements/ssr.js: the elements rendered on a server with the room's data (docs/ssr.md), for pages
 * that fetch the room first. Each function takes the data and returns the element's HTML: declarative
 * shadow DOM holding the content, readable with JavaScript off, that the element takes over in the
 * browser. No Node built-in: Node, Deno, Bun and fetch-only edge runtimes (workerd) alike.
 */
export { renderPlan, type PlanRenderOptions } from './render-plan.js';
export { renderGallery, type GalleryRenderOptions } from './render-gallery.js';
export { renderPoster, type PosterRenderOptions } from './render-poster.js';
export { renderExportButton, type ButtonRenderOptions } from './render-button.js';
export { roomSchema, roomSchemaScript, type RoomSchemaInput, type PageProduct } from './schema.js';
export { escapeHtml, jsonForScript } from './escape.js';
