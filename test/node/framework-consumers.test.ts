import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/**
 * A React 19, a Vue 3, a Svelte 5 and an Angular-style app (test/consumers/) type-check against the
 * PACKED TARBALL, each with its own checker and `skipLibCheck: false`, as a retailer's fresh app would:
 * `npm pack`, the tarball unpacked into a scratch project's node_modules/room-elements (what npm install
 * does), its dependencies (lit, three, @types/three) and the frameworks' types linked from this
 * checkout's node_modules, offline. Each app's `mistakes` file must give errors on exactly the lines
 * after its MISTAKE markers, so the types are shown to catch a wrong ref, a wrong attribute value, a
 * wrong detail property and a misspelt attribute.
 */

const ROOT = resolve('.');
const CONSUMERS = join(ROOT, 'test/consumers');

interface Problem {
  file: string;
  line: number;
  text: string;
}

/** `file(line,col): error TSnnnn: text` lines (tsc, vue-tsc with --pretty false). */
function tscProblems(output: string): Problem[] {
  return [...output.matchAll(/^(.+?)\((\d+),\d+\): error (TS\d+: .*)$/gm)].map((m) => ({
    file: m[1].split('/').pop() as string,
    line: Number(m[2]),
    text: m[3],
  }));
}

/** svelte-check --output machine: `<time> ERROR "file" line:col "text"` (lines 1-based). */
function svelteProblems(output: string): Problem[] {
  return [...output.matchAll(/^\d+ ERROR "([^"]+)" (\d+):\d+ "(.*)"$/gm)].map((m) => ({
    file: m[1].split('/').pop() as string,
    line: Number(m[2]),
    text: m[3],
  }));
}

/** The lines a MISTAKE marker points at (the line after each marker), by file. */
function markedLines(dir: string): Map<string, number[]> {
  const marks = new Map<string, number[]>();
  for (const name of readdirSync(dir).filter((n) => n.startsWith('mistakes.'))) {
    const lines = readFileSync(join(dir, name), 'utf8').split('\n');
    marks.set(
      name,
      lines.flatMap((text, i) => (/MISTAKE/.test(text) ? [i + 2] : [])),
    );
  }
  return marks;
}

function assertOnlyMistakes(dir: string, problems: Problem[], output: string): void {
  const marks = markedLines(dir);
  assert.ok(marks.size > 0, `${dir} has no mistakes file`);
  const unexpected = problems.filter((p) => !(marks.get(p.file) ?? []).includes(p.line));
  assert.deepEqual(unexpected, [], `errors where none belong:\n${output}`);
  for (const [file, lines] of marks) {
    assert.ok(lines.length >= 3, `${file}: too few mistakes marked`);
    for (const line of lines) {
      assert.ok(
        problems.some((p) => p.file === file && p.line === line),
        `${file}:${line} should be a type error and is not:\n${output}`,
      );
    }
  }
}

