/**
 * Reading FML XML (Document 1 rule 1): the body of POST /projects/import.json, of the FML design
 * create and update, and of a project update sent as FML. Parsed with fast-xml-parser (no regular
 * expressions over XML). A document whose root is `project` gives floors and designs; one whose root
 * is `design` (as many real files are) gives one floor with that design. Lengths are metres in FML,
 * centimetres in the emulator's plan geometry.
 */
import { XMLValidator } from 'fast-xml-parser';
import { fmlXmlParser, members, text as elementText } from '../../../../src/model/fml/fml-xml-nodes.ts';
import { parseXmlSafely } from '../../shared/xml-parse.ts';
import type { PlanArea, PlanDesign, PlanFloor, PlanWall, Point } from '../domain/plan-geometry.ts';

export type XmlNode = Record<string, unknown>;

export type FmlRead =
  { ok: true; root: 'project' | 'design'; node: XmlNode } | { ok: false; problem: string };

/** Parses an FML document; `problem` says why it is not one. */
export function readFml(text: string): FmlRead {
  if (!text.trim()) return { ok: false, problem: 'body: an FML document is required' };
  // a DOCTYPE can declare entities that expand without bound: FML never has one
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) return { ok: false, problem: 'body: DOCTYPE is not allowed in FML' };
  const valid = XMLValidator.validate(text);
  if (valid !== true)
    return { ok: false, problem: `body: not well-formed XML (${valid.err.msg}, line ${valid.err.line})` };
  // what the parser throws on (too deep, a `__proto__` element) is the sender's problem too
  // the client's FML parser (src/model/fml/fml-xml-nodes.ts): the same elements are lists, the same
  // values text; entities beyond the five XML ones are never expanded (no DOCTYPE is accepted, above)
  const parsed = parseXmlSafely(fmlXmlParser(), text);
  if (!parsed.ok) return { ok: false, problem: `body: ${parsed.message}` };
  const doc = parsed.value as XmlNode;
  for (const root of ['project', 'design'] as const) {
    const value = doc[root];
    const node = Array.isArray(value) ? value[0] : value;
    if (node && typeof node === 'object') return { ok: true, root, node: node as XmlNode };
  }
  return { ok: false, problem: 'body: the root element must be project or design' };
}

/**
 * The text of an element: `<id type="integer">5</id>` and `<id>5</id>` alike; nil="true" (and an
 * absent element) is null. The client reader's text() (src/model/fml/fml-xml-nodes.ts).
 */
export function textOf(value: unknown): string | null {
  return elementText(value) ?? null;
}

/** `<lines type="array"><line>…</line></lines>` (or bare repeated `<line>`): the elements, no text. */
const childList = (node: XmlNode, container: string, item: string): XmlNode[] =>
  members(node, container, item).filter((v): v is XmlNode => !!v && typeof v === 'object');

const numbers = (text: string): number[] =>
  text
    .trim()
    .split(/\s+/)
    .map(Number)
    .filter((n) => Number.isFinite(n));

const cm = (metres: number) => Math.round(metres * 10000) / 100;

function wallOf(line: XmlNode): PlanWall | null {
  const type = textOf(line.type) ?? '';
  if (!/wall/i.test(type)) return null; // dimension lines, railings drawn as lines, … are not walls
  const first = (textOf(line.points) ?? '').split(',')[0] ?? '';
  const n = numbers(first);
  let a: Point;
  let b: Point;
  if (n.length >= 6)
    [a, b] = [
      { x: cm(n[0]!), y: cm(n[1]!) },
      { x: cm(n[3]!), y: cm(n[4]!) },
    ];
  else if (n.length >= 4)
    [a, b] = [
      { x: cm(n[0]!), y: cm(n[1]!) },
      { x: cm(n[2]!), y: cm(n[3]!) },
    ];
  else return null;
  const thickness = Number(textOf(line.thickness));
  return { a, b, thickness: Number.isFinite(thickness) && thickness > 0 ? cm(thickness) : 20 };
}

