/**
 * What can be wrong with an export request, as codes with values, so the element can say it in
 * the page's language; `describeIssue` gives the English wording the builder returns in `errors`.
 */

export type ExportIssueCode =
  | 'required'
  | 'unknown-member'
  | 'id-in-body'
  | 'object'
  | 'list'
  | 'empty-list'
  | 'duplicate'
  | 'one-of'
  | 'integer'
  | 'positive-integer'
  | 'non-negative-integer'
  | 'at-most'
  | 'number'
  | 'positive-number'
  | 'logo-scale'
  | 'boolean'
  | 'http-url'
  | 'callback'
  | 'hex-colour'
  | 'only-2d'
  | 'only-3d'
  | 'only-pdf'
  | 'camera-view';

export interface ExportIssue {
  /** Where in the request, in the table's own notation: `paper[margins][top]`, `views[0][type]`. */
  path: string;
  code: ExportIssueCode;
  /** The offending value as text (absent for missing members). */
  value?: string;
  /** The allowed values, for `one-of`. */
  allowed?: readonly (string | number)[];
}

/** Message templates: `{path}`, `{value}` and `{allowed}` are filled in. */
export type IssueMessages = Record<ExportIssueCode, string>;

export const ISSUE_MESSAGES_EN: IssueMessages = {
  required: '{path} is required',
  'unknown-member': '{path} is not a parameter of the export',
  'id-in-body': 'the project id belongs in the path, not in the request body',
  object: '{path} must be an object',
  list: '{path} must be a list',
  'empty-list': '{path} must list at least one value',
  duplicate: '{path} lists {value} more than once',
  'one-of': '{path} must be one of {allowed} (not {value})',
  integer: '{path} must be a whole number (not {value})',
  'positive-integer': '{path} must be a whole number above 0 (not {value})',
  'non-negative-integer': '{path} must be a whole number of 0 or more (not {value})',
  'at-most': '{path} must be at most {allowed} (not {value})',
  number: '{path} must be a number (not {value})',
  'positive-number': '{path} must be a number above 0 (not {value})',
  'logo-scale': '{path} must be a number above 0 and at most 1, where 1 means automatic (not {value})',
  boolean: '{path} must be true or false (not {value})',
  'http-url': '{path} must be an http or https URL (not {value})',
  callback: '{path} must be an http or https URL or an email address (not {value})',
  'hex-colour': '{path} must be a hex colour without # such as ff8800 (not {value})',
  'only-2d': '{path} applies only to 2D exports (type 2d)',
  'only-3d': '{path} applies only to 3D exports (type 3d)',
  'only-pdf': '{path} applies only when fmt includes pdf',
  'camera-view': '{path} applies only to photo, panorama and stereo views',
};

/** One issue in words, from a template table (English by default). */
export function describeIssue(issue: ExportIssue, messages: IssueMessages = ISSUE_MESSAGES_EN): string {
  const values: Record<string, string> = {
    path: issue.path,
    value: issue.value ?? '',
    allowed: (issue.allowed ?? []).join(', '),
  };
  return messages[issue.code].replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? '');
}
