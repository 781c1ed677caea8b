/** The npm build's entry points: one per element (each registers its tag), the index and config. */
export const ELEMENT_ENTRIES: Record<string, string> = {
  index: 'src/index.ts',
  config: 'src/config.ts',
  'room-gallery': 'src/elements/room-gallery/room-gallery.ts',
  'room-panorama': 'src/elements/room-panorama/room-panorama.ts',
  'room-viewer': 'src/elements/room-viewer/room-viewer.ts',
  'room-plan': 'src/elements/room-plan/room-plan.ts',
  'project-export-button': 'src/elements/project-export-button/project-export-button.ts',
  // the planning client for partner back ends (server side too); registers no element
  planning: 'src/api/planning/index.ts',
  // pure room-model functions (read, plan geometry, units) for pages and servers; no DOM, no three
  model: 'src/model/index.ts',
};
