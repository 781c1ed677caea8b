/**
 * Users, projects and publish configurations as the XML API shows them. Projects follow the real
 * samples (api-v1-xml/skalar-*.xml) element for element; the values come from the shared v2 records,
 * plus the side tables for what only the XML API has.
 */
import type { UserRecord } from '../planning/domain/accounts.ts';
import { PUBLISH_FLAGS, type PublishConfiguration } from '../planning/domain/publication.ts';
import type { ProjectRecord } from '../planning/domain/records.ts';
import type { XmlSideTables } from './side-tables.ts';
import { array, datetime, node, plainTimestamp, text, typed, type XmlNode } from './xml-write.ts';

export function userXml(user: UserRecord, token?: string): XmlNode {
  const children = [
    typed('id', 'integer', user.id),
    text('email', user.email),
    text('account-type', user.accountType),
    text('country-code', user.countryCode),
    text('language', user.language),
    text('external-identifier', user.externalIdentifier),
    text('username', user.profile?.username ?? null),
    typed('created-at', 'datetime', datetime(user.createdAt)),
  ];
  if (token !== undefined)
    children.push(
      text('measurement-system', 'METRIC'),
      node('profile', []),
      node('url', []),
      text('current-token', token),
    );
  return node('user', children);
}

const metres = (cm: number) => (Math.round(cm) / 100).toFixed(2);

function floorXml(project: ProjectRecord, side: XmlSideTables, index: number): XmlNode {
  const floor = project.floors[index]!;
  const children = [
    typed('id', 'integer', floor.id),
    text('name', floor.name),
    typed('level', 'integer', floor.level),
    typed('height', 'decimal', metres(floor.height)),
    text('created-at', plainTimestamp(floor.createdAt)),
    text('updated-at', plainTimestamp(floor.updatedAt)),
    array(
      'designs',
      floor.designs.map((design) =>
        node('design', [
          typed('id', 'integer', design.id),
          text('name', design.name),
          text('design-type', 'save'),
          text('thumb-2d-url', null),
          text('created-at', plainTimestamp(floor.createdAt)),
          text('updated-at', plainTimestamp(floor.updatedAt)),
          typed('project-id', 'integer', project.id),
          typed('floor-id', 'integer', floor.id),
        ]),
      ),
    ),
  ];
  const drawing = side.drawings.get(floor.id);
  if (drawing)
    children.push(
      node('drawing', [
        typed('id', 'integer', drawing.id),
        text('url', drawing.url),
        text('content_type', drawing.contentType),
        text('position', '0.00 0.00 0.00'),
        text('size', '10.00 10.00 0.00'),
        text('rotation', '0.00 0.00 0.00'),
        text('alpha', '50.00'),
        text('visible', '1'),
      ]),
    );
  return node('floor', children);
}

/** `compact`: floors-count and designs-count instead of the floors (the index's compact=true). */
export function projectXml(project: ProjectRecord, side: XmlSideTables, compact = false): XmlNode {
  const children = [
    typed('created-at', 'datetime', datetime(project.createdAt)),
    text('description', project.description),
    typed('element-library-id', 'integer', 1),
    typed('enable-autosave', 'boolean', project.enableAutosave),
    typed('exported-at', 'datetime', datetime(project.exportedAt)),
    text('external-identifier', project.externalIdentifier),
    typed('grid-cell-size', 'decimal', null),
    typed('grid-sub-cell-size', 'decimal', null),
    typed('id', 'integer', project.id),
    text('name', project.name),
    typed('original-project-id', 'integer', side.originals.get(project.id) ?? null),
    text('project-url', project.projectUrl),
    typed('public', 'boolean', project.public),
    typed('published', 'boolean', side.publish.has(project.id)),
    typed('texture-library-id', 'integer', 1),
    typed('updated-at', 'datetime', datetime(project.updatedAt)),
    typed('user-id', 'integer', project.userId),
    typed('wall-thickness', 'decimal', '0.25'),
  ];
  if (compact)
    children.push(
      typed('floors-count', 'integer', project.floors.length),
      typed(
        'designs-count',
        'integer',
        project.floors.reduce((n, f) => n + f.designs.length, 0),
      ),
    );
  else
    children.push(
      array(
        'floors',
        project.floors.map((_, i) => floorXml(project, side, i)),
      ),
    );
  return node('project', children);
}

export function publishXml(config: PublishConfiguration, url: string): XmlNode {
  return node('publish-configuration', [
    typed('project-id', 'integer', config.projectId),
    text('path', config.path),
    text('url', url),
    typed('style-id', 'integer', config.styleId),
    ...PUBLISH_FLAGS.map((flag) => typed(flag, 'boolean', config.flags[flag])),
    text('cc-addresses', config.ccAddresses.join(',')),
    text('element-categories', config.elementCategories.join(',')),
    text('init-module', config.initModule),
    typed('created-at', 'datetime', datetime(config.createdAt)),
    typed('updated-at', 'datetime', datetime(config.updatedAt)),
  ]);
}
