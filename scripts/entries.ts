/** The npm build's entry points: one per element (each registers its tag), the index and config. */
export const ELEMENT_ENTRIES: Record<string, string> = {
  index: 'src/index.ts',
  config: 'src/config.ts',
  // registerTranslation / overrideStrings: languages for every element, no element registered
  i18n: 'src/i18n.ts',
  // each shipped translation as a module of its own (`room-elements/i18n/de.js`): a page's language
  // starts from one; the elements download the same file when they speak it (src/i18n/shipped.ts)
  'i18n/en': 'src/i18n/en.ts',
  'i18n/nl': 'src/i18n/nl.ts',
  'i18n/de': 'src/i18n/de.ts',
  'i18n/fr': 'src/i18n/fr.ts',
  'i18n/es': 'src/i18n/es.ts',
  'room-gallery': 'src/elements/room-gallery/room-gallery.ts',
  'room-panorama': 'src/elements/room-panorama/room-panorama.ts',
  'room-viewer': 'src/elements/room-viewer/room-viewer.ts',
  'room-plan': 'src/elements/room-plan/room-plan.ts',
  'project-export-button': 'src/elements/project-export-button/project-export-button.ts',
  // the tour (issue 38)
  'room-tour': 'src/elements/room-tour/room-tour.ts',
  // the planning client (pages and servers); takes no secret, registers no element
  planning: 'src/api/planning/index.ts',
  // the same plus the helpers that take a secret (apiKey, exchangeCode, revokeToken): server code only
  'planning/server': 'src/api/planning/server.ts',
  // the legacy XML API's client (Document 2): server code only, it holds the partner's API key
  'planning-xml': 'src/api/planning-xml/index.ts',
  // pure room-model functions (read, plan geometry, units) for pages and servers; no DOM, no three
  model: 'src/model/index.ts',
  // server rendering with the room's data (docs/ssr.md): Node and fetch-only edge runtimes; @lit-labs/ssr a peer
  ssr: 'src/ssr/index.ts',
};
