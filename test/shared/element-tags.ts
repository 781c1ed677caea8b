/**
 * The six elements' tags, in the order ../shared/DESIGN.md lists them: what every "each element" test
 * walks (the CDN bundle and loader, the manifest, the element imports, the React wrappers), so an
 * element added is added to all of them at once.
 */
export const ELEMENT_TAGS: readonly string[] = [
  'room-gallery',
  'room-panorama',
  'room-viewer',
  'room-plan',
  'project-export-button',
  'room-tour',
];
