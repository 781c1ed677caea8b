/** Form fields with brackets, as the planning emulator reads them (Rails' convention, which Document 1's tables use). */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { parseBracketed } from '../../server/emulator/planning/routes/request-params.ts';

const parse = (query: string) => parseBracketed(new URLSearchParams(query));

describe('parseBracketed', () => {
  it('nests objects, collects [] arrays and orders indexed arrays', () => {
    assert.deepEqual(parse('type=2d&fmt[]=pdf&fmt[]=png&paper[combine]=true&paper[margins][top]=10'), {
      type: '2d',
      fmt: ['pdf', 'png'],
      paper: { combine: 'true', margins: { top: '10' } },
    });
    assert.deepEqual(parse('views[1][type]=sw&views[0][type]=top&views[0][section]=120'), {
      views: [{ type: 'top', section: '120' }, { type: 'sw' }],
    });
  });

  it('starts a new element of views[][…] when a member comes again', () => {
    assert.deepEqual(
      parse('views[][type]=photo&views[][camera_id]=7&views[][type]=ne&views[][wall_top_color]=fff'),
      {
        views: [
          { type: 'photo', camera_id: '7' },
          { type: 'ne', wall_top_color: 'fff' },
        ],
      },
    );
  });

  it('ignores names that are not well formed or that would reach an object prototype', () => {
    const parsed = parse('a]b=1&c[d=2&__proto__[polluted]=yes&x[constructor][prototype][y]=1&ok=1');
    assert.deepEqual(parsed, { ok: '1' });
    assert.equal(({} as Record<string, unknown>).polluted, undefined);
  });

  it('lets the last of repeated plain names win, as Rails does', () => {
    assert.deepEqual(parse('width=1&width=2'), { width: '2' });
  });
});
