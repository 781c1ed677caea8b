/**
 * Issue 22, findings 13 and 14: the emulator's test hooks are bounded. Armed faults are capped in
 * number and length and matched as path prefixes (no pattern engine: 50 long `re:` patterns blocked
 * a request 1.4-1.8 s); the request log is a ring buffer bounded by count and bytes (it held and
 * served about 128 MB), and one listing returns a bounded page.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { MAX_ARMED_FAULTS, MAX_MATCH_LENGTH } from '../../server/emulator/control/faults.ts';
import {
  MAX_LISTED_REQUESTS,
  MAX_LOG_BYTES,
  MAX_LISTING_BYTES,
} from '../../server/emulator/control/request-log.ts';
import { useDemoServer } from './helpers/server.ts';

const json = { 'Content-Type': 'application/json' };

describe('emulator hardening: armed faults are bounded (issue 22, finding 13)', () => {
  const running = useDemoServer({ rooms: 5, realdataDir: null });
  const arm = (fault: unknown) =>
    fetch(`${running.url}/emulator/faults`, { method: 'POST', headers: json, body: JSON.stringify(fault) });

  it('50 long re: patterns are refused, and a request with a long path is not held up', async () => {
    await fetch(`${running.url}/emulator/reset`, { method: 'POST' });
    // the attack: many-star patterns of the longest length the old engine took
    const pattern = 're:' + 'a*'.repeat(99) + 'b';
    for (let i = 0; i < 50; i++) {
      const answer = await arm({ match: pattern, status: 502 });
      assert.equal(answer.status, 400, `pattern ${i} was armed`);
      assert.match(((await answer.json()) as { error: string }).error, /path prefix/);
    }
    assert.deepEqual(await (await fetch(`${running.url}/emulator/faults`)).json(), []);
    const started = performance.now();
    const answer = await fetch(`${running.url}/room-styling/${'a'.repeat(8000)}c`);
    await answer.arrayBuffer();
    assert.notEqual(answer.status, 502);
    // a generous guard (the attack took 1.4-1.8 s; a request takes a few ms)
    assert.ok(performance.now() - started < 1000, `answered in ${performance.now() - started} ms`);
  });

  it(`at most ${MAX_ARMED_FAULTS} faults armed at once, each match at most ${MAX_MATCH_LENGTH} characters`, async () => {
    await fetch(`${running.url}/emulator/reset`, { method: 'POST' });
    const tooLong = await arm({ match: '/' + 'a'.repeat(MAX_MATCH_LENGTH), status: 502 });
    assert.equal(tooLong.status, 400, 'a match over the length cap');
    assert.match(((await tooLong.json()) as { error: string }).error, /longer than/);
    const longest = '/never/' + 'a'.repeat(MAX_MATCH_LENGTH - 8);
    for (let i = 0; i < MAX_ARMED_FAULTS; i++) {
      const answer = await arm({ match: longest + (i % 10), status: 502, times: 1000 });
      assert.equal(answer.status, 201, `fault ${i}`);
    }
    const full = await arm({ match: '/room-styling/rooms', status: 502 });
    assert.equal(full.status, 409, 'one fault over the cap');
    assert.match(((await full.json()) as { error: string }).error, new RegExp(`${MAX_ARMED_FAULTS}`));
    const listed = (await (await fetch(`${running.url}/emulator/faults`)).json()) as unknown[];
    assert.equal(listed.length, MAX_ARMED_FAULTS);
    // every armed fault is looked at for a long path that none of them matches: still fast
    const started = performance.now();
    const answer = await fetch(`${running.url}/room-styling/${'a'.repeat(8000)}`);
    await answer.arrayBuffer();
    assert.notEqual(answer.status, 502);
    assert.ok(performance.now() - started < 1000, `answered in ${performance.now() - started} ms`);
    // clearing makes room again
    await fetch(`${running.url}/emulator/faults`, { method: 'DELETE' });
    assert.equal((await arm({ match: '/room-styling/rooms', status: 502 })).status, 201);
    await fetch(`${running.url}/emulator/reset`, { method: 'POST' });
  });
});

describe('emulator hardening: the request log is bounded (issue 22, finding 14)', () => {
  const running = useDemoServer({ rooms: 5, realdataDir: null });

  /** Every entry the log holds, read page by page as a client would (`since` = the last seq). */
  async function readAll(query = ''): Promise<{ pages: number; bytes: number; seqs: number[] }> {
    let since = 0;
    let pages = 0;
    let bytes = 0;
    const seqs: number[] = [];
    for (;;) {
      const answer = await fetch(`${running.url}/emulator/requests?since=${since}${query}`);
      const text = await answer.text();
      pages++;
      bytes += text.length;
      assert.ok(text.length <= MAX_LISTING_BYTES + 70_000, `a page of ${text.length} characters`);
      const page = JSON.parse(text) as { seq: number }[];
      assert.ok(page.length <= MAX_LISTED_REQUESTS, `a page of ${page.length} entries`);
      seqs.push(...page.map((entry) => entry.seq));
      const next = answer.headers.get('x-emulator-next-since');
      if (!next) return { pages, bytes, seqs };
      assert.ok(Number(next) > since, 'the next page starts later');
      since = Number(next);
    }
  }

  it('keeps at most MAX_LOG_BYTES of large bodies, the newest, and serves them in bounded pages', async () => {
    await fetch(`${running.url}/emulator/reset`, { method: 'POST' });
    // bodies just under the 64 KiB that are logged whole: without a byte bound 2000 of them held 128 MB
    const count = Math.ceil((MAX_LOG_BYTES * 1.5) / 60_000);
    const body = JSON.stringify({ pad: 'x'.repeat(60_000) });
    let last = 0;
    for (let i = 0; i < count; i++) {
      const answer = await fetch(`${running.url}/room-styling/nowhere`, {
        method: 'POST',
        headers: json,
        body,
      });
      await answer.arrayBuffer();
    }
    const all = await readAll();
    last = all.seqs.at(-1)!;
    assert.ok(all.bytes <= MAX_LOG_BYTES * 1.05, `the log served ${all.bytes} characters`);
    assert.ok(all.seqs.length < count, 'the oldest were dropped');
    assert.ok(all.pages > 1, 'more than one page');
    assert.equal(last, all.seqs[0]! + all.seqs.length - 1, 'the newest are kept, none skipped');
  });

  it('a JSON body nested too deeply to serialise is logged as a note, and the log still lists', async () => {
    await fetch(`${running.url}/emulator/reset`, { method: 'POST' });
    const deep = '['.repeat(20_000) + ']'.repeat(20_000);
    const answer = await fetch(`${running.url}/room-styling/nowhere`, {
      method: 'POST',
      headers: json,
      body: deep,
    });
    await answer.arrayBuffer();
    assert.notEqual(answer.status, 500);
    const listed = await fetch(`${running.url}/emulator/requests`);
    assert.equal(listed.status, 200);
    const log = (await listed.json()) as { body: unknown }[];
    assert.equal(log.length, 1);
    assert.match(String(log[0]!.body), /nested too deeply/);
  });

  it(`one listing returns at most ${MAX_LISTED_REQUESTS} entries, and the next page follows on`, async () => {
    await fetch(`${running.url}/emulator/reset`, { method: 'POST' });
    const count = MAX_LISTED_REQUESTS + 100;
    for (let i = 0; i < count; i++)
      await (await fetch(`${running.url}/room-styling/nowhere?i=${i}`)).arrayBuffer();
    const first = await fetch(`${running.url}/emulator/requests?path=/room-styling/nowhere`);
    const page = (await first.json()) as { query: { i: string } }[];
    assert.equal(page.length, MAX_LISTED_REQUESTS);
    assert.equal(page[0]!.query.i, '0', 'oldest first');
    assert.ok(first.headers.get('x-emulator-next-since'), 'the answer says where the next page starts');
    const limited = (await (await fetch(`${running.url}/emulator/requests?limit=3`)).json()) as unknown[];
    assert.equal(limited.length, 3, 'a smaller limit is honoured');
    const all = await readAll('&path=/room-styling/nowhere');
    assert.equal(all.seqs.length, count, 'paging reaches every entry');
    assert.equal(all.pages, 2);
  });
});
