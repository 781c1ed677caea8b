/**
 * The planning service's legacy XML API (Document 2): a typed client for server code (it holds the
 * partner's API key, so it never belongs in a browser bundle) and the export callback reader.
 * Package entry: room-elements/planning-xml.js.
 */
export * from './types.js';
export * from './client.js';
export { PlanningXmlError, readFailure, type XmlFieldError } from './errors.js';
export {
  ExportCallbackError,
  parseExportResult,
  readExportCallback,
  signatureMatches,
  verifyExportCallback,
  XLINK_NAMESPACE,
  MAX_CALLBACK_BYTES,
  CALLBACK_MAX_AGE,
  type ExportBounds,
  type ExportCallback,
  type ExportCallbackErrorCode,
  type VerifyCallbackOptions,
  type ExportLink,
  type ExportResult,
} from './callback.js';
export { buildXml, parseXml, serializeXml, typedValue, type XmlFileInput, type XmlTree } from './xml.js';
