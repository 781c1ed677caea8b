/**
 * The working part of `<room-viewer>`'s `exportLook()` (features/export.ts holds its contract): the
 * options checked, the pieces a scope names (src/features/ar-look/look-lines.ts, shared with AR's code)
 * and the file written by the drawing, on whichever thread it draws. Loaded on the first call.
 */
import { lookPieces, type ExportLookOptions } from '../../../features/ar-look/look-lines.js';
import type { ViewerContext } from '../base.js';
import { roomOnScreen } from './room-on-screen.js';

const MIME = { glb: 'model/gltf-binary', usdz: 'model/vnd.usdz+zip' } as const;
const SCOPES = new Set(['room', 'furniture', 'selected']);

/**
 * exportLook() as its JSDoc says (features/export.ts): `context` the room shown when it was called
 * (undefined: none), `selected` the element's selection then, `limits` the file's cap and a texture's side.
 */
export async function exportLook(
  context: ViewerContext | undefined,
  options: ExportLookOptions,
  selected: string[] | undefined,
  limits: { maxBytes: number; maxTextureSize: number },
): Promise<Blob> {
  const scope = options.scope ?? 'room';
  const format = options.format ?? 'glb';
  if (!SCOPES.has(scope)) throw new TypeError(`exportLook(): unknown scope ${JSON.stringify(String(scope))}`);
  if (format !== 'glb' && format !== 'usdz')
    throw new TypeError(`exportLook(): unknown format ${JSON.stringify(String(format))} (glb or usdz)`);
  const shown = roomOnScreen(context, 'exportLook()');
  const pieces = lookPieces(shown.model, scope, options.pieces, selected).map((c) => c.id);
  const bytes = await shown.drawing.exportLook({
    format,
    pieces,
    room: scope === 'room',
    maxBytes: limits.maxBytes,
    maxTextureSize: limits.maxTextureSize,
  });
  return new Blob([bytes], { type: MIME[format] });
}