function areaOf(area: XmlNode): PlanArea | null {
  const groups = (textOf(area.points) ?? '').split(',');
  const poly = groups
    .map(numbers)
    .filter((n) => n.length >= 2)
    .map((n) => ({ x: cm(n[0]!), y: cm(n[1]!) }));
  if (poly.length < 3) return null;
  const colour = textOf(area.color) ?? '';
  const name = textOf(area.name);
  return {
    poly,
    color: /^#[0-9a-f]{6}$/i.test(colour) ? colour : '#ffffff',
    ...(name ? { name } : {}),
  };
}

/** The geometry and name of a `design` element (ids are the caller's to give). */
export function designFromNode(node: XmlNode, id: number, stamp: string): PlanDesign {
  return {
    id,
    name: (textOf(node.name) ?? '').trim().slice(0, 255) || 'Design',
    walls: childList(node, 'lines', 'line')
      .map(wallOf)
      .filter((w): w is PlanWall => !!w)
      .slice(0, 5000),
    areas: childList(node, 'areas', 'area')
      .map(areaOf)
      .filter((a): a is PlanArea => !!a)
      .slice(0, 2000),
    cameras: [],
    createdAt: stamp,
    updatedAt: stamp,
  };
}

export interface ImportedProject {
  name: string;
  description: string | null;
  public: boolean;
  externalIdentifier: string | null;
  floors: PlanFloor[];
}

/** The one floor of a project whose document gave none (or was a bare `design`). */
function groundFloor(id: number, design: PlanDesign, stamp: string): PlanFloor {
  return {
    id,
    name: 'Ground floor',
    level: 0,
    height: 280,
    createdAt: stamp,
    updatedAt: stamp,
    cameras: [],
    designs: [design],
  };
}

/**
 * A project from an FML document. `ids.floor()` and `ids.design()` give new ids (the document's own
 * ids belong to the service it came from).
 */
export function projectFromFml(
  read: Extract<FmlRead, { ok: true }>,
  ids: { floor(): number; design(): number },
  stamp: string,
): ImportedProject {
  if (read.root === 'design') {
    return {
      name: (textOf(read.node.name) ?? '').trim() || 'New floorplan',
      description: null,
      public: false,
      externalIdentifier: null,
      floors: [groundFloor(ids.floor(), designFromNode(read.node, ids.design(), stamp), stamp)],
    };
  }
  const node = read.node;
  const floors = childList(node, 'floors', 'floor')
    .slice(0, 50)
    .map((floor, index): PlanFloor => {
      const height = Number(textOf(floor.height));
      const level = Number(textOf(floor.level));
      return {
        id: ids.floor(),
        name: (textOf(floor.name) ?? '').trim().slice(0, 255) || `Floor ${index}`,
        level: Number.isInteger(level) ? level : index,
        height: Number.isFinite(height) && height > 0 ? cm(height) : 280,
        createdAt: stamp,
        updatedAt: stamp,
        cameras: [],
        designs: childList(floor, 'designs', 'design')
          .slice(0, 50)
          .map((design) => designFromNode(design, ids.design(), stamp)),
      };
    })
    .map((floor) => {
      // every floor holds at least one design (an empty one), so exports always have something to draw
      if (!floor.designs.length)
        floor.designs.push(designFromNode({ name: 'First design' }, ids.design(), stamp));
      return floor;
    });
  const external = (textOf(node['external-identifier']) ?? '').trim();
  return {
    name: (textOf(node.name) ?? '').trim().slice(0, 255) || 'New floorplan',
    description: textOf(node.description) || null,
    public: textOf(node.public) === 'true',
    externalIdentifier: external && !/^\d+$/.test(external) ? external.slice(0, 255) : null,
    floors: floors.length
      ? floors
      : [groundFloor(ids.floor(), designFromNode({ name: 'First design' }, ids.design(), stamp), stamp)],
  };
}
