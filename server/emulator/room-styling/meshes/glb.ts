/**
 * A product's mesh as a glTF 2.0 binary (GLB): its parts merged into one primitive per material, scaled
 * to fill the product's box exactly (metres, y up, the front facing +z, standing on y 0, centred on x
 * and z), PBR materials (metallic-roughness), written by glTF Transform. The same spec gives the same
 * bytes: nothing random, no dates.
 */
import { Document, NodeIO } from '@gltf-transform/core';
import { Box3, BufferAttribute, Matrix4, Vector3, type BufferGeometry } from 'three';
import { mergeGeometries } from 'three/examples/jsm/utils/BufferGeometryUtils.js';
import { furnitureParts, type MeshSpec } from './furniture.ts';
import { linear, pbrOf, type MaterialName, type Rgb } from './materials.ts';

const io = new NodeIO();

/** Every geometry indexed, so three's merge takes them together. */
function indexed(geometry: BufferGeometry): BufferGeometry {
  if (geometry.index) return geometry;
  const count = geometry.getAttribute('position').count;
  geometry.setIndex(Array.from({ length: count }, (_, i) => i));
  return geometry;
}

/** The GLB of a product, `name` written into the file (the product's id). */
export async function productGlb(spec: MeshSpec, name: string): Promise<Uint8Array> {
  const parts = furnitureParts(spec);
  const byMaterial = new Map<MaterialName, BufferGeometry[]>();
  for (const part of parts.list) {
    const list = byMaterial.get(part.material) ?? [];
    list.push(indexed(part.geometry));
    byMaterial.set(part.material, list);
  }
  const merged = [...byMaterial].map(([material, list]) => ({ material, geometry: mergeGeometries(list) }));

  // fill the box exactly: x and z centred, y from 0, each side the spec's size
  const bounds = new Box3();
  for (const { geometry } of merged) {
    geometry.computeBoundingBox();
    bounds.union(geometry.boundingBox!);
  }
  const size = bounds.getSize(new Vector3());
  const [w, d, h] = spec.size.map((cm) => Math.max(0.005, cm / 100));
  const scale = new Vector3(w! / (size.x || 1), h! / (size.y || 1), d! / (size.z || 1));
  const fit = new Matrix4()
    .makeScale(scale.x, scale.y, scale.z)
    .multiply(
      new Matrix4().makeTranslation(
        -(bounds.min.x + bounds.max.x) / 2,
        -bounds.min.y,
        -(bounds.min.z + bounds.max.z) / 2,
      ),
    );

  const doc = new Document();
  const buffer = doc.createBuffer();
  const mesh = doc.createMesh(name);
  const main = spec.colour;
  const accent: Rgb = spec.accent ?? spec.colour;
  for (const { material: materialName, geometry } of merged) {
    geometry.applyMatrix4(fit);
    const pbr = pbrOf(materialName, main, accent, spec.finish);
    const material = doc
      .createMaterial(materialName)
      .setBaseColorFactor([...linear(pbr.colour), pbr.opacity ?? 1])
      .setRoughnessFactor(pbr.roughness)
      .setMetallicFactor(pbr.metalness);
    if (pbr.opacity !== undefined) material.setAlphaMode('BLEND');
    if (pbr.emissive) material.setEmissiveFactor(linear(pbr.emissive));
    const position = geometry.getAttribute('position') as BufferAttribute;
    const normal = geometry.getAttribute('normal') as BufferAttribute;
    const index = geometry.index!;
    const vertices = position.count;
    const indices =
      vertices < 65536
        ? new Uint16Array(index.array as ArrayLike<number>)
        : new Uint32Array(index.array as ArrayLike<number>);
    const normals = new Float32Array(normal.array as ArrayLike<number>);
    // glTF wants unit normals; a scaled box's are not, once the fit stretched it
    for (let i = 0; i < normals.length; i += 3) {
      const length = Math.hypot(normals[i]!, normals[i + 1]!, normals[i + 2]!) || 1;
      normals[i]! /= length;
      normals[i + 1]! /= length;
      normals[i + 2]! /= length;
    }
    const primitive = doc
      .createPrimitive()
      .setMaterial(material)
      .setAttribute(
        'POSITION',
        doc
          .createAccessor()
          .setType('VEC3')
          .setArray(new Float32Array(position.array as ArrayLike<number>))
          .setBuffer(buffer),
      )
      .setAttribute('NORMAL', doc.createAccessor().setType('VEC3').setArray(normals).setBuffer(buffer))
      .setIndices(doc.createAccessor().setType('SCALAR').setArray(indices).setBuffer(buffer));
    mesh.addPrimitive(primitive);
  }
  const node = doc.createNode(name).setMesh(mesh);
  doc.createScene('product').addChild(node);
  doc.getRoot().setDefaultScene(doc.getRoot().listScenes()[0]!);
  return io.writeBinary(doc);
}
