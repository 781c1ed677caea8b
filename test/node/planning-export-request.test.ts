// Every rule of the export tables (Document 1, section 4.3) with a valid and an invalid value,
// through buildExportRequest(): valid input gives the body the service expects, invalid input
// gives issues naming the member and the rule, and nothing to send.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { buildExportRequest } from '../../src/api/planning/export-request.ts';
import type { ExportIssueCode } from '../../src/api/planning/export-issues.ts';
import type { ExportRequest } from '../../src/api/planning/export-tables.ts';

type Input = Record<string, unknown>;

const base2d = (): Input => ({
  fmt: ['pdf'],
  width: 1200,
  height: 800,
  type: '2d',
  paper: { combine: false },
  callback: 'https://partner.example/export-callback',
});

const base3d = (): Input => ({
  fmt: ['png'],
  width: 1920,
  height: 1080,
  type: '3d',
  paper: { combine: true },
  callback: 'exports@partner.example',
  views: [{ type: 'top' }],
});

/** Deep-sets `path` (dots, numbers for array items) on a copy; undefined deletes the member. */
function withMember(input: Input, path: string, value: unknown): Input {
  const copy = structuredClone(input);
  const keys = path.split('.');
  let node: Record<string, unknown> = copy;
  for (const key of keys.slice(0, -1)) {
    node[key] ??= {};
    node = node[key] as Record<string, unknown>;
  }
  const last = keys.at(-1)!;
  if (value === undefined) delete node[last];
  else node[last] = value;
  return copy;
}

/** The body buildExportRequest() builds of `input`; fails the test, naming the errors, when it builds none. */
function bodyOf(input: unknown, options?: Parameters<typeof buildExportRequest>[1]): ExportRequest {
  const result = buildExportRequest(input, options);
  assert.ok(result.ok, result.ok ? '' : result.errors.join('; '));
  return result.body;
}

/** The issue path of a member path: `paper.logo.url` is `paper[logo][url]`, `views.0.type` is `views[0][type]`. */
const issuePath = (path: string) => path.replace(/\.([^.]+)/g, '[$1]');

/**
 * One rule of the tables: the member (`path`, dots and list indexes) and what the table says of it,
 * values it takes, and values it refuses with the issue code (at the member, or at `at`: a list item).
 */
interface Rule {
  path: string;
  says: string;
  /** The valid request the value is put into: base2d unless given. */
  base?: () => Input;
  valid: unknown[];
  invalid: [value: unknown, code: ExportIssueCode, at?: string][];
}

const one = (code: ExportIssueCode, ...values: unknown[]) =>
  values.map((value): [unknown, ExportIssueCode] => [value, code]);

