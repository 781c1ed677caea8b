/**
 * Small HTML pages the data links to: a room's page (its `url`) and the panorama viewer page
 * (`pano_viewer_url`). Every string from the data is escaped: names may carry markup.
 */
import type { RoomRecord, UserRecord } from './dataset.ts';
import { FACES } from './panorama-scene.ts';
import type { Links } from './serialize.ts';

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const page = (title: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>${escapeHtml(title)}</title>
<style>body{font:16px system-ui,sans-serif;margin:2rem;max-width:60rem}img{max-width:100%;height:auto}
table{border-collapse:collapse}td{padding:0}td img{display:block;width:160px;height:160px}</style>
</head><body>${body}</body></html>`;

export function roomPage(
  room: RoomRecord,
  owner: UserRecord | undefined,
  links: Links,
  visible: boolean,
): string {
  if (!visible) return page('Private room', '<h1>This room is private</h1>');
  const image = room.hasHq
    ? `${links.base}/images/rooms/${room.id}/hq.png`
    : `${links.base}/images/rooms/${room.id}/thumbnail.png`;
  return page(
    room.name,
    `<h1>${escapeHtml(room.name)}</h1>
<p>${escapeHtml(room.category || 'Uncategorised')} · ${escapeHtml(room.style)} · by ${escapeHtml(owner?.username ?? 'unknown')}</p>
<img src="${image}" alt="Top view of ${escapeHtml(room.name)}">
${room.panoramaId !== null ? `<p><a href="${links.base}/pages/panoramas/${room.panoramaId}">Panorama</a></p>` : ''}
<p><a href="${links.base}/rooms/${room.id}">JSON</a></p>`,
  );
}

/** The six faces laid out as the horizontal cross (l f r b, u above f, d below f). */
export function panoramaPage(panoramaId: number, links: Links, extension: 'jpg' | 'png'): string {
  const src = (face: string) => `${links.base}/images/panoramas/${panoramaId}/${face}.${extension}`;
  const cell = (face?: string) =>
    face ? `<td><img src="${src(face)}" alt="face ${face}"></td>` : '<td></td>';
  return page(
    `Panorama ${panoramaId}`,
    `<h1>Panorama ${panoramaId}</h1><p>Cube faces ${FACES.join(' ')} as the horizontal cross seen from inside.</p>
<table><tr>${cell()}${cell('u')}${cell()}${cell()}</tr>
<tr>${cell('l')}${cell('f')}${cell('r')}${cell('b')}</tr>
<tr>${cell()}${cell('d')}${cell()}${cell()}</tr></table>`,
  );
}
