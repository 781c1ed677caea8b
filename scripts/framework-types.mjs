// Types for every framework, made from custom-elements.json (the whole public API: test/node/manifest-
// complete.test.ts) and the element classes' own declarations, by `npm run build`:
//   dist/types/elements-api.d.ts  per element: attributes by their HTML names, properties, event map
//   dist/types/jsx.d.ts           room-elements/jsx: React 19 JSX (and `CustomElements` for other JSX)
//   dist/types/vue.d.ts           room-elements/vue: Vue's GlobalComponents (vue-tsc, Volar)
//   dist/types/svelte.d.ts        room-elements/svelte: svelte/elements' SvelteHTMLElements
//   dist/types/angular.d.ts       room-elements/angular: event maps for handlers under CUSTOM_ELEMENTS_SCHEMA
// test/node/framework-consumers.test.ts checks each with its own checker against the packed tarball.
// Types come from the classes (`RoomViewer['cameraOrbit']`), so the manifest names what exists and
// TypeScript's declarations say what it takes; only the event details come from the manifest's text.
import { readFileSync, writeFileSync } from 'node:fs';

const OUT = 'dist/types';
const manifest = JSON.parse(readFileSync('custom-elements.json', 'utf8'));

// global HTML attributes an element also documents (the gallery's `style` filter, `lang`): the
// framework's own typing of them stays (React's style object, Svelte's class directives...)
const GLOBAL_ATTRIBUTES = new Set(['style', 'lang', 'title', 'hidden', 'id', 'class', 'dir', 'slot']);

const camel = (name) => name.replace(/-([a-z])/g, (_, c) => c.toUpperCase());
const pascal = (name) => camel(name).replace(/^[a-z]/, (c) => c.toUpperCase());
const doc = (text, indent = '  ') =>
  text ? `${indent}/** ${text.replace(/\*\//g, '*\\/').replace(/\s*\n\s*/g, ' ')} */\n` : '';