const RULES: Rule[] = [
  {
    path: 'fmt',
    says: 'required list of png, pdf, jpg',
    valid: [['pdf'], ['png', 'pdf', 'jpg'], 'pdf'],
    invalid: [
      [undefined, 'required'],
      [[], 'empty-list'],
      [['gif'], 'one-of', 'fmt[0]'],
      [['PDF'], 'one-of', 'fmt[0]'],
      [['pdf', 'pdf'], 'duplicate'],
      [{ pdf: true }, 'list'],
    ],
  },
  {
    path: 'width',
    says: 'required integer pixels',
    valid: [1, 4000, '640'],
    invalid: [[undefined, 'required'], ...one('positive-integer', 12.5, 0, -10, 'wide', true)],
  },
  {
    path: 'height',
    says: 'required integer pixels',
    base: base3d,
    valid: [720, '1080'],
    invalid: [[null, 'required'], ...one('positive-integer', '1e400', Number.NaN)],
  },
  {
    path: 'type',
    says: 'required, 2d or 3d',
    valid: ['2d'],
    invalid: [[undefined, 'required'], ...one('one-of', '2D', '4d')],
  },
  {
    path: 'designs',
    says: 'optional list of design ids (null = all)',
    valid: [null, [1], [32144, 32146], ['7']],
    invalid: [
      [[], 'empty-list'],
      [[1.5], 'positive-integer', 'designs[0]'],
      [['x'], 'positive-integer', 'designs[0]'],
      [[3, 3], 'duplicate'],
      [5, 'list'],
    ],
  },
  {
    path: 'callback',
    says: 'required http(s) endpoint or email address',
    valid: ['http://127.0.0.1:4010/partner/export-callback', 'https://x.example/cb?a=1', 'a.b@c.example'],
    invalid: [
      ...one('required', undefined, ''),
      ...one('callback', 'ftp://x.example/cb', 'javascript:alert(1)', 'not an address', 'a@b', 42),
    ],
  },
  {
    path: 'paper.combine',
    says: 'required boolean',
    valid: [true, false, 'true', 'false'],
    invalid: [[undefined, 'required'], ...one('boolean', 'yes', 1)],
  },
  {
    path: 'paper.orientation',
    says: 'landscape or portrait',
    valid: ['landscape', 'portrait', null],
    invalid: one('one-of', 'upright', 'Portrait'),
  },
  {
    path: 'paper.size',
    says: 'A4..A0, LETTER, LEGAL (2d with pdf)',
    valid: ['A4', 'A3', 'A2', 'A1', 'A0', 'LETTER', 'LEGAL'],
    invalid: one('one-of', 'A5', 'a4'),
  },
  {
    path: 'paper.logo.url',
    says: 'a URL (http or https)',
    valid: ['http://example.org/image.png', 'https://cdn.example/logo.svg'],
    invalid: one('http-url', 'logo.png', 'data:image/png;base64,AAAA'),
  },
  {
    path: 'paper.logo.position',
    says: 'BL BC BR TL TC TR',
    valid: ['BL', 'BC', 'BR', 'TL', 'TC', 'TR'],
    invalid: one('one-of', 'CC', 'br'),
  },
  {
    path: 'paper.logo.scale',
    says: 'a number, 1 = auto',
    valid: [1, 0.99, 0.25, '0.5'],
    invalid: [['big', 'number'], ...one('logo-scale', 0, 1.5)],
  },
  ...(['top', 'left', 'bottom', 'right'] as const).map((side): Rule => ({
    path: `paper.margins.${side}`,
    says: 'integer pixels',
    base: base3d,
    valid: [0, 15, '30'],
    invalid: one('non-negative-integer', 2.5, -1),
  })),
  {
    path: 'paper.stamp_names',
    says: 'boolean, 2d only',
    valid: [true, false],
    invalid: one('boolean', 'yes'),
  },
  {
    path: 'paper.scale',
    says: '50, 100, 200, 500 with pdf, 2d only',
    valid: [50, 100, 200, 500, '200'],
    invalid: one('one-of', 75, 0, '1:100'),
  },
  {
    path: 'paper.visuals',
    says: 'ALL BW BWC, 2d only',
    valid: ['ALL', 'BW', 'BWC'],
    invalid: one('one-of', 'COLOR', 'bw'),
  },
  ...(['width', 'height', 'div'] as const).map((member): Rule => ({
    path: `paper.scalebar.${member}`,
    says: 'integer, 2d only',
    valid: [1, 100, '5'],
    invalid: one('positive-integer', 0, 4.2),
  })),
  {
    path: 'views',
    says: 'required list of views for 3d',
    base: base3d,
    valid: [[{ type: 'top' }, { type: 'ne' }]],
    invalid: [
      [undefined, 'required'],
      [[], 'empty-list'],
      [{ type: 'top' }, 'list'],
      [['top'], 'object', 'views[0]'],
    ],
  },
  {
    path: 'views.0.type',
    says: 'top ne se sw nw tilted photo panorama stereo',
    base: base3d,
    valid: ['top', 'ne', 'se', 'sw', 'nw', 'tilted', 'photo', 'panorama', 'stereo'],
    invalid: [[undefined, 'required'], ...one('one-of', 'side', 'TOP')],
  },
  {
    path: 'views.0.section',
    says: 'a number (cut height in cm)',
    base: base3d,
    valid: [120, 95.5, '110'],
    invalid: [['waist', 'number'], ...one('positive-number', 0, -20)],
  },
  {
    path: 'views.0.wall_top_color',
    says: 'hex colour without #',
    base: base3d,
    valid: ['ff8800', 'FFF', '000000'],
    invalid: one('hex-colour', '#ff8800', 'orange', 'ff88'),
  },
];

interface Combination {
  name: string;
  input: Input;
  code: ExportIssueCode;
  path: string;
}

