/**
 * The planning service client (Document 1, JSON API v2 and OAuth). Browser-safe except api-key.ts,
 * which is exported from here for server code only (bundlers drop it when it is not used).
 */
export * from './types.js';
export * from './export-tables.js';
export {
  buildExportRequest,
  ExportRequestError,
  type BuildExportOptions,
  type BuildExportResult,
} from './export-request.js';
export { describeIssue, ISSUE_MESSAGES_EN, type ExportIssue, type ExportIssueCode } from './export-issues.js';
export { bearer, type PlanningAuth, type PlanningContext } from './context.js';
export { apiKey } from './api-key.js';
export * from './projects.js';
export { exportProject, listExports, readExportAnswer, resultFiles, showExport } from './exports.js';
export { authorizeUrl, exchangeCode, readCallback, revokeToken, type OAuthClient } from './oauth.js';
export { fetchPartnerToken } from './partner-token.js';
