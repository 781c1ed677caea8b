/** Paging, layout, history and card helpers of <room-gallery>: pure functions, no DOM. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Room } from '../../src/api/room-styling/index.ts';
import { appendRooms } from '../../src/elements/room-gallery/append-rooms.ts';
import { hasNextPage, normalisePaging, pageCount, rangeOf } from '../../src/elements/room-gallery/paging.ts';
import { toRows } from '../../src/elements/room-gallery/features/virtual.ts';
import { cardWidthFor, columnsFor, isLargeCard } from '../../src/elements/room-gallery/cards/layout.ts';
import {
  historyPrefix,
  readHistory,
  writeHistory,
} from '../../src/elements/room-gallery/features/history.ts';
import { selectOptions } from '../../src/elements/room-gallery/features/filters.ts';
import { ERROR_STRINGS } from '../../src/elements/room-gallery/room-gallery.error-strings.ts';
import { errorSentence, errorTitle, retryHelps } from '../../src/features/error-panel/error-panel.ts';
import { STRINGS } from '../../src/elements/room-gallery/room-gallery.strings.ts';
import { serviceRoot, serviceUrl } from '../../src/elements/room-gallery/service.ts';
import { ApiError } from '../../src/api/http.ts';
import { registerTranslation } from '../../src/i18n.ts';
import nl from '../../src/i18n/nl.ts';

// Dutch is a downloaded language in a page; here it is registered up front
registerTranslation('nl', nl);
import { shortMessage } from '../../src/internal/element-error.ts';
import { toElementError } from '../../src/internal/to-element-error.ts';
import { pagerView, statusText } from '../../src/elements/room-gallery/features/pager.ts';

const room = (id: number | undefined, extra: Partial<Room> = {}): Room => ({
  id,
  name: `Room ${id}`,
  has_panorama: false,
  ...extra,
});

describe('gallery paging', () => {
  it('page count from total; unknown without total; an empty list has one page', () => {
    assert.equal(pageCount(240, 12), 20);
    assert.equal(pageCount(241, 12), 21);
    assert.equal(pageCount(0, 12), 1);
    assert.equal(pageCount(undefined, 12), undefined);
  });

  it('next page: by arithmetic with a total, until a short page without one (skip_total)', () => {
    assert.equal(hasNextPage({ page: 19, limit: 12, received: 12, total: 240 }), true);
    assert.equal(hasNextPage({ page: 20, limit: 12, received: 12, total: 240 }), false);
    assert.equal(hasNextPage({ page: 3, limit: 12, received: 12 }), true);
    assert.equal(hasNextPage({ page: 4, limit: 12, received: 5 }), false);
    assert.equal(hasNextPage({ page: 4, limit: 12, received: 0 }), false);
  });

  it('appending a page leaves out rooms already shown (by id, else by url)', () => {
    const shown = [room(1), room(2), room(undefined, { url: 'https://x/a' })];
    const incoming = [room(2), room(3), room(undefined, { url: 'https://x/a' }), room(undefined), room(3)];
    const merged = appendRooms(shown, incoming);
    assert.deepEqual(
      merged.map((r) => r.id ?? r.url ?? 'none'),
      [1, 2, 'https://x/a', 3, 'none'],
    );
  });

  it('range of a page for the count announcement', () => {
    assert.deepEqual(rangeOf(2, 12, 12), { from: 13, to: 24 });
    assert.deepEqual(rangeOf(3, 12, 5), { from: 25, to: 29 });
    assert.deepEqual(rangeOf(1, 12, 0), { from: 0, to: 0 });
  });

  it('paging modes; unknown is pages', () => {
    assert.equal(normalisePaging('INFINITE'), 'infinite');
    assert.equal(normalisePaging('scroll'), 'pages');
  });
});

describe('gallery layout', () => {
  it('columns as auto-fill makes them, or the page own number', () => {
    assert.equal(columnsFor(1000, 224, 16), 4);
    assert.equal(columnsFor(1264, 224, 16), 5);
    assert.equal(columnsFor(100, 224, 16), 1);
    assert.equal(columnsFor(1000, 224, 16, 3), 3);
    assert.equal(columnsFor(0, 224, 16), 1);
  });

  it('card width and when the high-quality image is worth it', () => {
    assert.equal(cardWidthFor(1000, 4, 16), 238);
    assert.equal(isLargeCard(238, 1), false);
    assert.equal(isLargeCard(238, 3), true);
    assert.equal(isLargeCard(640, 1), true);
  });

  it('rows keep the absolute start index', () => {
    assert.deepEqual(
      toRows([1, 2, 3, 4, 5], 2).map((r) => [r.start, r.items]),
      [
        [0, [1, 2]],
        [2, [3, 4]],
        [4, [5]],
      ],
    );
  });
});

describe('gallery history', () => {
  it('reads and writes prefixed parameters, keeping the page own ones', () => {
    assert.equal(historyPrefix(''), 'gallery');
    assert.equal(historyPrefix('shop'), 'shop');
    assert.equal(historyPrefix('a b<>'), 'ab');
    const search = writeHistory('?utm=1&gallery-q=old', 'gallery', {
      q: 'blue sofa',
      style: 'Modern',
      category: '',
      page: '3',
    });
    assert.equal(search, '?utm=1&gallery-q=blue+sofa&gallery-style=Modern&gallery-page=3');
    assert.deepEqual(readHistory(search, 'gallery'), { q: 'blue sofa', style: 'Modern', page: '3' });
    assert.equal(writeHistory(search, 'gallery', { page: '1' }), '?utm=1');
    assert.equal(writeHistory('', 'gallery', {}), '');
  });
});

describe('gallery filters and errors', () => {
  it('select options: our "all" entry first, meta entries, and an unknown current value kept', () => {
    const options = selectOptions(
      [
        { key: '', name: 'All' },
        { key: 'Modern', name: 'Modern' },
      ],
      'All styles',
      'Futurist',
    );
    assert.deepEqual(
      options.map((o) => [o.key, o.name]),
      [
        ['', 'All styles'],
        ['Modern', 'Modern'],
        ['Futurist', 'Futurist'],
      ],
    );
  });

  it('a style key that looks like CSS is not offered; other lists keep their keys', () => {
    const entries = [
      { key: 'Modern', name: 'Modern' },
      { key: 'x; background-image: url(//evil.example/p.png)', name: 'Evil' },
      { key: 'a:b', name: 'Colon' },
    ];
    const plain = (key: string) => !/[:;{}()]/.test(key);
    assert.deepEqual(
      selectOptions(entries, 'All', '', plain).map((o) => o.key),
      ['', 'Modern'],
    );
    assert.equal(selectOptions(entries, 'All', '').length, 4);
  });

  it('errors are worded by the shared kind (the one error panel), in English and Dutch', () => {
    const e = (status: number, kind: ApiError['kind'], message = 'm') =>
      new ApiError(message, status, '/x', kind);
    const words = (error: unknown, lang: 'en' | 'nl' = 'en') => {
      const el = toElementError(error);
      return `${errorTitle(el.kind, lang)}: ${errorSentence(el.kind, lang)}`;
    };
    assert.match(words(e(0, 'timeout')), /^No answer in time: .*did not answer in time/);
    assert.match(words(e(0, 'network')), /^No connection: .*could not be reached/);
    assert.match(words(e(200, 'invalid')), /^Cannot be shown: /);
    assert.match(words(e(503, 'http')), /^Service problem: .*had a problem/);
    assert.match(words(e(422, 'http', 'no limit')), /^Request refused: /);
    assert.match(words(e(404, 'http')), /^Not found: /);
    assert.match(words(e(403, 'http')), /^Not allowed: /);
    assert.match(words(e(503, 'http'), 'nl'), /^Probleem bij de dienst: .*had een probleem/);
    // a bug is not blamed on the network; a huge service message stays one short line
    assert.match(words(new Error('boom')), /^Cannot be shown/);
    assert.ok(shortMessage(e(422, 'http', 'x'.repeat(500))).length < 220);
    // only a failure a second try can mend offers one
    assert.deepEqual(
      (
        ['timeout', 'network', 'server', 'not-found', 'forbidden', 'refused', 'invalid', 'aborted'] as const
      ).filter(retryHelps),
      ['timeout', 'network', 'server'],
    );
    // every kind has words in every language, as has every string of the gallery (test/node/i18n.test.ts)
    assert.deepEqual(Object.keys(nl.errors).sort(), Object.keys(ERROR_STRINGS.en).sort());
    assert.deepEqual(Object.keys(nl.gallery).sort(), Object.keys(STRINGS.en).sort());
  });

  it('URLs the service sends resolve against its root, never against the embedding page', () => {
    const root = serviceRoot({ base: 'https://rooms.example/api' });
    assert.equal(root, 'https://rooms.example/api/');
    assert.equal(serviceRoot({ base: 'https://rooms.example/api///' }), root);
    assert.equal(serviceUrl('images/1.png', root), 'https://rooms.example/api/images/1.png');
    assert.equal(serviceUrl('/pages/rooms/4', root), 'https://rooms.example/pages/rooms/4');
    assert.equal(serviceUrl('https://cdn.example/x.jpg', root), 'https://cdn.example/x.jpg');
    assert.equal(serviceUrl('javascript:alert(1)', root), undefined);
    assert.equal(serviceUrl('data:image/png;base64,AAAA', root), undefined);
  });
});

describe('gallery status line', () => {
  const t = (key: string, values?: Record<string, string | number>) =>
    values ? `${key} ${JSON.stringify(values)}` : key;
  const base = {
    mode: 'pages' as const,
    state: 'loaded' as const,
    shownPage: 2,
    shown: 12,
    total: 240,
    limit: 12,
    hasNext: true,
    loadingMore: false,
    failed: false,
    t,
    onPage: () => undefined,
    onMore: () => undefined,
  };

  it('says which rooms a page shows, how many are shown, or nothing while an error speaks', () => {
    assert.equal(statusText(base), 'countRange {"from":13,"to":24,"total":240}');
    assert.equal(statusText({ ...base, total: undefined }), 'countRangeOpen {"from":13,"to":24}');
    assert.equal(
      statusText({ ...base, mode: 'more', shown: 24 }),
      'countShownOfTotal {"shown":24,"total":240}',
    );
    assert.equal(statusText({ ...base, mode: 'infinite', total: undefined }), 'countShown {"shown":12}');
    assert.equal(statusText({ ...base, state: 'loading' }), 'loading');
    assert.equal(statusText({ ...base, state: 'empty', shown: 0 }), 'countTotal {"total":0}');
    assert.equal(statusText({ ...base, state: 'error', shown: 0 }), '');
    assert.equal(statusText({ ...base, mode: 'more', loadingMore: true }), 'loadingMore');
  });

  it('says when previous / next show: the box the element holds for them while they are on their way', () => {
    const view = { mode: 'pages' as const, limit: 12, t, onPage: () => undefined, onMore: () => undefined };
    const shown = (rooms: number, page: number, total: number | undefined, hasNext: boolean) => ({
      rooms: Array.from({ length: rooms }, (_, id) => ({ id, name: '' }) as Room),
      total,
      page,
      hasNext,
    });
    const loaded = (s: ReturnType<typeof shown>) => ({ status: 'loaded' as const, shown: s, more: false });
    assert.equal(pagerView({ status: 'loading' }, view).controls, false, 'nothing shown yet');
    assert.equal(pagerView(loaded(shown(12, 1, 240, true)), view).controls, true);
    assert.equal(pagerView(loaded(shown(12, 20, 240, false)), view).controls, true, 'the last page');
    assert.equal(pagerView(loaded(shown(5, 1, 5, false)), view).controls, false, 'one page is all');
    assert.equal(pagerView(loaded(shown(5, 1, undefined, false)), view).controls, true, 'no total: "page 1"');
    assert.equal(pagerView({ status: 'empty', shown: shown(0, 1, 0, false) }, view).controls, false);
    assert.equal(pagerView(loaded(shown(12, 1, 240, true)), { ...view, mode: 'more' }).controls, false);
    const busy = { status: 'loading' as const, shown: shown(12, 1, 240, true) };
    assert.equal(pagerView(busy, view).controls, true, 'kept while the next page loads');
  });
});