/** Rules that join two members: they cannot be checked one member at a time. */
const COMBINATIONS: Combination[] = [
  {
    name: 'paper[size] on a 2d export without pdf',
    input: withMember(withMember(base2d(), 'fmt', ['png']), 'paper.size', 'A4'),
    code: 'only-pdf',
    path: 'paper[size]',
  },
  {
    name: 'paper[scale] without pdf',
    input: withMember(withMember(base2d(), 'fmt', ['jpg', 'png']), 'paper.scale', 100),
    code: 'only-pdf',
    path: 'paper[scale]',
  },
  ...['stamp_names', 'scale', 'visuals', 'scalebar'].map((name): Combination => ({
    name: `paper[${name}] on a 3d export`,
    input: withMember(
      base3d(),
      `paper.${name}`,
      { stamp_names: true, scale: 100, visuals: 'BW', scalebar: { width: 100 } }[name],
    ),
    code: 'only-2d',
    path: `paper[${name}]`,
  })),
  {
    name: 'views on a 2d export',
    input: withMember(base2d(), 'views', [{ type: 'top' }]),
    code: 'only-3d',
    path: 'views',
  },
  ...['top', 'ne', 'se', 'sw', 'nw', 'tilted'].map((type): Combination => ({
    name: `camera_id on a ${type} view`,
    input: withMember(base3d(), 'views', [{ type, camera_id: 3 }]),
    code: 'camera-view',
    path: 'views[0][camera_id]',
  })),
  {
    name: 'the project id in the body',
    input: withMember(base2d(), 'id', 1),
    code: 'id-in-body',
    path: 'id',
  },
  {
    name: 'an unknown top-level member',
    input: withMember(base2d(), 'format', 'pdf'),
    code: 'unknown-member',
    path: 'format',
  },
  {
    name: 'an unknown paper member',
    input: withMember(base2d(), 'paper.colour', 'red'),
    code: 'unknown-member',
    path: 'paper[colour]',
  },
  {
    name: 'an unknown view member',
    input: withMember(base3d(), 'views', [{ type: 'top', angle: 30 }]),
    code: 'unknown-member',
    path: 'views[0][angle]',
  },
  {
    name: 'paper that is not an object',
    input: withMember(base2d(), 'paper', 'A4'),
    code: 'object',
    path: 'paper',
  },
  {
    name: 'no paper at all (combine is required)',
    input: withMember(base2d(), 'paper', undefined),
    code: 'required',
    path: 'paper[combine]',
  },
];

