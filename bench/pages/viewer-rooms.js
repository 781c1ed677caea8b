// Generated rooms for the viewer bench: an open-plan floor of 8 × 6 rooms (walls with doors), and
// `count` furniture pieces of 12 kinds spread over it, in the service's own model JSON shape.
export function generatedRoom(count) {
  const cols = 8;
  const rows = 6;
  const cell = 400;
  const points = [];
  const index = new Map();
  const point = (x, y) => {
    const key = `${x},${y}`;
    if (!index.has(key)) {
      index.set(key, points.length);
      points.push([x, y]);
    }
    return index.get(key);
  };
  const walls = {};
  const components = [];
  let w = 0;
  const wall = (x0, y0, x1, y1, door) => {
    const name = `wall${w++}`;
    walls[name] = { indices: [point(x0, y0), point(x1, y1)], thickness: 12, material: 'wall' };
    if (door) {
      components.push({
        ID: `door-${name}`,
        type: 'ArchitecturalComponent',
        category: 'Door',
        component_id: 'door',
        parentID: name.slice(4),
        position: [(x0 + x1) / 2, (y0 + y1) / 2, 104],
        rotation: [270, 0, x0 === x1 ? 90 : 0],
        bounding_box: [
          [-41, -104, -3],
          [41, 104, 3],
        ],
        aperture: { type: 'rectangle', bounds: [82, 208] },
        level: -1,
      });
    }
  };
  for (let r = 0; r <= rows; r++)
    for (let c = 0; c < cols; c++) wall(c * cell, r * cell, (c + 1) * cell, r * cell, r > 0 && r < rows);
  for (let c = 0; c <= cols; c++)
    for (let r = 0; r < rows; r++) wall(c * cell, r * cell, c * cell, (r + 1) * cell, c > 0 && c < cols);
  const areas = {};
  for (let r = 0; r < rows; r++)
    for (let c = 0; c < cols; c++) {
      areas[`area${r * cols + c}`] = {
        indices: [
          point(c * cell, r * cell),
          point((c + 1) * cell, r * cell),
          point((c + 1) * cell, (r + 1) * cell),
          point(c * cell, (r + 1) * cell),
        ],
        floor_material: (r + c) % 2 ? 'oak' : 'tiles',
        ceiling_material: 'ceiling',
      };
    }
  const side = Math.ceil(Math.sqrt(count));
  const width = cols * cell;
  const depth = rows * cell;
  for (let i = 0; i < count; i++) {
    const kind = i % 12;
    const size = 20 + kind * 6;
    components.push({
      ID: `model-${i}`,
      type: 'Component',
      component_id: `bench-kind-${kind}`,
      parentID: null,
      position: [((i % side) + 0.5) * (width / side), (Math.floor(i / side) + 0.5) * (depth / side), 0],
      rotation: [0, 0, (i * 47) % 360],
      bounding_box: [
        [-size / 2, -size / 2, 0],
        [size / 2, size / 2, 30 + kind * 12],
      ],
      level: 1,
    });
  }
  return {
    version: 2,
    materials: [
      { ID: 'wall', diffuse: [0.93, 0.93, 0.91], shader: 'combi_material' },
      { ID: 'oak', diffuse: [0.72, 0.56, 0.38], shader: 'combi_material' },
      { ID: 'tiles', diffuse: [0.85, 0.85, 0.82], shader: 'combi_material' },
      { ID: 'ceiling', diffuse: [0.98, 0.98, 0.98], shader: 'combi_material' },
    ],
    lights: [{ type: 'sun', position: [width / 2, depth / 2, 1000], direction: [-200, -100, -1000] }],
    camera: { position: [-300, -400, 900], focal_point: [width / 2, depth / 2, 0], exposure: 0 },
    plan: { height: 260, points, walls, areas },
    components,
  };
}
