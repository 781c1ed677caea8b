/**
 * The `fml` form of a project (GET /projects/:id.fml): a small FML XML document in the shape of the
 * real exports (project → floors → designs → lines and areas; metres, as legacy FML stores them).
 * Document 1 names only the design and project elements; the rest follows the real 2009 sample.
 */
import { type PlanDesign, type PlanFloor, wallPath } from '../domain/plan-geometry.ts';
import type { ProjectRecord } from '../domain/records.ts';

const escapeXml = (s: string) =>
  s.replace(
    /[<>&"']/g,
    (ch) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[ch]!,
  );

const m = (cm: number) => (cm / 100).toFixed(2);

function nullable(tag: string, value: string | null): string {
  return value === null ? `<${tag} nil="true"></${tag}>` : `<${tag}>${escapeXml(value)}</${tag}>`;
}

export function projectFml(project: ProjectRecord): string {
  const lines: string[] = ['<?xml version="1.0" encoding="UTF-8"?>', '<project>'];
  lines.push(
    `  <id type="integer">${project.id}</id>`,
    `  <name>${escapeXml(project.name)}</name>`,
    `  ${nullable('description', project.description)}`,
    `  <project-url>${escapeXml(project.projectUrl)}</project-url>`,
    `  <public type="boolean">${project.public}</public>`,
    `  <user-id type="integer">${project.userId}</user-id>`,
    `  ${nullable('external-identifier', project.externalIdentifier)}`,
    `  <created-at type="datetime">${project.createdAt}</created-at>`,
    `  <updated-at type="datetime">${project.updatedAt}</updated-at>`,
    '  <floors type="array">',
  );
  for (const floor of project.floors) {
    lines.push(
      '    <floor>',
      `      <id type="integer">${floor.id}</id>`,
      `      <name>${escapeXml(floor.name)}</name>`,
      `      <level type="integer">${floor.level}</level>`,
      `      <height type="decimal">${m(floor.height)}</height>`,
      '      <designs type="array">',
    );
    for (const design of floor.designs) lines.push(...designElement(project, floor, design, '        '));
    lines.push('      </designs>', '    </floor>');
  }
  lines.push('  </floors>', '</project>', '');
  return lines.join('\n');
}

/** One `design` element (with its lines and areas), each line prefixed by `pad`. */
export function designElement(
  project: ProjectRecord,
  floor: PlanFloor,
  design: PlanDesign,
  pad = '',
): string[] {
  const lines: string[] = [];
  lines.push(
    '<design>',
    `  <id type="integer">${design.id}</id>`,
    `  <name>${escapeXml(design.name)}</name>`,
    '  <design-type>save</design-type>',
    `  <created-at>${design.createdAt ?? floor.createdAt}</created-at>`,
    `  <updated-at>${design.updatedAt ?? floor.updatedAt}</updated-at>`,
    `  <project-id type="integer">${project.id}</project-id>`,
    `  <floor-id type="integer">${floor.id}</floor-id>`,
    '  <lines type="array">',
  );
  for (const wall of design.walls) {
    const path = wallPath(wall);
    for (let i = 0; i + 1 < path.length; i++) {
      const a = path[i]!;
      const b = path[i + 1]!;
      lines.push(
        '    <line>',
        '      <type>default_wall</type>',
        `      <points>${m(a.x)} ${m(a.y)} 0.00 ${m(b.x)} ${m(b.y)} 0.00</points>`,
        `      <thickness>${m(wall.thickness)}</thickness>`,
        `      <height>${m(floor.height)}</height>`,
        '    </line>',
      );
    }
  }
  lines.push('  </lines>', '  <areas type="array">');
  for (const area of design.areas) {
    lines.push(
      '    <area>',
      '      <type>generated_area</type>',
      `      <name>${escapeXml(area.name ?? '')}</name>`,
      `      <color>${escapeXml(area.color)}</color>`,
      `      <points>${area.poly.map((p) => `${m(p.x)} ${m(p.y)} 0.00`).join(', ')}</points>`,
      '    </area>',
    );
  }
  lines.push('  </areas>', '</design>');
  return lines.map((line) => pad + line);
}

/** A design as a document of its own (the answer of the FML design operations). */
export function designFml(project: ProjectRecord, floor: PlanFloor, design: PlanDesign): string {
  return ['<?xml version="1.0" encoding="UTF-8"?>', ...designElement(project, floor, design), ''].join('\n');
}
