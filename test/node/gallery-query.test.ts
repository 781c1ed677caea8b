/**
 * The gallery's attributes become exactly the parameters Document 3 defines for each operation; the
 * wire names come from the client's own builders (indexQuery, searchQuery, pagedQuery), so these
 * tests check the whole path from attribute to query string without a browser.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  buildGalleryRequest,
  definedOnly,
  galleryLimit,
  galleryPage,
  normaliseSource,
  serviceTimestamp,
  styleFilterFromAttribute,
  type GalleryFilters,
  type GalleryRequest,
} from '../../src/elements/room-gallery/query.ts';
import { indexQuery, pagedQuery, searchQuery } from '../../src/api/room-styling/params.ts';

/** The query string the client would send for a gallery request, undefined members dropped. */
function wire(request: GalleryRequest): Record<string, string> {
  const query =
    request.operation === 'listRooms'
      ? indexQuery(request.params)
      : request.operation === 'searchRooms'
        ? searchQuery(request.params)
        : pagedQuery(request.params);
  return Object.fromEntries(
    Object.entries(query)
      .filter(([, v]) => v !== undefined && v !== null && v !== '')
      .map(([k, v]) => [k, String(v)]),
  );
}

const everything: GalleryFilters = {
  q: 'blue sofa',
  roomStyle: 'Modern',
  category: 'Kitchen',
  since: 'This week',
  kind: 'own',
  userId: '42',
  tag: 'summer',
  whitelabel: 'acme',
  order: 'created',
  direction: 'asc',
  created: '2024-05-01',
  lastUpdated: '2024-06-01T10:30',
  limit: 24,
  skipTotal: true,
};

describe('gallery query: each source sends only its own parameters', () => {
  it('rooms: index parameters, offset from the page, Direction spelled as the service wants', () => {
    const request = buildGalleryRequest({ ...everything, source: 'rooms' }, 3);
    assert.equal(request.operation, 'listRooms');
    assert.deepEqual(wire(request), {
      limit: '24',
      offset: '48',
      skip_total: 'true',
      skip_last_updated: 'true',
      user_id: '42',
      category: 'Kitchen',
      created: '2024-05-01 00:00:00',
      last_updated: '2024-06-01 10:30:00',
      order: 'created',
      Direction: 'asc',
      whitelabel: 'acme',
      tag: 'summer',
    });
  });

  it('search: q, style, category, since, kind, page and always a limit', () => {
    const request = buildGalleryRequest({ ...everything, source: 'search' }, 2);
    assert.equal(request.operation, 'searchRooms');
    assert.deepEqual(wire(request), {
      limit: '24',
      page: '2',
      q: 'blue sofa',
      since: 'This week',
      category: 'Kitchen',
      style: 'Modern',
      kind: 'own',
    });
  });

  it('panoramas and photoreal: limit, page, since, skip_total only', () => {
    for (const source of ['panoramas', 'photoreal'] as const) {
      const request = buildGalleryRequest({ ...everything, source }, 4);
      assert.equal(request.operation, source === 'panoramas' ? 'listPanoramas' : 'listPhotoreal');
      assert.deepEqual(wire(request), { limit: '24', page: '4', since: 'This week', skip_total: 'true' });
    }
  });

  it('a bare gallery asks for 12 rooms from the start of the index', () => {
    assert.deepEqual(wire(buildGalleryRequest({}, 1)), { limit: '12', skip_last_updated: 'true' });
    assert.deepEqual(wire(buildGalleryRequest({ source: 'search' }, 1)), { limit: '12' });
  });

  it('order without direction sends Direction=desc; direction without order sends nothing', () => {
    assert.equal(wire(buildGalleryRequest({ order: 'name' }, 1)).Direction, 'desc');
    assert.equal(wire(buildGalleryRequest({ order: 'name', direction: 'ASC' }, 1)).Direction, 'asc');
    assert.equal(wire(buildGalleryRequest({ direction: 'asc' }, 1)).Direction, undefined);
  });

  it('kind other than own is not sent; blank and junk filters are left out', () => {
    const request = buildGalleryRequest(
      { source: 'search', kind: 'everyone', q: '   ', roomStyle: '', userId: 'abc' },
      1,
    );
    assert.deepEqual(wire(request), { limit: '12' });
    assert.deepEqual(wire(buildGalleryRequest({ userId: 'abc', created: 'yesterday' }, 1)), {
      limit: '12',
      skip_last_updated: 'true',
    });
  });

  it('definedOnly drops undefined members', () => {
    assert.deepEqual(definedOnly({ a: 1, b: undefined, c: '' }), { a: 1, c: '' });
  });
});

describe('gallery query: normalising attributes', () => {
  it('limit: default 12, 1 to 50 kept, out of range 50 (as the service)', () => {
    assert.equal(galleryLimit(undefined), 12);
    assert.equal(galleryLimit(''), 12);
    assert.equal(galleryLimit('abc'), 12);
    assert.equal(galleryLimit('7'), 7);
    assert.equal(galleryLimit(50), 50);
    assert.equal(galleryLimit(0), 50);
    assert.equal(galleryLimit(51), 50);
    assert.equal(galleryLimit(-3), 50);
    assert.equal(galleryLimit(2.5), 50);
  });

  it('page: positive integers, else 1', () => {
    assert.equal(galleryPage('3'), 3);
    assert.equal(galleryPage(0), 1);
    assert.equal(galleryPage(-2), 1);
    assert.equal(galleryPage('x'), 1);
    assert.equal(galleryPage(1.5), 1);
  });

  it('source: the four sources, anything else is rooms', () => {
    assert.equal(normaliseSource('SEARCH'), 'search');
    assert.equal(normaliseSource('photoreal'), 'photoreal');
    assert.equal(normaliseSource('users'), 'rooms');
    assert.equal(normaliseSource(null), 'rooms');
  });

  it('timestamps become YYYY-MM-DD HH:MM:SS; junk is dropped', () => {
    assert.equal(serviceTimestamp('2024-05-01'), '2024-05-01 00:00:00');
    assert.equal(serviceTimestamp('2024-05-01 08:09:10'), '2024-05-01 08:09:10');
    assert.equal(serviceTimestamp('2024-05-01T08:09Z'), '2024-05-01 08:09:00');
    assert.equal(serviceTimestamp('May 1st'), undefined);
    assert.equal(serviceTimestamp(''), undefined);
  });

  it('the style attribute is a filter only when it is not inline CSS', () => {
    assert.equal(styleFilterFromAttribute('Modern'), 'Modern');
    assert.equal(styleFilterFromAttribute(' Living room '), 'Living room');
    assert.equal(styleFilterFromAttribute('color: red'), undefined);
    assert.equal(styleFilterFromAttribute('--room-gallery-columns: 3;'), undefined);
    assert.equal(styleFilterFromAttribute(null), undefined);
  });
});
