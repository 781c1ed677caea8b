/**
 * Scene Viewer (Android without the page's own WebXR session): the exported GLB is posted to the
 * partner's upload route (server/partner/routes/uploads.ts), which keeps it a few minutes under an
 * unguessable https URL (Scene Viewer cannot open a page's `blob:`), and the intent names that URL.
 * The intent's form is Google's documented one (developers.google.com/ar/develop/scene-viewer), as
 * model-viewer builds it in its src/features/ar.ts.
 */
import { readBoundedText } from '../../platform/bounded-body.js';

/** The answer of POST /uploads is a small JSON object: anything longer is not the partner's. */
const MAX_ANSWER_BYTES = 16 * 1024;

/** An upload or its answer went wrong: `message` says what in words. */
export class ArUploadError extends Error {
  override name = 'ArUploadError';
}

/**
 * Posts the file to `endpoint` (the partner's `/uploads`; the page's own origin or one it allows) and
 * resolves with the https URL the partner serves it under. Rejects with an ArUploadError in words for a
 * refused upload (the partner's own message, as text), a network failure or an answer that is not an
 * https URL.
 */
export async function uploadModel(endpoint: string, file: Blob, signal?: AbortSignal): Promise<string> {
  let response: Response;
  try {
    response = await fetch(endpoint, {
      method: 'POST',
      body: file,
      headers: { 'content-type': file.type || 'model/gltf-binary' },
      credentials: 'same-origin',
      signal,
    });
  } catch (error) {
    throw new ArUploadError(`the AR file could not be sent to ${endpoint}: ${String(error)}`);
  }
  const tooLarge = () => new ArUploadError(`the upload route answered more than ${MAX_ANSWER_BYTES} bytes`);
  const text = await readBoundedText(response, MAX_ANSWER_BYTES, tooLarge);
  let body: { url?: unknown; message?: unknown } = {};
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    // a proxy's page, not the partner's JSON: said below by the status
  }
  if (!response.ok) {
    const said = typeof body.message === 'string' ? `: ${body.message.slice(0, 200)}` : '';
    throw new ArUploadError(`the upload was refused (HTTP ${response.status})${said}`);
  }
  const url = typeof body.url === 'string' ? safeHttpsUrl(body.url) : undefined;
  if (!url) throw new ArUploadError('the upload route did not answer with an https URL');
  return url;
}

/** `value` when it is an absolute https URL (Scene Viewer opens nothing else), else undefined. */
export function safeHttpsUrl(value: string): string | undefined {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Which app the intent names and in which mode, checked against Google's Scene Viewer guide
 * (developers.google.com/ar/develop/scene-viewer): an explicit intent to Google Play Services for AR
 * (`com.google.ar.core`) is the documented way to *control the fallback*, and `ar_only` keeps Scene
 * Viewer in AR with no switch to its 3D viewer. So either the room opens in AR, or Android (ARCore missing
 * or too old) opens `S.browser_fallback_url`: the element sees that and says AR failed. The other form, an
 * intent to the Google app (`com.google.android.googlequicksearchbox`, `ar_preferred`, what model-viewer
 * sends today), falls back to Scene Viewer's 3D viewer instead: a 3D view the page already shows, opened
 * as if AR had started, with no word to the page.
 */
export const SCENE_VIEWER_PACKAGE = 'com.google.ar.core';
export const SCENE_VIEWER_MODE = 'ar_only';

/**
 * The intent that opens Scene Viewer in AR on `file` (https only: throws a TypeError otherwise), with
 * `title`, `link` back to the page and a fixed scale (`resizable=false`: the room at true size), for
 * Google Play Services for AR in `ar_only` (above). The fallback, where that is missing, is the page
 * itself with `#no-ar-fallback`: the element sees that hash come back and says AR failed (as model-viewer
 * does with its own hash).
 */
export function sceneViewerIntent(file: string, title: string, page: string): string {
  const https = safeHttpsUrl(file);
  if (!https) throw new TypeError(`Scene Viewer opens only an https file URL, not ${file}`);
  const link = new URL(page);
  link.hash = '';
  const fallback = new URL(link);
  fallback.hash = NO_AR_FALLBACK.slice(1);
  const params = new URLSearchParams({
    file: https,
    mode: SCENE_VIEWER_MODE,
    title,
    link: link.href,
    resizable: 'false',
  });
  return (
    `intent://arvr.google.com/scene-viewer/1.0?${params.toString()}` +
    `#Intent;scheme=https;package=${SCENE_VIEWER_PACKAGE};action=android.intent.action.VIEW;` +
    `S.browser_fallback_url=${encodeURIComponent(fallback.href)};end;`
  );
}

/** The hash the browser comes back with when the intent found no Scene Viewer (its fallback URL). */
export const NO_AR_FALLBACK = '#no-ar-fallback';
