/**
 * Publishing (Document 2, sections 3 and 4): a project's publish configuration. It belongs to the
 * shared project, not to one API, because of the rule that goes with it: a published project must be
 * unpublished before it can be deleted or made private, through the XML API and the v2 API alike.
 * Only the XML API publishes and unpublishes (server/emulator/planning-xml/sharing.ts); both refuse.
 */

export const PUBLISH_FLAGS = [
  'show-furniture-and-texture-libraries',
  'show-measurement-system',
  'show-3d',
  'show-dimensions',
  'show-custom-dimensions',
  'allow-print',
  'allow-save-by-mail',
  'show-sidebar',
  'allow-cc-addresses',
  'receive_bcc',
  'hide-scale-bar',
] as const;
export type PublishFlag = (typeof PUBLISH_FLAGS)[number];

export const INIT_MODULES = ['details', 'media', 'location', 'share', 'assets', 'tutorial'] as const;

export interface PublishConfiguration {
  projectId: number;
  path: string;
  styleId: number | null;
  flags: Record<PublishFlag, boolean>;
  ccAddresses: string[];
  elementCategories: number[];
  initModule: (typeof INIT_MODULES)[number] | null;
  createdAt: string;
  updatedAt: string;
}

/** Why a published project may not be deleted / made private (each API words its own error around it). */
export const PUBLISHED_NO_DELETE = 'the project is published: unpublish it before deleting it';
export const PUBLISHED_NO_PRIVATE = 'cannot be turned off while the project is published: unpublish it first';
