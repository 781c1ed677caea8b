/**
 * Whether `host` is the element shown full screen. Asked of its own root: inside another element's
 * shadow root, the document names that element instead (retargeted).
 */
export function isFullscreen(host: Element): boolean {
  const root = host.getRootNode() as Partial<DocumentOrShadowRoot>;
  return (root.fullscreenElement ?? document.fullscreenElement) === host;
}
