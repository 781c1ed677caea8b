/**
 * How the planning emulator serves a stored file at its capability URL (an export, an uploaded image):
 * the token in the path is the credential, so links and <img> work without one and from any origin; the
 * bytes as stored, inline under their own name and type, never sniffed, cached privately for an hour.
 */
import type { Context } from 'hono';
import type { StoredFile } from '../domain/records.ts';

/** The file, or the API's JSON 404 when there is none under that URL. */
export function storedFileResponse(c: Context, file: StoredFile | undefined): Response {
  if (!file) return c.json({ status: 404, error: 'Not Found' }, 404);
  return c.body(file.bytes as Uint8Array<ArrayBuffer>, 200, {
    'Content-Type': file.contentType,
    'Content-Disposition': `inline; filename="${file.name}"`,
    'Cache-Control': 'private, max-age=3600',
    'Access-Control-Allow-Origin': '*',
    'X-Content-Type-Options': 'nosniff',
  });
}