const elements = manifest.modules
  .flatMap((m) => m.declarations ?? [])
  .filter((d) => d.customElement && d.tagName)
  .sort((a, b) => (a.tagName < b.tagName ? -1 : 1))
  .map((d) => {
    const isPublic = (m) => (m.privacy ?? 'public') === 'public' && !m.static && !m.name.startsWith('#');
    const attributes = (d.attributes ?? [])
      .filter((a) => !GLOBAL_ATTRIBUTES.has(a.name))
      .map((a) => {
        let type = a.fieldName ? `${d.name}[${JSON.stringify(a.fieldName)}]` : 'string';
        // a number property's attribute is written as text in markup (`limit="6"` in TSX, Svelte, Vue):
        // the string of a number is accepted too, anything else is still refused
        if (/\bnumber\b(?!\[)/.test(a.type?.text ?? '')) type += ' | `${number}`';
        return { name: a.name, type, description: a.description };
      });
    const properties = (d.members ?? [])
      .filter((m) => m.kind === 'field' && isPublic(m) && !m.readonly && !GLOBAL_ATTRIBUTES.has(m.name))
      .map((m) => ({
        name: m.name,
        type: `${d.name}[${JSON.stringify(m.name)}]`,
        description: m.description,
      }));
    const events = (d.events ?? []).map((e) => {
      const detail = /^CustomEvent<(\w+)>$/.exec(e.type?.text ?? '')?.[1];
      if (!detail) throw new Error(`${d.tagName}: event ${e.name} has no CustomEvent<Detail> type`);
      return { name: e.name, detail, description: e.description };
    });
    return { tag: d.tagName, className: d.name, attributes, properties, events };
  });

const details = [...new Set(elements.flatMap((e) => e.events.map((ev) => ev.detail)))].sort();
const classes = elements.map((e) => e.className);

const header = (what) =>
  `// ${what}\n// Generated from custom-elements.json by scripts/framework-types.mjs: do not edit.\n`;

// --- the framework-neutral API ---
let api = header(
  "Every element's attributes, properties and events, for the framework types beside this file.",
);
api += `import type {\n${[...classes, ...details].map((n) => `  ${n},`).join('\n')}\n} from "./index.js";\n\n`;
api += `/** An event from a room element: its \`detail\` typed, \`target\` / \`currentTarget\` the element. */
export type RoomElementEvent<E extends HTMLElement, D> = CustomEvent<D> & {
  readonly target: E;
  readonly currentTarget: E;
};\n\n`;
for (const e of elements) {
  api += `/** \`<${e.tag}>\`'s attributes, by their HTML names. */\nexport interface ${e.className}Attributes {\n`;
  for (const a of e.attributes)
    api += doc(a.description) + `  ${JSON.stringify(a.name)}?: ${a.type} | undefined;\n`;
  api += `}\n\n/** \`<${e.tag}>\`'s settable properties (objects and functions only go this way). */\nexport interface ${e.className}Properties {\n`;
  for (const p of e.properties) api += doc(p.description) + `  ${p.name}?: ${p.type} | undefined;\n`;
  api += `}\n\n/** \`<${e.tag}>\`'s events, by name. */\nexport interface ${e.className}EventMap {\n`;
  for (const ev of e.events)
    api +=
      doc(ev.description) + `  ${JSON.stringify(ev.name)}: RoomElementEvent<${e.className}, ${ev.detail}>;\n`;
  api += '}\n\n';
}
api += `/** Each tag's class. */\nexport interface RoomElementsTagNameMap {\n${elements.map((e) => `  ${JSON.stringify(e.tag)}: ${e.className};\n`).join('')}}\n\n`;
api += `/** Each tag's event map. */\nexport interface RoomElementsEventMaps {\n${elements.map((e) => `  ${JSON.stringify(e.tag)}: ${e.className}EventMap;\n`).join('')}}\n`;
writeFileSync(`${OUT}/elements-api.d.ts`, api);

const apiImports = (extra = []) =>
  `import type {\n${[
    ...extra,
    ...elements.flatMap((e) => [
      `${e.className}Attributes`,
      `${e.className}Properties`,
      `${e.className}EventMap`,
    ]),
  ]
    .map((n) => `  ${n},`)
    .join('\n')}\n} from "./elements-api.js";\n`;
const reexport = `export type * from "./elements-api.js";\n`;

// --- React 19 (and other JSX) ---
// React 19 sets a prop on a custom element as a property when the element has it (so `model` and
// `componentLoader` take objects) and listens for `on<event-name>` exactly as written: `onmodel-load`.
let jsx = header('room-elements/jsx: JSX types for React 19 (`import type {} from "room-elements/jsx"`).');
jsx += `import type { ClassAttributes, HTMLAttributes } from "react";\n`;
jsx += `import type {\n${classes.map((n) => `  ${n},`).join('\n')}\n} from "./index.js";\n`;
jsx += apiImports();
jsx += reexport;
jsx += `\n/** \`on<event-name>\` handlers, as React 19 (and Preact) attach them to custom elements. */
export type JsxEventHandlers<M> = { [K in keyof M as \`on\${K & string}\`]?: ((event: M[K]) => void) | undefined };\n\n`;
for (const e of elements) {
  jsx += `/** \`<${e.tag}>\` in JSX: its attributes, properties and \`on<event>\` handlers. */\nexport type ${e.className}JsxProps = ${e.className}Attributes & Omit<${e.className}Properties, keyof ${e.className}Attributes> & JsxEventHandlers<${e.className}EventMap>;\n`;
}
jsx += `\n/** React's own props of an element (standard attributes, DOM events, \`ref\`, \`key\`) with ours over them. */
export type ReactElementProps<E extends HTMLElement, P> = ClassAttributes<E> & Omit<HTMLAttributes<E>, keyof P> & P;\n`;
jsx += `\n/** Each tag's JSX props without a framework's base attributes (for Preact, Solid, Stencil... typings). */\nexport type CustomElements = {\n${elements.map((e) => `  ${JSON.stringify(e.tag)}: ${e.className}JsxProps;\n`).join('')}};\n`;
jsx += `\ndeclare module "react" {\n  namespace JSX {\n    interface IntrinsicElements {\n${elements
  .map((e) => `      ${JSON.stringify(e.tag)}: ReactElementProps<${e.className}, ${e.className}JsxProps>;\n`)
  .join('')}    }\n  }\n}\n`;
writeFileSync(`${OUT}/jsx.d.ts`, jsx);

// --- Vue 3 ---
// Vue listens for \`@model-load\` through the prop \`onModelLoad\`, and takes \`room-id\` as \`roomId\`.
let vue = header('room-elements/vue: Vue 3 GlobalComponents (`import type {} from "room-elements/vue"`).');
vue += `import type { DefineComponent, HTMLAttributes } from "vue";\n`;
vue += apiImports();
vue += reexport;
vue += '\n';
for (const e of elements) {
  vue += `/** \`<${e.tag}>\` in a Vue template: attributes, \`:properties\` and \`@event\` handlers. */\nexport type ${e.className}VueProps = ${e.className}Attributes & Omit<${e.className}Properties, keyof ${e.className}Attributes> & {\n`;
  for (const ev of e.events)
    vue +=
      doc(ev.description) +
      `  on${pascal(ev.name)}?: ((event: ${e.className}EventMap[${JSON.stringify(ev.name)}]) => void) | undefined;\n`;
  vue += '};\n';
  vue += `/** With Vue's own HTML attributes and DOM events (\`class\`, \`style\`, \`@click\`...). */\nexport type ${e.className}VueAttributes = Omit<HTMLAttributes, keyof ${e.className}VueProps> & ${e.className}VueProps;\n`;
}
vue += `\ndeclare module "vue" {\n  interface GlobalComponents {\n${elements
  .map((e) => `    ${JSON.stringify(e.tag)}: DefineComponent<${e.className}VueAttributes>;\n`)
  .join('')}  }\n}\n`;
writeFileSync(`${OUT}/vue.d.ts`, vue);

// --- Svelte 5 ---
// Svelte 5 listens for \`onmodel-load={...}\` as written (after \`on\`), and sets known properties.
let svelte = header(
  'room-elements/svelte: Svelte 5 element types (`import type {} from "room-elements/svelte"`).',
);
svelte += `import type { HTMLAttributes } from "svelte/elements";\n`;
svelte += `import type {\n${classes.map((n) => `  ${n},`).join('\n')}\n} from "./index.js";\n`;
svelte += apiImports();
svelte += reexport;
svelte += `\n/** \`on<event-name>\` handlers, as Svelte 5 attaches them. */
export type SvelteEventHandlers<M> = { [K in keyof M as \`on\${K & string}\`]?: ((event: M[K]) => void) | undefined | null };\n\n`;
for (const e of elements) {
  svelte += `/** \`<${e.tag}>\` in Svelte markup. */\nexport type ${e.className}SvelteProps = Omit<HTMLAttributes<${e.className}>, keyof ${e.className}Attributes | keyof ${e.className}Properties> & ${e.className}Attributes & Omit<${e.className}Properties, keyof ${e.className}Attributes> & SvelteEventHandlers<${e.className}EventMap>;\n`;
}
svelte += `\ndeclare module "svelte/elements" {\n  interface SvelteHTMLElements {\n${elements
  .map((e) => `    ${JSON.stringify(e.tag)}: ${e.className}SvelteProps;\n`)
  .join('')}  }\n}\n`;
writeFileSync(`${OUT}/svelte.d.ts`, svelte);

// --- Angular ---
let angular = header(
  'room-elements/angular: types for Angular components that use the elements under CUSTOM_ELEMENTS_SCHEMA.',
);
angular += `// Angular does not check a custom element's bindings; type your handlers and inputs with these:
//   onSelect(event: RoomViewerEventMap['component-select']) { event.detail.component.id }
// The events are also in GlobalEventHandlersEventMap, so \`addEventListener\` and \`@HostListener\`
// code sees their detail types.\n`;
angular += `import type {\n${classes.map((n) => `  ${n},`).join('\n')}\n} from "./index.js";\n`;
angular += reexport;
angular += `import type { RoomElementsEventMaps, RoomElementsTagNameMap } from "./elements-api.js";\n`;
angular += `\n/** The event \`N\` of the element \`T\`: \`RoomEvent<'room-viewer', 'measure'>\`. */
export type RoomEvent<T extends keyof RoomElementsEventMaps, N extends keyof RoomElementsEventMaps[T]> = RoomElementsEventMaps[T][N];
/** The element class of tag \`T\` (for \`@ViewChild('viewer') viewer!: ElementRef<RoomElementOf<'room-viewer'>>\`). */
export type RoomElementOf<T extends keyof RoomElementsTagNameMap> = RoomElementsTagNameMap[T];
export type { ${classes.join(', ')} };\n`;
writeFileSync(`${OUT}/angular.d.ts`, angular);
