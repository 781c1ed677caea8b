/**
 * Resources of the planning JSON API v2 (Document 1, section 2) as the client hands them out, after
 * runtime validation (schemas.ts). Where the document says "not shown", the type stays open.
 */

/** A project (section 2). The json show form carries further members, kept as they come. */
export interface Project {
  id: number;
  user_id: number | null;
  public: boolean;
  name: string;
  description: string | null;
  project_url: string | null;
  external_identifier: string | null;
  enable_autosave: boolean;
  exported_at: string | null;
  created_at: string | null;
  updated_at: string | null;
  [member: string]: unknown;
}

/** The members a create or update sends, nested under `project`. */
export interface ProjectInput {
  name?: string;
  description?: string;
  external_identifier?: string;
  public?: boolean;
  /** Create only: start from a template. */
  project_template_attributes?: { template_id: number };
  /** Create only, partners only: the owner. */
  user_id?: number;
}

/** The project token operation's answer: a token with which the project can be fetched. */
export interface ProjectToken {
  token: string;
  [member: string]: unknown;
}

/** Export result map (section 2): design or project id -> file URLs. */
export interface ExportResultMap {
  project: Record<string, string[]>;
  design: Record<string, string[]>;
}

/**
 * What an export call gave: the files at once, or (when the service answers without a result map)
 * the export was queued and the files go to the callback.
 */
export type ExportOutcome =
  | { kind: 'files'; result: ExportResultMap; exportId?: number }
  | { kind: 'queued'; body: unknown; exportId?: number };

/** An export record (section 4.8): its fields are "not shown", so only an id is relied on. */
export interface ExportRecord {
  id: number;
  [member: string]: unknown;
}

/** The OAuth token operation's answer (section 4.10). */
export interface OAuthToken {
  access_token: string;
  token_type: string;
  expires_in: number;
  scope: string;
  created_at: number;
}

/** What a partner's token endpoint answers to the export button. */
export interface PartnerToken {
  access_token: string;
  expires_in: number;
}
