/**
 * The planning service client (Document 1, JSON API v2 and OAuth): one function per operation, each
 * in the module of its resource, so a bundle keeps only what it calls. The browser entry
 * (`room-elements/planning.js`): nothing here takes a secret. The helpers that do (apiKey,
 * exchangeCode, revokeToken) are in the server entry, server.ts (`room-elements/planning/server.js`).
 * The operation list: docs/emulator-planning.md.
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
export { parseFml, type FmlDocument } from './fml.js';
export * from './users.js';
export * from './permissions.js';
export * from './media.js';
export * from './designs.js';
export * from './room-type-sets.js';
export * from './templates.js';
export * from './projects.js';
export { exportProject, listExports, readExportAnswer, resultFiles, showExport } from './exports.js';
export { authorizeUrl, readCallback, type OAuthClient } from './oauth.js';
export { fetchPartnerToken, type PartnerTokenOptions } from './partner-token.js';
// <room-tour>'s panoramas from the service's own export (issue 38)
export { showProjectFml } from './fml-json.js';
export {
  exportPanoramas,
  projectCameras,
  readPanoramaExport,
  PANORAMA_FACES,
  type PanoramaExport,
  type PanoramaExportOptions,
  type PanoramaFaceName,
  type PlanningPanorama,
  type ProjectCamera,
} from './panoramas.js';
