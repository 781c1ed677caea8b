/**
 * <room-viewer>: connected → first frame for the real sample and generated rooms of 200, 2 000 and
 * 10 000 components (scene build time: goal 10 000 in ≤ 100 ms), frame times while orbiting, live WebGL
 * contexts with 50 viewers, and side by side in the same run the same room exported to GLB (three's
 * GLTFExporter) in @google/model-viewer: time to first frame (goal ≤ 0.5× theirs) and bytes (JS + model,
 * gzip; goal ≤ 0.6× theirs).
 *
 * Like with like (issue 15): model-viewer's page with ONE box is its fixed cost here (environment
 * set-up under software WebGL); our first frame is set against that (goal ≤ 0.5×) and against its
 * room, with and without that fixed cost. Bytes through both paths: npm (a Vite app build of each
 * package) and CDN (our loader script and the chunks it loads; model-viewer.min.js), counted from the
 * JS files each page actually requested. Both first frames are screenshotted into bench/out/ (not
 * committed), each with its own default camera.
 *
 * Our page is built here as a site would build it with only <room-viewer> (Vite app build into
 * bench/.tmp/viewer-app/ours); three.js is one of its lazy chunks. model-viewer's npm page is a build
 * of its own (…/theirs), and the bench's tools (GLB export, Raycaster, readModel) a third (…/tools):
 * one build of all three shared one three.js chunk holding what model-viewer and GLTFExporter use, so
 * our page downloaded 22 KB gzip of three.js it never runs (npm path 0.63× instead of what a site with
 * only <room-viewer> loads). The tools' three.js is a second copy; they only read our scene (ray
 * casts and GLTFExporter go by `isMesh`-style flags, not instanceof). Headless Chromium draws with SwiftShader
 * (software WebGL), so frame figures are CPU-bound and far above what a GPU gives.
 * Page scripts are strings: tsx would wrap named functions in a helper the page does not have.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page } from 'puppeteer-core';
import { round, type Figures, type Scenario } from '../harness.ts';
import { buildSite, VIEWER_ENTRY } from '../site-build.ts';

const SAMPLE = 6346838;
const APP = 'bench/.tmp/viewer-app';
const GLB = 'bench/.tmp/room-6346838.glb';
const GLB_FLAT = 'bench/.tmp/room-6346838-flat.glb';
const GLB_BOX = 'bench/.tmp/box.glb';
const OUT = 'bench/out';
const gz = (bytes: Uint8Array | string) => gzipSync(bytes, { level: 9 }).length;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;

async function buildApp(): Promise<void> {
  mkdirSync(`${APP}/src`, { recursive: true });
  writeFileSync(`${APP}/src/viewer.ts`, VIEWER_ENTRY);
  // model-viewer as a site installs it from npm (three and its other dependencies from node_modules)
  writeFileSync(`${APP}/src/model-viewer-npm.ts`, `import '@google/model-viewer';\n`);
  writeFileSync(
    `${APP}/src/tools.ts`,
    `export { readModel, planGeometry } from '../../../../src/model/index.ts';
import { GLTFExporter } from 'three/examples/jsm/exporters/GLTFExporter.js';
import { BoxGeometry, Group, InstancedMesh, Matrix4, Mesh, MeshStandardMaterial, type Object3D } from 'three';
/** The room as GLB; \`flatten\` writes every instance as its own node (no EXT_mesh_gpu_instancing). */
export function exportGlb(object: Object3D, flatten = false): Promise<ArrayBuffer> {
  let source = object;
  if (flatten) {
    source = object.clone();
    const instanced: InstancedMesh[] = [];
    source.traverse((node) => { if ((node as InstancedMesh).isInstancedMesh) instanced.push(node as InstancedMesh); });
    for (const mesh of instanced) {
      const group = new Group();
      const matrix = new Matrix4();
      for (let i = 0; i < mesh.count; i++) {
        const copy = new Mesh(mesh.geometry, mesh.material);
        mesh.getMatrixAt(i, matrix);
        matrix.decompose(copy.position, copy.quaternion, copy.scale);
        group.add(copy);
      }
      mesh.parent!.add(group);
      mesh.parent!.remove(mesh);
    }
  }
  return new GLTFExporter().parseAsync(source, { binary: true }) as Promise<ArrayBuffer>;
}
export { Raycaster, Vector2 } from 'three';
export { motionDetail } from '../../../../src/three/motion-lod.ts';
/** One box: model-viewer's own fixed cost (environment, shaders) on this machine. */
export function exportBox(): Promise<ArrayBuffer> {
  return new GLTFExporter().parseAsync(new Mesh(new BoxGeometry(1, 1, 1), new MeshStandardMaterial()), { binary: true }) as Promise<ArrayBuffer>;
}\n`,
  );
  // three builds, so no page loads a shared chunk holding another page's part of three.js
  await buildSite(`${APP}/ours`, { viewer: `${APP}/src/viewer.ts` });
  await buildSite(`${APP}/theirs`, { 'model-viewer-npm': `${APP}/src/model-viewer-npm.ts` });
  await buildSite(`${APP}/tools`, { tools: `${APP}/src/tools.ts` });
}

async function open(page: Page, url: string): Promise<void> {
  await page.setCacheEnabled(false);
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForFunction('window.benchReady === true', { timeout: 60000 });
}

/** Navigation start → first frame, and connected → first frame, in a fresh page without cache. */
async function firstFrame(
  page: Page,
  url: string,
  screenshot?: string,
  cpu = 1,
): Promise<{
  total: number;
  connected: number;
  resources: string[];
  longTasks: { start: number; ms: number }[];
  frameGap: number;
  thread?: string;
}> {
  // a phone's CPU, as Lighthouse's mobile run slows it
  if (cpu !== 1) await (await page.createCDPSession()).send('Emulation.setCPUThrottlingRate', { rate: cpu });
  await open(page, url);
  await page.waitForFunction('window.firstFrame || window.benchError', { timeout: 120000 });
  const error = await page.evaluate('window.benchError');
  if (error) throw new Error(`${url}: ${error}`);
  if (screenshot) {
    // both pages show one 320 × 240 element at the top left corner
    await new Promise((r) => setTimeout(r, 300));
    mkdirSync(OUT, { recursive: true });
    await page.screenshot({
      path: join(OUT, screenshot) as `${string}.png`,
      clip: { x: 0, y: 0, width: 320, height: 240 },
    });
  }
  const result = (await page.evaluate(`({
    total: window.firstFrame,
    connected: window.firstFrame - window.connectedAt,
    resources: performance.getEntriesByType('resource').map((e) => e.name),
    longTasks: (window.longTasks || []).filter((t) => t.start >= window.connectedAt && t.start <= window.firstFrame),
    thread: document.querySelector('room-viewer')?.renderThread,
    frameGap: window.frameGap,
  })`)) as Awaited<ReturnType<typeof firstFrame>>;
  // a page left open keeps drawing (model-viewer's idle animation): it would tax every later figure
  await page.close();
  return result;
}

const GENERATED = (counts: number[]) => `(async () => {
  const { generatedRoom } = await import('/bench/pages/viewer-rooms.js');
  const { readModel, planGeometry } = await import('/bench/.tmp/viewer-app/tools/tools.js');
  const read = (model) => {
    const t0 = performance.now();
    planGeometry(readModel(model).model);
    return performance.now() - t0;
  };
  const show = async (model) => {
    const el = document.createElement('room-viewer');
    // on the page's thread (the default draws in the render worker): the figures read the scene here
    el.setAttribute('renderer', 'main');
    el.setAttribute('loading', 'eager');
    el.setAttribute('camera', 'orbit');
    el.model = model;
    const loaded = new Promise((resolve, reject) => {
      el.addEventListener('model-load', resolve, { once: true });
      el.addEventListener('model-error', (e) => reject(e.detail.error), { once: true });
    });
    const started = performance.now();
    document.body.append(el);
    await loaded;
    return { el, ms: performance.now() - started, build: el.view.buildTime, read: read(model) };
  };
  (await show(generatedRoom(10))).el.remove(); // loads three.js and compiles the shaders once
  const out = {};
  for (const n of ${JSON.stringify(counts)}) {
    const model = generatedRoom(n);
    const runs = [];
    for (let i = 0; i < 5; i++) {
      const r = await show(model);
      runs.push(r);
      r.el.remove();
      await new Promise((res) => setTimeout(res, 20));
    }
    const med = (k) => runs.map((r) => r[k]).sort((a, b) => a - b)[runs.length >> 1];
    out[n] = { ms: med('ms'), build: med('build'), read: med('read') };
  }
  return out;
})()`;

/** Auto-rotates a viewer for 2 s: time between drawn frames and the time to draw one (render + copy). */
const ORBIT = (source: string, lod = false, handOver = false) => `(async () => {
  const { generatedRoom } = await import('/bench/pages/viewer-rooms.js');
  void generatedRoom;
  const el = document.createElement('room-viewer');
  // on the page's thread (the default draws in the render worker): the figures read the scene here
  el.setAttribute('renderer', 'main');
  el.setAttribute('loading', 'eager');
  el.setAttribute('camera', 'orbit');
  ${source}
  const loaded = new Promise((resolve, reject) => {
    el.addEventListener('model-load', resolve, { once: true });
    el.addEventListener('model-error', (e) => reject(e.detail.error), { once: true });
  });
  document.body.append(el);
  await loaded;
  // handOver: the policy forced on (SharedRenderer.handOverCanvas; 'auto' copies under SwiftShader)
  const policy = el.view.renderer.constructor;
  if (${handOver}) policy.handOverCanvas = true;
  const view = el.view;
  const costs = [];
  let t0 = 0;
  const before = view.beforeRender.bind(view);
  const after = view.afterRender.bind(view);
  // lod: src/three/motion-lod.ts wired here as the view would wire it (cut detail while moving)
  const { motionDetail } = await import('/bench/.tmp/viewer-app/tools/tools.js');
  let triangles = 0;
  view.beforeRender = (d) => { t0 = performance.now(); if (${lod}) triangles = motionDetail(view.room.root, true); before(d); };
  view.afterRender = () => { costs.push(performance.now() - t0); after(); };
  el.autoRotate = true;
  await new Promise((r) => setTimeout(r, 300));
  costs.length = 0;
  const frames0 = view.frames;
  const started = performance.now();
  await new Promise((r) => setTimeout(r, 2000));
  const elapsed = performance.now() - started;
  const drawn = view.frames - frames0;
  el.autoRotate = false;
  policy.handOverCanvas = 'auto';
  el.remove();
  costs.sort((a, b) => a - b);
  return { interval: elapsed / Math.max(1, drawn), draw: costs[costs.length >> 1], p95: costs[Math.floor(costs.length * 0.95)], triangles };
})()`;

const FIFTY = `(async () => {
  const { generatedRoom } = await import('/bench/pages/viewer-rooms.js');
  const model = generatedRoom(200);
  const started = performance.now();
  const loads = [];
  for (let i = 0; i < 50; i++) {
    const el = document.createElement('room-viewer');
    // on the page's thread (the default draws in the render worker): the figures read the scene here
    el.setAttribute('renderer', 'main');
    el.setAttribute('loading', 'eager');
    el.setAttribute('camera', i % 2 ? 'orbit' : 'top');
    el.style.width = '120px';
    el.style.height = '90px';
    el.model = model;
    loads.push(new Promise((resolve, reject) => {
      el.addEventListener('model-load', resolve, { once: true });
      el.addEventListener('model-error', (e) => reject(e.detail.error), { once: true });
    }));
    document.body.append(el);
  }
  await Promise.all(loads);
  const ms = performance.now() - started;
  await new Promise((r) => setTimeout(r, 500));
  return { contexts: window.webglContexts, lost: window.contextsLost || 0, ms };
})()`;

/** model-viewer auto-rotating: the time between its frames over 2 s. */
const THEIR_ORBIT = `(async () => {
  await new Promise((r) => setTimeout(r, 300));
  const started = performance.now();
  let frames = 0;
  await new Promise((resolve) => {
    const tick = () => { frames++; if (performance.now() - started < 2000) requestAnimationFrame(tick); else resolve(); };
    requestAnimationFrame(tick);
  });
  return (performance.now() - started) / frames;
})()`;

/**
 * Our first sample page: its camera in the GLB's frame (what model-viewer must be given to see the
 * same picture) and, for the colour reads, the pixels (of the 320 × 240 element) whose ray from the
 * camera first hits a ceiling and a wall, found with three's Raycaster on our own scene.
 */
const CAMERA = `(async () => {
  const { Raycaster, Vector2 } = await import('/bench/.tmp/viewer-app/tools/tools.js');
  const v = document.querySelector('room-viewer').view;
  const root = v.room.root;
  root.updateWorldMatrix(true, true);
  const inv = root.parent ? root.parent.matrixWorld.clone().invert() : root.matrixWorld.clone().identity();
  const p = v.camera.position.clone().applyMatrix4(inv);
  const t = v.controls.target.clone().applyMatrix4(inv);
  const caster = new Raycaster();
  const names = (o) => { const out = []; for (let n = o; n; n = n.parent) out.push(n.name || ''); return out.join('/'); };
  const found = {};
  for (let y = 4; y < 240; y += 8) for (let x = 4; x < 320; x += 8) {
    caster.setFromCamera(new Vector2((x / 320) * 2 - 1, 1 - (y / 240) * 2), v.camera);
    const hit = caster.intersectObject(root, true).find((h) => h.object.visible);
    if (!hit) continue;
    const name = names(hit.object);
    const kind = /ceiling/i.test(name) ? 'ceiling' : /wall/i.test(name) ? 'wall' : undefined;
    // the first hit of each kind, at least 6 px from the screen edge (a 5 × 5 patch is read)
    if (kind && !found[kind] && x > 6 && y > 6 && x < 314 && y < 234) found[kind] = { x, y, name };
  }
  return { position: [p.x, p.y, p.z], target: [t.x, t.y, t.z], fov: v.camera.fov, found };
})()`;

/** Mean sRGB colour of the 5 × 5 pixels around (x, y) of a PNG, decoded in the page. */
const PIXEL = (base64: string, x: number, y: number) => `(async () => {
  const img = new Image();
  img.src = 'data:image/png;base64,${base64}';
  await img.decode();
  const c = document.createElement('canvas');
  c.width = img.width; c.height = img.height;
  const g = c.getContext('2d');
  g.drawImage(img, 0, 0);
  const d = g.getImageData(${x - 2}, ${y - 2}, 5, 5).data;
  const sum = [0, 0, 0];
  for (let i = 0; i < d.length; i += 4) for (let k = 0; k < 3; k++) sum[k] += d[i + k];
  return sum.map((v) => Math.round(v / 25));
})()`;

const hex = (rgb: number[]) => '#' + rgb.map((v) => v.toString(16).padStart(2, '0').toUpperCase()).join('');

const scenario: Scenario = {
  name: 'viewer',
  async run(ctx) {
    const figures: Figures = {};
    await buildApp();
    const ours = `${ctx.origin}/bench/pages/viewer-ours.html`;
    const theirs = `${ctx.origin}/bench/pages/viewer-model-viewer.html`;

    // the real sample, three fresh pages each
    const sampleRuns = [];
    for (let i = 0; i < 3; i++)
      sampleRuns.push(
        await firstFrame(await ctx.newPage(), `${ours}?room=${SAMPLE}`, i === 0 ? 'ours.png' : undefined),
      );

    // the same at 4× CPU, drawn on the page's thread and in the render worker (renderer="worker") in turn
    const mainRuns = [];
    const workerRuns = [];
    for (let i = 0; i < 3; i++) {
      mainRuns.push(await firstFrame(await ctx.newPage(), `${ours}?room=${SAMPLE}`, undefined, 4));
      workerRuns.push(
        await firstFrame(await ctx.newPage(), `${ours}?room=${SAMPLE}&renderer=worker`, undefined, 4),
      );
    }
    if (workerRuns.some((r) => r.thread !== 'worker'))
      throw new Error(`renderer="worker" drew on the page's thread: ${workerRuns.map((r) => r.thread)}`);
    for (const [label, runs] of [
      ['page thread', mainRuns],
      ['render worker', workerRuns],
    ] as const) {
      const longest = runs.map((r) => Math.max(0, ...r.longTasks.map((t) => t.ms)));
      const blocked = runs.map((r) => r.longTasks.reduce((sum, t) => sum + Math.max(0, t.ms - 50), 0));
      const gaps = runs.map((r) => r.frameGap);
      const list = (values: number[]) => values.map((v) => round(v)).join(', ');
      figures[`real sample, drawn on the ${label}, 4× CPU: connected → first frame`] = {
        value: round(median(runs.map((r) => r.connected))),
        unit: 'ms',
        note: `CPU slowed 4× as Lighthouse's mobile run does; runs ${list(runs.map((r) => r.connected))}`,
      };
      figures[`real sample, drawn on the ${label}, 4× CPU: longest page-thread task until the first frame`] =
        {
          value: round(median(longest)),
          unit: 'ms',
          note: `runs ${list(longest)}`,
        };
      figures[`real sample, drawn on the ${label}, 4× CPU: page-thread blocking time until the first frame`] =
        {
          value: round(median(blocked)),
          unit: 'ms',
          note: `sum of each long task's time over 50 ms, as TBT counts it; runs ${list(blocked)}`,
        };
      figures[`real sample, drawn on the ${label}, 4× CPU: longest gap between the page's frames`] = {
        value: round(median(gaps)),
        unit: 'ms',
        note: `requestAnimationFrame on the page from connected to the first frame; runs ${list(gaps)}`,
      };
    }

    // export the same room to GLB from the scene our viewer built
    const page = await ctx.newPage();
    await open(page, `${ours}?room=${SAMPLE}`);
    await page.waitForFunction('window.firstFrame', { timeout: 60000 });
    const exportWith = async (call: string, path: string) => {
      const base64 = (await page.evaluate(`(async () => {
        const { exportGlb, exportBox } = await import('/bench/.tmp/viewer-app/tools/tools.js');
        const view = document.querySelector('room-viewer').view;
        void exportGlb; void exportBox; void view;
        const bytes = new Uint8Array(await ${call});
        let s = '';
        for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
        return btoa(s);
      })()`)) as string;
      const bytes = Buffer.from(base64, 'base64');
      writeFileSync(path, bytes);
      return bytes;
    };
    const glb = await exportWith('exportGlb(view.room.root)', GLB);
    await exportWith('exportGlb(view.room.root, true)', GLB_FLAT);
    await exportWith('exportBox()', GLB_BOX);

    // model-viewer's room and its one box taken in turn, so both see the same load on the machine
    const theirRuns = [];
    const boxRuns = [];
    for (let i = 0; i < 3; i++) {
      theirRuns.push(
        await firstFrame(
          await ctx.newPage(),
          `${theirs}?src=/${GLB}`,
          i === 0 ? 'model-viewer.png' : undefined,
        ),
      );
      boxRuns.push(await firstFrame(await ctx.newPage(), `${theirs}?src=/${GLB_BOX}`));
    }

    // the same camera in both, and the colour of a ceiling and a wall in both pictures
    const camera = (await page.evaluate(CAMERA)) as {
      position: number[];
      target: number[];
      fov: number;
      found: Record<string, { x: number; y: number; name: string }>;
    };
    const [dx, dy, dz] = camera.position.map((v, i) => v - camera.target[i]!) as [number, number, number];
    const radius = Math.hypot(dx, dy, dz);
    const orbit = `${Math.atan2(dx, dz)}rad ${Math.acos(dy / radius)}rad ${radius}m`;
    const same = `${theirs}?src=/${GLB}&orbit=${encodeURIComponent(orbit)}&target=${encodeURIComponent(
      camera.target.map((v) => `${v}m`).join(' '),
    )}&fov=${camera.fov}`;
    await firstFrame(await ctx.newPage(), same, 'model-viewer-same-camera.png');
    for (const kind of ['ceiling', 'wall']) {
      const at = camera.found[kind];
      if (!at) {
        figures[`${kind} colour`] = { value: -1, unit: '', note: 'no pixel of this kind in our first frame' };
        continue;
      }
      for (const [who, file] of [
        ['ours', 'ours.png'],
        ['model-viewer', 'model-viewer-same-camera.png'],
      ] as const) {
        const rgb = (await page.evaluate(
          PIXEL(readFileSync(join(OUT, file)).toString('base64'), at.x, at.y),
        )) as number[];
        figures[`${kind} colour, ${who} (same camera)`] = {
          value: Math.round((rgb[0]! + rgb[1]! + rgb[2]!) / 3),
          unit: 'grey 0-255',
          note: `${hex(rgb)} at (${at.x}, ${at.y}) of 320 × 240: ${at.name}`,
        };
      }
    }

    await page.close();
    const flat = await firstFrame(await ctx.newPage(), `${theirs}?src=/${GLB_FLAT}`);
    const box = { total: median(boxRuns.map((r) => r.total)) };
    figures['model-viewer, same room as GLB without instancing: page start → first frame'] = {
      value: round(flat.total),
      unit: 'ms',
      note: 'one node per component instead of EXT_mesh_gpu_instancing',
    };
    figures['model-viewer, one box: page start → first frame'] = {
      value: round(box.total),
      unit: 'ms',
      note: 'median of 3; its fixed cost here (environment lighting under SwiftShader)',
    };

    const ourTotal = median(sampleRuns.map((r) => r.total));
    const theirTotal = median(theirRuns.map((r) => r.total));
    figures['real sample: page start → first frame (ours)'] = { value: round(ourTotal), unit: 'ms' };
    figures['real sample: page start → first frame (model-viewer, GLB)'] = {
      value: round(theirTotal),
      unit: 'ms',
    };
    figures['real sample: first frame, ours / model-viewer one box'] = {
      value: round(ourTotal / box.total, 2),
      unit: '×',
      note: 'goal ≤ 0.5 (our whole room before their empty stage)',
    };
    figures['real sample: first frame, ours / model-viewer room (with its fixed cost)'] = {
      value: round(ourTotal / theirTotal, 2),
      unit: '×',
      note: 'goal ≤ 0.5',
    };
    figures['real sample: model-viewer room minus its one-box fixed cost'] = {
      value: round(theirTotal - box.total),
      unit: 'ms',
    };
    figures['real sample: first frame, ours / model-viewer room without its fixed cost'] = {
      value: theirTotal > box.total ? round(ourTotal / (theirTotal - box.total), 2) : -1,
      unit: '×',
      note:
        theirTotal > box.total
          ? 'ours whole / (theirs room − theirs one box); no goal, for comparison'
          : 'their room was not slower than their box in this run (noise): no ratio',
    };
    figures['real sample: connected → first frame (ours)'] = {
      value: round(median(sampleRuns.map((r) => r.connected))),
      unit: 'ms',
      note: 'incl. lazy three.js chunk and GET /rooms/:id',
    };
    figures['real sample: connected → first frame (model-viewer)'] = {
      value: round(median(theirRuns.map((r) => r.connected))),
      unit: 'ms',
    };

    // bytes: what each page downloaded, gzip
    const ourJs = sampleRuns[0]!.resources
      .filter((url) => url.includes(`/${APP}/ours/`) && url.endsWith('.js'))
      .map((url) => new URL(url).pathname.slice(1));
    const ourJsBytes = ourJs.reduce((sum, path) => sum + gz(readFileSync(path)), 0);
    const roomJson = await (await fetch(`${ctx.origin}/room-styling/rooms/${SAMPLE}`)).text();
    const ourModelBytes = gz(roomJson);
    const theirJsBytes = gz(readFileSync('node_modules/@google/model-viewer/dist/model-viewer.min.js'));
    const theirModelBytes = gz(glb);
    // the JS files each page requested before its first frame, gzip (level 9) from disk
    const jsOf = (resources: string[], under: string) =>
      resources
        .map((url) => new URL(url).pathname.slice(1))
        .filter((path) => path.startsWith(under) && path.endsWith('.js'));
    const gzOf = (paths: string[]) => paths.reduce((sum, path) => sum + gz(readFileSync(path)), 0);
    const ourCdn = await firstFrame(await ctx.newPage(), `${ours}?room=${SAMPLE}&cdn`);
    const ourCdnJs = jsOf(ourCdn.resources, 'dist/cdn/');
    const theirNpm = await firstFrame(await ctx.newPage(), `${theirs}?src=/${GLB}&npm`);
    const theirNpmJs = jsOf(theirNpm.resources, `${APP}/theirs/`);
    const paths = {
      npm: {
        ours: ourJsBytes,
        theirs: gzOf(theirNpmJs),
        files: `${ourJs.length} / ${theirNpmJs.length} files`,
      },
      CDN: { ours: gzOf(ourCdnJs), theirs: theirJsBytes, files: `${ourCdnJs.length} / 1 files` },
    };
    for (const [path, b] of Object.entries(paths)) {
      figures[`bytes ${path} path: ours JS + room JSON, gzip`] = {
        value: b.ours + ourModelBytes,
        unit: 'B',
        note: `JS ${b.ours}; ${b.files} (ours / theirs)`,
      };
      figures[`bytes ${path} path: model-viewer JS + GLB, gzip`] = {
        value: b.theirs + theirModelBytes,
        unit: 'B',
        note: `JS ${b.theirs}`,
      };
      figures[`bytes ${path} path: ours / model-viewer`] = {
        value: round((b.ours + ourModelBytes) / (b.theirs + theirModelBytes), 2),
        unit: '×',
        note: 'goal ≤ 0.6',
      };
    }
    figures['bytes ours: room JSON gzip'] = { value: ourModelBytes, unit: 'B' };
    figures['bytes model-viewer: GLB gzip'] = {
      value: theirModelBytes,
      unit: 'B',
      note: `${glb.length} B raw`,
    };

    // generated rooms
    const gen = await ctx.newPage();
    await open(gen, ours);
    const generated = (await gen.evaluate(GENERATED([200, 2000, 10000]))) as Record<
      string,
      { ms: number; build: number; read: number }
    >;
    await gen.close();
    for (const [n, r] of Object.entries(generated)) {
      figures[`${n} components: connected → first frame`] = { value: round(r.ms), unit: 'ms' };
      figures[`${n} components: readModel + planGeometry (src/model)`] = { value: round(r.read), unit: 'ms' };
      figures[`${n} components: scene build`] = {
        value: round(r.build),
        unit: 'ms',
        note: n === '10000' ? 'goal ≤ 100' : undefined,
      };
    }

    // orbiting
    const orbitPage = await ctx.newPage();
    await open(orbitPage, ours);
    const sampleOrbit = (await orbitPage.evaluate(ORBIT(`el.setAttribute('room-id', '${SAMPLE}');`))) as {
      interval: number;
      draw: number;
      p95: number;
    };
    figures['orbiting the real sample: time between frames'] = {
      value: round(sampleOrbit.interval),
      unit: 'ms',
    };
    figures['orbiting the real sample: time between frames'].note =
      'goal ≤ 16.7 (frames come at 60 Hz: 16.7 is the floor); moving frames are drawn without multisampling (src/three/still-frame.ts)';
    figures['orbiting the real sample: draw + copy, median'] = {
      value: round(sampleOrbit.draw),
      unit: 'ms',
    };
    figures['orbiting the real sample: draw + copy, p95'] = { value: round(sampleOrbit.p95), unit: 'ms' };
    // the lone viewer handed the WebGL canvas itself, as on a GPU (the 'auto' policy copies under SwiftShader)
    const handedOrbit = (await orbitPage.evaluate(
      ORBIT(`el.setAttribute('room-id', '${SAMPLE}');`, false, true),
    )) as { interval: number; draw: number };
    figures['orbiting the real sample, canvas handed over: time between frames'] = {
      value: round(handedOrbit.interval),
      unit: 'ms',
      note: `vs ${round(sampleOrbit.interval)} by copy; 'auto' copies under software WebGL, hands over on a GPU`,
    };
    figures['orbiting the real sample, canvas handed over: page work per frame, median'] = {
      value: round(handedOrbit.draw),
      unit: 'ms',
      note: `vs ${round(sampleOrbit.draw)} by copy (the copy waits for the read-back)`,
    };
    const bigOrbit = (await orbitPage.evaluate(ORBIT(`el.model = generatedRoom(10000);`))) as {
      interval: number;
      draw: number;
    };
    figures['orbiting 10 000 components: time between frames'] = {
      value: round(bigOrbit.interval),
      unit: 'ms',
      note: 'goal < 400 (issue 15: faster than then)',
    };
    figures['orbiting 10 000 components: draw + copy, median'] = { value: round(bigOrbit.draw), unit: 'ms' };
    const lodOrbit = (await orbitPage.evaluate(ORBIT(`el.model = generatedRoom(10000);`, true))) as {
      interval: number;
      draw: number;
      triangles: number;
    };
    figures['orbiting 10 000 components, motion-lod while moving: time between frames'] = {
      value: round(lodOrbit.interval),
      unit: 'ms',
      note: `goal < 400; src/three/motion-lod.ts wired by the bench; ${lodOrbit.triangles} component triangles`,
    };
    figures['orbiting 10 000 components, motion-lod while moving: draw + copy, median'] = {
      value: round(lodOrbit.draw),
      unit: 'ms',
    };
    await orbitPage.close();
    const theirOrbitPage = await ctx.newPage();
    await open(theirOrbitPage, `${theirs}?src=/${GLB}&rotate`);
    await theirOrbitPage.waitForFunction('window.firstFrame', { timeout: 60000 });
    figures['orbiting the real sample in model-viewer: time between frames'] = {
      value: round((await theirOrbitPage.evaluate(THEIR_ORBIT)) as number),
      unit: 'ms',
    };

    await theirOrbitPage.close();

    // 50 viewers on one page
    // three runs, each in a fresh page (one run alone moved by ±30 % from run to run)
    const fiftyRuns: { contexts: number; lost: number; ms: number }[] = [];
    for (let i = 0; i < 3; i++) {
      const fifty = await ctx.newPage();
      await open(fifty, ours);
      fiftyRuns.push((await fifty.evaluate(FIFTY)) as { contexts: number; lost: number; ms: number });
      await fifty.close();
    }
    const many = {
      contexts: Math.max(...fiftyRuns.map((r) => r.contexts)),
      lost: Math.max(...fiftyRuns.map((r) => r.lost)),
      ms: median(fiftyRuns.map((r) => r.ms)),
    };
    figures['50 viewers: live WebGL contexts'] = {
      value: many.contexts,
      unit: '',
      note: 'browsers keep ~16',
    };
    figures['50 viewers: contexts lost'] = { value: many.lost, unit: '' };
    figures['50 viewers (200 components each): all drawn'] = {
      value: round(many.ms),
      unit: 'ms',
      note: `median of 3 fresh pages (${fiftyRuns.map((r) => Math.round(r.ms)).join(', ')})`,
    };
    return figures;
  },
};
export default scenario;