describe('buildExportRequest: every rule of the export tables', () => {
  for (const rule of RULES) {
    const base = rule.base ?? base2d;
    describe(`${issuePath(rule.path)}: ${rule.says}`, () => {
      for (const value of rule.valid) {
        it(`accepts ${JSON.stringify(value)}`, () => {
          bodyOf(withMember(base(), rule.path, value));
        });
      }
      for (const [value, code, at] of rule.invalid) {
        it(`rejects ${value === undefined ? 'a missing value' : JSON.stringify(value)} (${code})`, () => {
          const result = buildExportRequest(withMember(base(), rule.path, value));
          assert.equal(result.ok, false, 'should not be sendable');
          if (result.ok) return;
          const expectedPath = at ?? issuePath(rule.path);
          assert.ok(
            result.issues.some((issue) => issue.code === code && issue.path === expectedPath),
            `expected ${code} at ${expectedPath}, got ${JSON.stringify(result.issues)}`,
          );
          assert.equal(result.errors.length, result.issues.length);
          assert.ok(
            result.errors.every((e) => e.length > 10 && !e.includes('{')),
            result.errors.join('; '),
          );
        });
      }
    });
  }

  describe('rules joining two members', () => {
    for (const combination of COMBINATIONS) {
      it(`rejects ${combination.name}`, () => {
        const result = buildExportRequest(combination.input);
        assert.equal(result.ok, false);
        if (result.ok) return;
        assert.deepEqual(
          result.issues.map((i) => [i.code, i.path]),
          [[combination.code, combination.path]],
        );
      });
    }
    it('accepts paper[size] on a 3d export without pdf, and with pdf on 2d', () => {
      assert.equal(buildExportRequest(withMember(base3d(), 'paper.size', 'A3')).ok, true);
      assert.equal(buildExportRequest(withMember(base2d(), 'paper.size', 'A3')).ok, true);
    });
    it('accepts camera_id on photo, panorama and stereo views', () => {
      const input = withMember(base3d(), 'views', [
        { type: 'photo', camera_id: 1 },
        { type: 'panorama', camera_id: '2' },
        { type: 'stereo', camera_id: 3 },
      ]);
      assert.deepEqual(
        bodyOf(input).views?.map((v) => v.camera_id),
        [1, 2, 3],
      );
    });
  });

  describe('the body it builds', () => {
    it('puts members at the top level, nests paper and views, sends numbers as numbers', () => {
      const body = bodyOf({
        designs: ['32144', 32146],
        fmt: ['jpg', 'pdf'],
        width: '960',
        height: 540,
        type: '2d',
        paper: {
          combine: false,
          orientation: 'landscape',
          size: null,
          scale: '100',
          visuals: 'BW',
          logo: { url: 'http://example.org/image.png', position: 'BR', scale: 0.99 },
          margins: { top: '15', left: 15, bottom: 15, right: 15 },
          scalebar: { height: 4, width: 100, div: 5 },
        },
        callback: ' https://partner.example/cb ',
      });
      assert.deepEqual(body, {
        designs: [32144, 32146],
        fmt: ['jpg', 'pdf'],
        width: 960,
        height: 540,
        type: '2d',
        paper: {
          combine: false,
          orientation: 'landscape',
          scale: 100,
          visuals: 'BW',
          logo: { url: 'http://example.org/image.png', position: 'BR', scale: 0.99 },
          margins: { top: 15, left: 15, bottom: 15, right: 15 },
          scalebar: { width: 100, height: 4, div: 5 },
        },
        callback: 'https://partner.example/cb',
      });
    });

    it('always sends paper.combine and leaves out what was not given', () => {
      // base3d() is already in the body's shape, with nothing optional in it
      assert.deepEqual(bodyOf(base3d()), base3d());
    });

    it('reports every problem at once, in words', () => {
      const result = buildExportRequest({ type: '3d', fmt: ['gif'], width: 'a', paper: { scale: 100 } });
      assert.equal(result.ok, false);
      if (result.ok) return;
      assert.deepEqual(result.issues.map((i) => i.path).sort(), [
        'callback',
        'fmt[0]',
        'height',
        'paper[combine]',
        'paper[scale]',
        'views',
        'width',
      ]);
      assert.ok(
        result.errors.includes('fmt[0] must be one of png, pdf, jpg (not gif)'),
        result.errors.join('\n'),
      );
      assert.ok(result.errors.includes('paper[scale] applies only to 2D exports (type 2d)'));
    });

    it('lets a proxy leave the callback out, but still checks one that is given', () => {
      const without = withMember(base2d(), 'callback', undefined);
      assert.equal(buildExportRequest(without).ok, false);
      assert.equal('callback' in bodyOf(without, { requireCallback: false }), false);
      const bad = buildExportRequest(withMember(base2d(), 'callback', 'nowhere'), { requireCallback: false });
      assert.equal(bad.ok, false);
    });

    it('refuses input that is not an object', () => {
      for (const input of [null, 'pdf', 42, []]) {
        const result = buildExportRequest(input);
        assert.equal(result.ok, false, JSON.stringify(input));
      }
    });
  });
});

