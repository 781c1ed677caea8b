/**
 * Where a page's blocking time is (issue 33): loads bench pages in Chromium with the page's CPU slowed
 * down as Lighthouse's mobile run counts it (4×), records a Chrome trace with V8's sampling profiler, and
 * prints every task on the page's main thread longer than 50 ms: when it started, how long it took, what
 * kind of work it was (a script evaluated, a timer, a message, a frame…), the script it ran, and the
 * functions it spent its time in (self time from the samples inside the task). Its blocking time (the
 * part over 50 ms, summed) is what Lighthouse's TBT adds up.
 *
 * Lighthouse itself loads the page without throttling and simulates the slow phone (scripts arrive
 * close together, so they can evaluate in one task): the default here does the same for the network
 * (none) and slows the CPU for real; NET=1 adds Lighthouse's simulated link (150 ms, 1.6 Mbps) instead.
 *
 *   BENCH=lighthouse npm run bench            # writes the pages to bench/.tmp/lighthouse/ first
 *   N=3 node --import tsx bench/long-tasks.ts /bench/.tmp/lighthouse/cdn-shop-the-look.html
 *   TRACE=/tmp/trace.json …                   # also keeps the raw trace (Perfetto / DevTools can open it)
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { originalPositionFor, TraceMap } from '@jridgewell/trace-mapping';
import { launchBrowser, startBenchServer } from './harness.ts';
import { mobilePage } from './mobile-page.ts';

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  /** Thread (CPU) time of a complete event. */
  tdur?: number;
  pid: number;
  tid: number;
  id?: string;
  args?: { name?: string; data?: Record<string, unknown> };
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber?: number; columnNumber?: number };
  parent?: number;
}

/** The samples of one thread's CPU profile: when (trace µs) and which node. */
interface Samples {
  nodes: Map<number, ProfileNode>;
  times: number[];
  ids: number[];
}

const LONG = Number(process.env.LONG ?? 50); // ms
const CPU = Number(process.env.CPU ?? 4);
/**
 * SIM=4: Lighthouse's own way, steadier on a busy machine: the page runs unthrottled and each task
 * counts its thread time (CPU time, without the time the thread waited for a core) times 4.
 */
const SIM = Number(process.env.SIM ?? 0);
const WAIT = Number(process.env.WAIT ?? 8000);
/** How many functions each task lists (TOP=30: a closer look at one long task). */
const TOP = Number(process.env.TOP ?? 0);

/** The profile chunks of `pid:tid` put together (the trace carries V8's profile in pieces). */
function samplesOf(events: TraceEvent[], pid: number, tid: number): Samples {
  const nodes = new Map<number, ProfileNode>();
  const times: number[] = [];
  const ids: number[] = [];
  const starts = new Map<string, number>();
  for (const e of events) {
    if (e.pid !== pid || e.cat !== 'disabled-by-default-v8.cpu_profiler') continue;
    const data = e.args?.data as
      | {
          startTime?: number;
          cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] };
          timeDeltas?: number[];
        }
      | undefined;
    if (e.name === 'Profile') {
      if (e.tid === tid) starts.set(e.id!, data?.startTime ?? e.ts);
      continue;
    }
    if (e.name !== 'ProfileChunk' || !starts.has(e.id!)) continue;
    for (const node of data?.cpuProfile?.nodes ?? []) nodes.set(node.id, node);
    let t = times.length ? times[times.length - 1]! : starts.get(e.id!)!;
    const deltas = data?.timeDeltas ?? [];
    (data?.cpuProfile?.samples ?? []).forEach((id, i) => {
      t += deltas[i] ?? 0;
      times.push(t);
      ids.push(id);
    });
  }
  return { nodes, times, ids };
}

