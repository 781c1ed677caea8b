/**
 * One name for auto-rotation on the viewer and the panorama: `auto-rotate` (property `autoRotate`),
 * with `autorotate` (the panorama's first name) kept as an alias on both. The two properties are kept
 * equal before each update: the one that changed wins; on the first update (both "changed"), either
 * one set turns it on.
 */
import type { PropertyValues } from 'lit';

export interface AutoRotateNames {
  autoRotate: boolean;
  autorotate: boolean;
}

export function syncAutoRotate(host: AutoRotateNames, changed: PropertyValues): void {
  const primary = changed.has('autoRotate');
  const alias = changed.has('autorotate');
  if (primary && alias) host.autoRotate = host.autorotate = host.autoRotate || host.autorotate;
  else if (primary) host.autorotate = host.autoRotate;
  else if (alias) host.autoRotate = host.autorotate;
}