describe('the export button attributes as an export request', async () => {
  // export-options.ts is pure (no DOM), so it runs here; the element only passes its attributes in
  const { exportInput, commaList, projectIdOf } =
    await import('../../src/elements/project-export-button/export-options.ts');

  type Attributes = Parameters<typeof exportInput>[0];
  /** What width 800, height 600 and a callback make with every other attribute left to its default. */
  const DEFAULT_BODY: ExportRequest = {
    fmt: ['pdf'],
    width: 800,
    height: 600,
    type: '2d',
    paper: { combine: false },
    callback: 'a@b.example',
  };
  /** The body the button's attributes (or properties) make, with no options. */
  const MAPPINGS: [name: string, attributes: Attributes, body: ExportRequest][] = [
    [
      'defaults: type 2d, fmt pdf, combine false',
      { width: '800', height: '600', callback: 'a@b.example' },
      DEFAULT_BODY,
    ],
    [
      'maps every attribute onto its table member',
      {
        type: '2d',
        formats: ' pdf , png ,',
        width: '1600',
        height: '1200',
        paperSize: 'A3',
        orientation: 'portrait',
        combine: true,
        designs: '11, 12',
        callback: 'https://p.example/cb',
        scale: '200',
        visuals: 'BWC',
      },
      {
        designs: [11, 12],
        fmt: ['pdf', 'png'],
        width: 1600,
        height: 1200,
        type: '2d',
        paper: { combine: true, orientation: 'portrait', size: 'A3', scale: 200, visuals: 'BWC' },
        callback: 'https://p.example/cb',
      },
    ],
    [
      // React 19 sets properties: width={800} arrives as a number, formats={['png', 'pdf']} as an array
      'takes what a script or a framework sets on the properties: numbers and arrays',
      {
        width: 800,
        height: 600,
        formats: ['png', ' pdf '],
        designs: [11, 12],
        scale: 100,
        callback: 'a@b.example',
      },
      { ...DEFAULT_BODY, designs: [11, 12], fmt: ['png', 'pdf'], paper: { combine: false, scale: 100 } },
    ],
  ];
  for (const [name, attributes, body] of MAPPINGS) {
    it(name, () => assert.deepEqual(bodyOf(exportInput(attributes)), body));
  }

  it("a wrong property value is still the builder's to judge, never a crash", () => {
    const wrong = buildExportRequest(exportInput({ width: true, height: 600.5, callback: 'a@b.example' }));
    assert.equal(wrong.ok, false);
    if (!wrong.ok) assert.deepEqual(wrong.issues.map((i) => i.path).sort(), ['height', 'width']);
    assert.equal(projectIdOf(186997360), 186997360);
    assert.equal(projectIdOf(1.5), undefined);
  });

  it('views become objects; options merge over attributes, paper member by member', () => {
    const input = exportInput(
      {
        type: '3d',
        formats: 'png',
        width: '10',
        height: '10',
        views: 'top, photo',
        paperSize: 'A4',
        callback: 'a@b.example',
      },
      { paper: { margins: { top: 1 } }, views: [{ type: 'photo', camera_id: 4 }] },
    );
    const body = bodyOf(input);
    assert.deepEqual(body.paper, { combine: false, size: 'A4', margins: { top: 1 } });
    assert.deepEqual(body.views, [{ type: 'photo', camera_id: 4 }]);
  });

  it('an options member set to null leaves the attribute in place, as null means "not given"', () => {
    const input = exportInput(
      { width: '10', height: '10', paperSize: 'A4', callback: 'a@b.example' },
      { callback: null, paper: { size: null, orientation: 'portrait' } },
    );
    const body = bodyOf(input);
    assert.equal(body.callback, 'a@b.example');
    assert.deepEqual(body.paper, { combine: false, size: 'A4', orientation: 'portrait' });
    const noPaper = buildExportRequest(
      exportInput({ width: 1, height: 1, callback: 'a@b.example' }, { paper: null }),
    );
    assert.equal(noPaper.ok, true, 'paper.combine still comes from the attribute');
  });

  it('reads lists and project ids strictly', () => {
    assert.deepEqual(commaList(' a, ,b '), ['a', 'b']);
    assert.equal(commaList(' , '), undefined);
    assert.equal(commaList(null), undefined);
    assert.equal(projectIdOf('186997360'), 186997360);
    for (const bad of ['', ' ', '0', '-3', '1.5', '12abc', '1e3', '99999999999999999999', null, undefined]) {
      assert.equal(projectIdOf(bad), undefined, String(bad));
    }
  });
});

describe('export request: numbers out of range (issue 22, finding 16)', () => {
  const codesOf = (input: Input) => {
    const built = buildExportRequest(input);
    return built.ok ? [] : built.issues.map((issue) => `${issue.path} ${issue.code}`);
  };

  it('refuses sizes past 10 000 and ids past 2^53 - 1, 1e308 included, as numbers or strings', () => {
    assert.deepEqual(codesOf({ ...base2d(), width: 1e308 }), ['width at-most']);
    assert.deepEqual(codesOf({ ...base2d(), height: '1e308' }), ['height at-most']);
    assert.deepEqual(codesOf({ ...base2d(), width: 10_001, height: 10_001 }), [
      'width at-most',
      'height at-most',
    ]);
    assert.deepEqual(codesOf({ ...base2d(), designs: [1e308] }), ['designs[0] positive-integer']);
    assert.deepEqual(codesOf({ ...base2d(), paper: { combine: false, margins: { top: 1e300 } } }), [
      'paper[margins][top] at-most',
    ]);
    assert.deepEqual(codesOf({ ...base2d(), paper: { combine: false, scalebar: { width: 1e9 } } }), [
      'paper[scalebar][width] at-most',
    ]);
    const built = buildExportRequest({ ...base2d(), width: 1e308 });
    assert.ok(
      !built.ok && /width must be at most 10000 \(not 1e\+308\)/.test(built.errors[0]!),
      String(!built.ok && built.errors),
    );
    // the edge of the range is fine
    assert.equal(buildExportRequest({ ...base2d(), width: 10_000, height: 1 }).ok, true);
  });
});
