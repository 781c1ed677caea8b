/**
 * The file kinds the legacy exports produce beyond what the v2 renderer writes (PNG, JPEG, PDF): an SVG
 * of the plan, a KMZ (a zip holding a KML ground overlay and its PNG), an STL (application/sla: the
 * walls extruded to the storey height, ASCII) and the zip archive a project render delivers.
 */
import { type Bounds, type PlanDesign, segmentQuad, wallPath } from '../planning/domain/plan-geometry.ts';
import { planDrawing2d } from '../planning/render/plan-drawing.ts';

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

export function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const b of bytes) crc = CRC_TABLE[(crc ^ b) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/** A zip archive of `entries`, stored without compression (every unzip tool reads it). */
export function zip(entries: { name: string; bytes: Uint8Array }[]): Uint8Array {
  const parts: Uint8Array[] = [];
  const central: Uint8Array[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = new TextEncoder().encode(entry.name);
    const crc = crc32(entry.bytes);
    const local = new DataView(new ArrayBuffer(30));
    local.setUint32(0, 0x04034b50, true);
    local.setUint16(4, 20, true);
    local.setUint16(6, 0x0800, true); // UTF-8 names
    local.setUint16(8, 0, true); // stored
    local.setUint16(10, 0, true);
    local.setUint16(12, 0x21, true); // 1980-01-01
    local.setUint32(14, crc, true);
    local.setUint32(18, entry.bytes.byteLength, true);
    local.setUint32(22, entry.bytes.byteLength, true);
    local.setUint16(26, name.byteLength, true);
    parts.push(new Uint8Array(local.buffer), name, entry.bytes);
    const dir = new DataView(new ArrayBuffer(46));
    dir.setUint32(0, 0x02014b50, true);
    dir.setUint16(4, 20, true);
    dir.setUint16(6, 20, true);
    dir.setUint16(8, 0x0800, true);
    dir.setUint16(14, 0x21, true);
    dir.setUint32(16, crc, true);
    dir.setUint32(20, entry.bytes.byteLength, true);
    dir.setUint32(24, entry.bytes.byteLength, true);
    dir.setUint16(28, name.byteLength, true);
    dir.setUint32(42, offset, true);
    central.push(new Uint8Array(dir.buffer), name);
    offset += 30 + name.byteLength + entry.bytes.byteLength;
  }
  const dirSize = central.reduce((n, p) => n + p.byteLength, 0);
  const end = new DataView(new ArrayBuffer(22));
  end.setUint32(0, 0x06054b50, true);
  end.setUint16(8, entries.length, true);
  end.setUint16(10, entries.length, true);
  end.setUint32(12, dirSize, true);
  end.setUint32(16, offset, true);
  const all = [...parts, ...central, new Uint8Array(end.buffer)];
  const out = new Uint8Array(all.reduce((n, p) => n + p.byteLength, 0));
  let at = 0;
  for (const p of all) {
    out.set(p, at);
    at += p.byteLength;
  }
  return out;
}

const hex = ([r, g, b]: readonly number[]) =>
  '#' + [r, g, b].map((v) => v!.toString(16).padStart(2, '0')).join('');
const grey = ([r, g, b]: readonly number[]): number[] => {
  const y = Math.round(0.299 * r! + 0.587 * g! + 0.114 * b!);
  return [y, y, y];
};

/** The 2D plan as SVG, in centimetres (the viewBox is the drawing's bounds). */
export function designSvg(design: PlanDesign, width: number, height: number, blackWhite: boolean): string {
  const drawing = planDrawing2d(design, blackWhite ? 'BW' : null);
  const b = drawing.bounds;
  const shapes = drawing.shapes
    .map(
      (s) =>
        `<path d="${s.points.map((p, i) => `${i ? 'L' : 'M'}${p.x.toFixed(1)} ${p.y.toFixed(1)}`).join(' ')} Z" fill="${hex(blackWhite ? grey(s.color) : s.color)}"/>`,
    )
    .join('');
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" ` +
    `viewBox="${b.minX} ${b.minY} ${b.maxX - b.minX} ${b.maxY - b.minY}">${shapes}</svg>\n`
  );
}

/** The walls as an ASCII STL, in metres, raised to `storeyHeight` centimetres. */
export function designStl(design: PlanDesign, storeyHeight: number): string {
  const lines = [`solid design_${design.id}`];
  const h = storeyHeight / 100;
  const v = (x: number, y: number, z: number) =>
    `      vertex ${(x / 100).toFixed(3)} ${(-y / 100).toFixed(3)} ${z.toFixed(3)}`;
  const facet = (a: number[], b: number[], c: number[]) =>
    lines.push(
      '  facet normal 0 0 0',
      '    outer loop',
      v(a[0]!, a[1]!, a[2]!),
      v(b[0]!, b[1]!, b[2]!),
      v(c[0]!, c[1]!, c[2]!),
      '    endloop',
      '  endfacet',
    );
  for (const wall of design.walls) {
    const path = wallPath(wall);
    for (let i = 0; i + 1 < path.length; i++) {
      const q = segmentQuad(path[i]!, path[i + 1]!, wall.thickness);
      for (let k = 0; k < q.length; k++) {
        const p = q[k]!;
        const n = q[(k + 1) % q.length]!;
        facet([p.x, p.y, 0], [n.x, n.y, 0], [n.x, n.y, h]);
        facet([p.x, p.y, 0], [n.x, n.y, h], [p.x, p.y, h]);
      }
      facet([q[0]!.x, q[0]!.y, h], [q[1]!.x, q[1]!.y, h], [q[2]!.x, q[2]!.y, h]);
      facet([q[0]!.x, q[0]!.y, h], [q[2]!.x, q[2]!.y, h], [q[3]!.x, q[3]!.y, h]);
    }
  }
  lines.push(`endsolid design_${design.id}`, '');
  return lines.join('\n');
}

/** A KML ground overlay of `image` (a PNG in the same KMZ); the plan is placed at 0°N 0°E, 1 m ≈ 1e-5°. */
export function designKml(name: string, bounds: Bounds): string {
  const deg = (cm: number) => (cm / 100) * 1e-5;
  const esc = name.replace(/[<>&]/g, (ch) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;' })[ch]!);
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n<kml xmlns="http://www.opengis.net/kml/2.2"><GroundOverlay>' +
    `<name>${esc}</name><Icon><href>plan.png</href></Icon><LatLonBox>` +
    `<north>${-deg(bounds.minY)}</north><south>${-deg(bounds.maxY)}</south>` +
    `<east>${deg(bounds.maxX)}</east><west>${deg(bounds.minX)}</west>` +
    '</LatLonBox></GroundOverlay></kml>\n'
  );
}
