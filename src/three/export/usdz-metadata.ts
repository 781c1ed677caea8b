/**
 * The USDZ's product metadata: three.js's USDZExporter writes no custom data per node, so each piece's
 * `def Xform` in the archive's model.usda gets a `customData` dictionary (`pieceId`, `kind`,
 * `componentId`, `category`: what the GLB's `extras` say), as USD allows on any prim, and the archive is
 * zipped again as the exporter zips it (stored, each file's data 64-byte aligned, as USDZ requires).
 */
import {
  strFromU8,
  strToU8,
  unzipSync,
  zipSync,
  type Zippable,
} from 'three/examples/jsm/libs/fflate.module.js';

/** A USD prim name for `id` as USDZExporter makes names (letters, digits, `_`; not a digit first), unique in `used`. */
export function usdName(id: string, used: Set<string>): string {
  let name = id.replace(/[^A-Za-z0-9_]/g, '');
  if (/^[0-9]/.test(name)) name = `_${name}`;
  if (!name) name = 'piece';
  let unique = name;
  for (let n = 2; used.has(unique); n++) unique = `${name}_${n}`;
  used.add(unique);
  return unique;
}

/** A USD string literal of untrusted text: quotes and backslashes escaped, control characters dropped. */
function usdString(text: string): string {
  // eslint-disable-next-line no-control-regex
  const clean = text.replace(/[\u0000-\u001f\u007f]/g, ' ').slice(0, 500);
  return `"${clean.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

/** The archive with each named prim's `customData` (prim name → string values, keys identifiers). */
export function withCustomData(usdz: Uint8Array, data: Map<string, Record<string, string>>): Uint8Array {
  const files = unzipSync(usdz);
  const model = files['model.usda'];
  if (!model || !data.size) return usdz;
  const text = strFromU8(model).replace(
    /^(\t*)def Xform "([A-Za-z0-9_]+)"$/gm,
    (line, pad: string, name: string) => {
      const values = data.get(name);
      if (!values) return line;
      const entries = Object.entries(values)
        .filter(([key]) => /^[A-Za-z_][A-Za-z0-9_]*$/.test(key))
        .map(([key, value]) => `${pad}\t\tstring ${key} = ${usdString(value)}`);
      return `${pad}def Xform "${name}" (\n${pad}\tcustomData = {\n${entries.join('\n')}\n${pad}\t}\n${pad})`;
    },
  );
  files['model.usda'] = strToU8(text);
  return alignedZip(files);
}

/**
 * Zipped as USDZExporter zips (three r185, its "64 byte alignment"): stored, each file after the first
 * padded with an extra field so its data starts at a multiple of 64 bytes. model.usda stays first.
 */
function alignedZip(files: Record<string, Uint8Array>): Uint8Array {
  const zippable: Zippable = {};
  let offset = 0;
  for (const [name, file] of Object.entries(files)) {
    offset += 34 + name.length;
    const mod = offset & 63;
    zippable[name] = mod !== 4 ? [file, { extra: { 12345: new Uint8Array(64 - mod) } }] : file;
    offset = file.length;
  }
  return zipSync(zippable, { level: 0 });
}