const short = (url: string) =>
  url.replace(/^https?:\/\/127\.0\.0\.1:\d+/, '').replace(/^.*\//, '') || '(page)';

/**
 * The functions with the most time in [from, to) (trace µs), as `name file ms`: self time, or with
 * `inclusive` the time in them and what they called (each function once per sample).
 */
function topFunctions(s: Samples, from: number, to: number, count = 6, inclusive = false): string[] {
  const time = new Map<string, number>();
  const keyOf = (f: ProfileNode['callFrame']) => named(f);
  for (let i = 0; i < s.times.length; i++) {
    const t = s.times[i]!;
    if (t < from || t >= to) continue;
    const next = Math.min(s.times[i + 1] ?? to, to);
    let node = s.nodes.get(s.ids[i]!);
    if (!node) continue;
    const f = node.callFrame;
    if (f.functionName === '(idle)' || f.functionName === '(program)' || f.functionName === '(root)')
      continue;
    if (!inclusive) {
      time.set(keyOf(f), (time.get(keyOf(f)) ?? 0) + (next - t));
      continue;
    }
    const seen = new Set<string>();
    for (; node; node = node.parent === undefined ? undefined : s.nodes.get(node.parent)) {
      // only named functions of ours say where the time went; module bodies and runtime frames do not
      if (!node.callFrame.url || !node.callFrame.functionName) continue;
      const key = keyOf(node.callFrame);
      if (seen.has(key)) continue;
      seen.add(key);
      time.set(key, (time.get(key) ?? 0) + (next - t));
    }
  }
  return [...time.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([key, us]) => `${key} ${(us / 1000).toFixed(0)}`);
}

/** The scripts the task's JS entered through (each sample's outermost frame with a URL), by time. */
function entries(s: Samples, from: number, to: number): string {
  const time = new Map<string, number>();
  for (let i = 0; i < s.times.length; i++) {
    const t = s.times[i]!;
    if (t < from || t >= to) continue;
    let outer: ProfileNode | undefined;
    for (
      let node = s.nodes.get(s.ids[i]!);
      node;
      node = node.parent === undefined ? undefined : s.nodes.get(node.parent)
    )
      if (node.callFrame.url) outer = node;
    if (!outer) continue;
    const f = outer.callFrame;
    const key = `${short(f.url)}${f.functionName ? ` ${f.functionName}` : ' (module)'}`;
    time.set(key, (time.get(key) ?? 0) + (Math.min(s.times[i + 1] ?? to, to) - t));
  }
  return [...time.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 6)
    .map(([key, us]) => `${key} ${(us / 1000).toFixed(0)}`)
    .join('; ');
}

const maps = new Map<string, TraceMap | undefined>();

/**
 * A sampled function as `name source:line`, read through the built file's source map (dist/… has
 * them) where there is one: the minified names say little.
 */
function named(f: ProfileNode['callFrame']): string {
  const file = (f.url ?? '').replace(/^https?:\/\/127\.0\.0\.1:\d+\//, '').split('?')[0]!;
  if (f.url && !maps.has(file))
    maps.set(file, existsSync(`${file}.map`) ? new TraceMap(readFileSync(`${file}.map`, 'utf8')) : undefined);
  const map = f.url ? maps.get(file) : undefined;
  const at = map && originalPositionFor(map, { line: (f.lineNumber ?? 0) + 1, column: f.columnNumber ?? 0 });
  if (at?.source)
    return `${at.name ?? f.functionName ?? '(anonymous)'} ${at.source.replace(/^(\.\.\/)+/, '')}:${at.line}`;
  return `${f.functionName || '(anonymous)'} ${f.url ? `${short(f.url)}:${(f.lineNumber ?? 0) + 1}` : ''}`.trim();
}

/** The work a task did, from its largest children: script evaluation, timers, layout… */
function kindOf(events: TraceEvent[], task: TraceEvent): string {
  const end = task.ts + task.dur!;
  const inside = events.filter(
    (e) =>
      e.ph === 'X' &&
      e.pid === task.pid &&
      e.tid === task.tid &&
      e.ts >= task.ts &&
      e.ts + (e.dur ?? 0) <= end &&
      e !== task &&
      [
        'EvaluateScript',
        'v8.evaluateModule',
        'FunctionCall',
        'TimerFire',
        'FireAnimationFrame',
        'EventDispatch',
        'ParseHTML',
        'UpdateLayoutTree',
        'Layout',
        'Paint',
        'v8.compileModule',
        'RunMicrotasks',
        'V8.GCFinalizeMC',
        'MajorGC',
        'MinorGC',
      ].includes(e.name),
  );
  const totals = new Map<string, number>();
  for (const e of inside) {
    const data = e.args?.data as { url?: string; type?: string; functionName?: string } | undefined;
    const what = data?.url ? `${e.name} ${short(data.url)}` : data?.type ? `${e.name} ${data.type}` : e.name;
    totals.set(what, (totals.get(what) ?? 0) + (e.dur ?? 0));
  }
  return [...totals.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 3)
    .map(([what, us]) => `${what} ${(us / 1000).toFixed(0)}`)
    .join(', ');
}

const server = await startBenchServer({ gzip: true });
const browser = await launchBrowser();
try {
  for (const path of process.argv.slice(2)) {
    for (let i = 0; i < Number(process.env.N ?? 1); i++) {
      const page = await mobilePage(browser, { network: !!process.env.NET, cpu: SIM ? 1 : CPU });
      await page.tracing.start({
        categories: [
          'devtools.timeline',
          'disabled-by-default-devtools.timeline',
          'toplevel',
          'v8.execute',
          'v8',
          'blink.user_timing',
          'disabled-by-default-v8.cpu_profiler',
          'loading',
          // HIRES=1: V8 samples every ~100 µs instead of every ms (a closer look at one task's functions)
          ...(process.env.HIRES ? ['disabled-by-default-v8.cpu_profiler.hires'] : []),
        ],
      });
      await page.goto(`${server.origin}${path}`, { waitUntil: 'load' });
      await new Promise((resolve) => setTimeout(resolve, WAIT));
      const raw = await page.tracing.stop();
      await page.close();
      if (process.env.TRACE) writeFileSync(process.env.TRACE.replace(/(\.json)?$/, `-${i}.json`), raw!);
      const { traceEvents: events } = JSON.parse(Buffer.from(raw!).toString()) as {
        traceEvents: TraceEvent[];
      };
      // the page's renderer main thread: the one that parsed the page's HTML
      const parse = events.find(
        (e) =>
          e.name === 'ParseHTML' &&
          String((e.args as { beginData?: { url?: string } })?.beginData?.url ?? '').endsWith(path),
      );
      if (!parse) throw new Error(`${path}: no ParseHTML of the page in the trace`);
      const { pid, tid } = parse;
      const start =
        events.find(
          (e) =>
            e.pid === pid &&
            e.name === 'navigationStart' &&
            (e.args?.data as { isLoadingMainFrame?: boolean })?.isLoadingMainFrame,
        )?.ts ?? parse.ts;
      const samples = samplesOf(events, pid, tid);
      const fcp = events.find((e) => e.pid === pid && e.name === 'firstContentfulPaint')?.ts;
      // a task's length at 4×: as it ran (throttled for real), or its thread time times SIM
      const length = (e: TraceEvent) => (SIM ? ((e.tdur ?? e.dur!) * SIM) / 1000 : e.dur! / 1000);
      const tasks = events
        .filter(
          (e) =>
            e.pid === pid &&
            e.tid === tid &&
            e.name === 'RunTask' &&
            e.ph === 'X' &&
            length(e) > LONG &&
            e.ts + e.dur! > parse.ts,
        )
        .sort((a, b) => a.ts - b.ts);
      let blocking = 0;
      let afterFcp = 0;
      const mode = SIM ? `CPU 1×, each task's thread time ×${SIM}` : `CPU ${CPU}×`;
      console.log(
        `${path}, load ${i + 1} (${mode}${process.env.NET ? ', slow 4G' : ''}): ${tasks.length} tasks over ${LONG} ms` +
          (fcp ? `, first contentful paint @${((fcp - start) / 1000).toFixed(0)} ms` : ''),
      );
      for (const task of tasks) {
        const ms = length(task);
        blocking += Math.max(0, ms - 50);
        if (fcp && task.ts >= fcp) afterFcp += Math.max(0, ms - 50);
        console.log(
          `  @${((task.ts - start) / 1000).toFixed(0)} ms  ${ms.toFixed(0)} ms  [${kindOf(events, task)}]\n` +
            `      self (ms${SIM ? ', as run' : ''}): ${topFunctions(samples, task.ts, task.ts + task.dur!, TOP || 6).join('; ')}\n` +
            `      in (ms${SIM ? ', as run' : ''}): ${topFunctions(samples, task.ts, task.ts + task.dur!, TOP || 8, true).join('; ')}\n` +
            `      entered through (ms): ${entries(samples, task.ts, task.ts + task.dur!)}`,
        );
      }
      console.log(
        `  blocking time (the parts over 50 ms): ${blocking.toFixed(0)} ms; after the first contentful paint ${afterFcp.toFixed(0)} ms`,
      );
    }
  }
} finally {
  await browser.close();
  server.close();
}