// a bound against a hang: the four checkers at once took over 3 minutes beside the whole suite at load 20
describe('framework consumers of the packed tarball', { timeout: 900_000 }, () => {
  let project = '';
  let ready = false;

  before(() => {
    if (!existsSync('dist/types/jsx.d.ts')) return;
    project = mkdtempSync(join(tmpdir(), 'room-elements-consumers-'));
    const packed = execFileSync('npm', ['pack', '--silent', '--pack-destination', project], {
      encoding: 'utf8',
    })
      .trim()
      .split('\n')
      .pop() as string;
    const modules = join(project, 'node_modules');
    mkdirSync(join(modules, 'room-elements'), { recursive: true });
    execFileSync('tar', [
      '-xzf',
      join(project, packed),
      '-C',
      join(modules, 'room-elements'),
      '--strip-components=1',
    ]);
    // everything else as installed here (the frameworks, lit, three, @types/three), offline
    for (const name of readdirSync(join(ROOT, 'node_modules'))) {
      if (name === 'room-elements' || name === '.cache' || name === '.package-lock.json') continue;
      if (name.startsWith('@')) {
        mkdirSync(join(modules, name), { recursive: true });
        for (const inner of readdirSync(join(ROOT, 'node_modules', name))) {
          symlinkSync(join(ROOT, 'node_modules', name, inner), join(modules, name, inner));
        }
      } else {
        symlinkSync(join(ROOT, 'node_modules', name), join(modules, name));
      }
    }
    for (const app of ['react', 'vue', 'svelte', 'angular']) {
      cpSync(join(CONSUMERS, app), join(project, app), { recursive: true });
    }
    ready = true;
    // the four checkers at once (each a few minutes of type-checking the libraries on a loaded machine, one
    // after another the longest file of the node tests); each test reads its own checker's output
    const bin = (path: string) => join(ROOT, 'node_modules', path);
    checked = {
      react: run([bin('typescript/bin/tsc'), '-p', '.', '--pretty', 'false'], join(project, 'react')),
      vue: run([bin('vue-tsc/bin/vue-tsc.js'), '-p', '.', '--pretty', 'false'], join(project, 'vue')),
      svelte: run(
        [
          bin('svelte-check/bin/svelte-check'),
          '--workspace',
          '.',
          '--output',
          'machine',
          '--tsconfig',
          join(project, 'svelte', 'tsconfig.json'),
        ],
        join(project, 'svelte'),
      ),
      angular: run([bin('typescript/bin/tsc'), '-p', '.', '--pretty', 'false'], join(project, 'angular')),
    };
  });

  after(() => {
    if (project) rmSync(project, { recursive: true, force: true });
  });

  /** A checker's output (stdout, then stderr) once it has exited. */
  const run = (args: string[], cwd: string) =>
    new Promise<string>((resolve) => {
      const child = spawn(process.execPath, args, { cwd });
      let stdout = '';
      let stderr = '';
      child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
      child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
      // a checker that cannot start fails its test with the reason, never as an unhandled rejection
      child.on('error', (error) => resolve(`could not run ${args[0]}: ${error.message}`));
      child.on('close', () => resolve(`${stdout}\n${stderr}`));
    });
  let checked: Record<'react' | 'vue' | 'svelte' | 'angular', Promise<string>> | undefined;

  const check = (t: { skip: (message: string) => void }) => {
    if (!ready) t.skip('dist/ is missing: run `npm run build` first (npm test does)');
    return ready;
  };

  it('the package holds the types entries and no source', (t) => {
    if (!check(t)) return;
    const pkg = join(project, 'node_modules/room-elements');
    for (const file of ['jsx', 'vue', 'svelte', 'angular', 'elements-api']) {
      assert.ok(existsSync(join(pkg, `dist/types/${file}.d.ts`)), `${file}.d.ts not packed`);
    }
    const exports = JSON.parse(readFileSync(join(pkg, 'package.json'), 'utf8')).exports;
    for (const entry of ['./jsx', './vue', './svelte', './angular']) assert.ok(exports[entry]?.types, entry);
  });

  it('React 19: tsc (jsx: react-jsx) checks the app and catches each mistake', async (t) => {
    if (!check(t)) return;
    const output = await checked!.react;
    assertOnlyMistakes(join(project, 'react'), tscProblems(output), output);
  });

  it('Vue 3: vue-tsc checks the single-file component and catches each mistake', async (t) => {
    if (!check(t)) return;
    const output = await checked!.vue;
    assertOnlyMistakes(join(project, 'vue'), tscProblems(output), output);
  });

  it('Svelte 5: svelte-check checks the component and catches each mistake', async (t) => {
    if (!check(t)) return;
    const output = await checked!.svelte;
    assert.match(output, /COMPLETED/, output);
    assertOnlyMistakes(join(project, 'svelte'), svelteProblems(output), output);
  });

  it("Angular: tsc checks a component's typed handlers and element refs, and catches each mistake", async (t) => {
    if (!check(t)) return;
    const output = await checked!.angular;
    assertOnlyMistakes(join(project, 'angular'), tscProblems(output), output);
  });
});
