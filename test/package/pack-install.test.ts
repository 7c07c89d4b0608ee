/**
 * The package as a user gets it (issues 20 and 39): `npm pack`, then `npm ci --omit=optional` of the
 * tarball into an empty folder, offline: the lean library install (no model SDKs, MCP SDK, BullMQ,
 * vega, three or onnxruntime; at most 40 MB). Plain Node (no tsx): navharness/core maps synthetic
 * frames and the TUM teddy frames (../shared/data; that part skips, saying so, without the data) and
 * plans a path; a strict TypeScript consumer of core and sim compiles with skipLibCheck off; the
 * installed `navharness` bin answers --version, refuses a bad flag with exit 2, and a command or class
 * that needs a missing optional package names it. A full install (optional packages included) of the
 * same tarball runs the MCP server.
 */
import { spawn, spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { cpSync, existsSync, lstatSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consumerProject } from './consumer-lock.js';

const ROOT = resolve(__dirname, '../..');
const TEDDY = resolve(ROOT, '../shared/data/tum_fr3_teddy_100');
const HAS_TEDDY = existsSync(join(TEDDY, 'groundtruth.txt'));
const dir = mkdtempSync(join(tmpdir(), 'nh-pack-'));
const app = join(dir, 'app');
const full = join(dir, 'full');
const PKG = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string; optionalDependencies: Record<string, string> };
const OPTIONAL = Object.keys(PKG.optionalDependencies);
const LEAN_LIMIT_MB = 40;

/** Bytes of the files under `path` (symbolic links not followed). */
function treeBytes(path: string): number {
  const st = lstatSync(path);
  if (!st.isDirectory()) return st.size;
  return readdirSync(path).reduce((sum, name) => sum + treeBytes(join(path, name)), 0);
}

/** npm without the variables of an enclosing `npm test` (its prefix and package would leak in). */
const npmEnv = (): NodeJS.ProcessEnv => Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^npm_/i.test(k)));

function sh(cmd: string, args: string[], cwd: string, timeout = 240_000): SpawnSyncReturns<string> {
  return spawnSync(cmd, args, { cwd, encoding: 'utf8', env: npmEnv(), timeout });
}

function ok(r: SpawnSyncReturns<string>, what: string): string {
  if (r.status !== 0) throw new Error(`${what} failed (exit ${r.status}, ${r.error?.message ?? ''}):\n${r.stderr}\n${r.stdout}`);
  return r.stdout;
}

let files: string[] = [];
let tarball = '';

beforeAll(() => {
  // `npm pack` runs the prepare script: the tsc build of dist/ from the current sources
  const packed = JSON.parse(ok(sh('npm', ['pack', '--json', '--pack-destination', dir], ROOT, 540_000), 'npm pack')) as {
    filename: string;
    files: { path: string }[];
  }[];
  files = packed[0].files.map((f) => f.path);
  tarball = packed[0].filename;
  writeProject(app);
  ok(sh('npm', ['ci', '--offline', '--omit=optional', '--no-audit', '--no-fund'], app), 'npm ci --offline --omit=optional of the tarball');
  cpSync(join(__dirname, 'consumer-core.mjs'), join(app, 'consumer-core.mjs'));
}, 600_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A consumer project in `folder` that depends on the tarball, locked from the repository's lock. */
function writeProject(folder: string): void {
  const project = consumerProject(join(ROOT, 'package-lock.json'), join(ROOT, 'package.json'), `../${tarball}`);
  ok(sh('mkdir', ['-p', folder], dir), 'mkdir');
  writeFileSync(join(folder, 'package.json'), JSON.stringify(project.packageJson, null, 2));
  writeFileSync(join(folder, 'package-lock.json'), JSON.stringify(project.lock, null, 2));
}

describe('the packed package', () => {
  it('holds the compiled JavaScript, its types, the WebAssembly, LICENSE, docs and examples, and no sources, tests or web build', () => {
    for (const f of [
      'dist/cli.js',
      'dist/entry/core-node.js',
      'dist/entry/core.d.ts',
      'dist/entry/navharness.js',
      'dist/entry/sim-node.js',
      'dist/eval/sequence-worker-entry.mjs',
      'build/navcore.wasm',
      'build/navcore-mt.wasm',
      'build/render.wasm',
      'build/tracker.wasm',
      'package.json',
      'README.md',
      'LICENSE',
      'docs/architecture.md',
      'docs/body.md',
      'examples/embed.ts',
    ]) {
      expect(files, f).toContain(f);
    }
    expect(files.filter((f) => /^(src|test|bench|web|scripts|native|assembly)\/|^dist\/web\//.test(f))).toEqual([]);
    // the README's relative links resolve inside the package
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const links = [...readme.matchAll(/\]\(((?:docs|examples)\/[^)#\s]+)/g)].map((m) => m[1].replace(/\/$/, ''));
    expect(links.length).toBeGreaterThan(5);
    for (const l of links)
      expect(
        files.some((f) => f === l || f.startsWith(`${l}/`)),
        l,
      ).toBe(true);
  });

  it(`installs without the optional packages and the devDependencies, in at most ${LEAN_LIMIT_MB} MB`, () => {
    const nm = join(app, 'node_modules');
    expect(existsSync(join(nm, 'navharness/dist/cli.js'))).toBe(true);
    expect(OPTIONAL).toEqual(
      expect.arrayContaining([
        '@anthropic-ai/sdk',
        'openai',
        '@modelcontextprotocol/sdk',
        'bullmq',
        'ioredis',
        'vega',
        'vega-lite',
        'three',
        'onnxruntime-node',
      ]),
    );
    for (const p of [...OPTIONAL, 'tsx', 'typescript']) expect(existsSync(join(nm, p)), p).toBe(false);
    const mb = treeBytes(nm) / 1e6;
    console.log(
      `lean install (--omit=optional): ${mb.toFixed(1)} MB in node_modules, ${readdirSync(nm).filter((n) => !n.startsWith('.')).length} top-level entries`,
    );
    expect(mb).toBeLessThanOrEqual(LEAN_LIMIT_MB);
  });

  it('exports the robot API: bodies and the navigator from navharness, camera poses and PNG encoders from navharness/sim', () => {
    const probe =
      "const m = await import('navharness'); const s = await import('navharness/sim'); const c = await import('navharness/core');" +
      'console.log(JSON.stringify([m.Navigator, m.SimBody, m.ReplayBody, m.GroundTruthPoseSource, m.openProceduralBody, s.simCameraPose, s.rgbPng, s.depthPng, c.Navcore.load, c.Tracker.create].map((x) => typeof x)))';
    expect(JSON.parse(ok(sh(process.execPath, ['--input-type=module', '-e', probe], app), 'import the entry points'))).toEqual(Array(10).fill('function'));
  });

  it('compiles a strict TypeScript consumer of navharness/core and navharness/sim with skipLibCheck off', () => {
    cpSync(join(__dirname, 'consumer-strict.ts'), join(app, 'consumer-strict.ts'));
    // Node's own types from the repository (a Node consumer has @types/node); nothing else is lent
    const tsconfig = {
      compilerOptions: {
        strict: true,
        skipLibCheck: false,
        noEmit: true,
        target: 'ES2022',
        module: 'NodeNext',
        moduleResolution: 'NodeNext',
        types: ['node'],
        typeRoots: [join(ROOT, 'node_modules/@types')],
      },
      files: ['consumer-strict.ts'],
    };
    writeFileSync(join(app, 'tsconfig.json'), JSON.stringify(tsconfig, null, 2));
    const r = sh(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json'], app);
    expect(`${r.stdout}${r.stderr}`).toBe('');
    expect(r.status).toBe(0);
  });

  it('names the optional package a command or a model backend needs, with its install command', () => {
    const bin = join(app, 'node_modules/.bin/navharness');
    const mcp = sh(bin, ['mcp', '--house', 'seed:7', '--http', '0'], app);
    expect(mcp.status).toBe(1);
    expect(mcp.stderr).toContain(
      `navharness mcp needs @modelcontextprotocol/sdk, an optional dependency that is not installed; install it with \`npm install @modelcontextprotocol/sdk@${PKG.optionalDependencies['@modelcontextprotocol/sdk']}\``,
    );
    const report = sh(bin, ['report', dir], app);
    expect(report.status).toBe(1);
    expect(report.stderr).toMatch(/navharness report needs (vega|vega-lite|marked), an optional dependency that is not installed/);
    const model = sh(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        "import { createModel } from 'navharness'; await createModel('anthropic:claude-x', { apiKey: 'k' }).complete({ messages: [], tools: [] });",
      ],
      app,
    );
    expect(model.status).not.toBe(0);
    expect(model.stderr).toMatch(
      /the model anthropic:claude-x needs @anthropic-ai\/sdk, an optional dependency that is not installed[\s\S]*npm install @anthropic-ai\/sdk@/,
    );
  });

  it('runs the installed bin: --version, --help, and a bad flag exits 2 naming it', () => {
    const bin = join(app, 'node_modules/.bin/navharness');
    const version = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).version as string;
    expect(ok(sh(bin, ['--version'], app), '--version').trim()).toBe(version);
    expect(ok(sh(bin, ['--help'], app), '--help')).toMatch(/Commands:[\s\S]*slam[\s\S]*report/);
    const bad = sh(bin, ['slam', '--bogus'], app);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/unknown flag --bogus; accepted:[\s\S]*--intrinsics/);
  });

  it('navharness eval reaches its compiled worker thread (no tsx), which says onnxruntime-node is missing', () => {
    // a run's wake-up recognises places with the view encoder: the harness needs the optional runtime
    const r = sh(
      join(app, 'node_modules/.bin/navharness'),
      [
        'eval',
        '--houses',
        '3..3',
        '--agent',
        'scripted',
        '--max-goals',
        '1',
        '--step-budget',
        '20',
        '--turn-budget',
        '4',
        '--pose',
        'ground-truth',
        '--workers',
        '1',
        '--out',
        join(dir, 'eval'),
        '--json',
      ],
      app,
    );
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/^seed 3: the view encoder needs onnxruntime-node, an optional dependency that is not installed .*npm install onnxruntime-node@/m);
  }, 240_000);

  it('a full install (the optional packages too) runs the MCP server; the bin is the command itself: SIGTERM reaches it, and it stops cleanly', async () => {
    writeProject(full);
    // no install scripts: onnxruntime-node's would fetch its native libraries, which the server does not use
    ok(sh('npm', ['ci', '--offline', '--ignore-scripts', '--no-audit', '--no-fund'], full), 'npm ci --offline of the tarball with its optional packages');
    for (const p of OPTIONAL) expect(existsSync(join(full, 'node_modules', p)), p).toBe(true);
    const child = spawn(join(full, 'node_modules/.bin/navharness'), ['mcp', '--house', 'seed:7', '--http', '0', '--steps', '10'], {
      cwd: full,
      env: npmEnv(),
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let err = '';
    const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
    await new Promise<void>((listening, failed) => {
      child.stderr.on('data', (d: Buffer) => {
        err += d.toString();
        if (/listening on http:\/\/127\.0\.0\.1:\d+\/mcp/.test(err)) listening();
      });
      child.on('exit', () => failed(new Error(`navharness mcp exited before listening:\n${err}`)));
    });
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(err).toMatch(/stopped by SIGTERM/);
  }, 400_000);

  it('says what to install when the view encoder is asked for without onnxruntime-node', () => {
    const r = sh(process.execPath, ['--input-type=module', '-e', "import { ViewEncoder } from 'navharness'; await ViewEncoder.create();"], app);
    expect(r.status).not.toBe(0);
    expect(r.stderr).toMatch(/the view encoder needs onnxruntime-node, an optional dependency that is not installed[\s\S]*npm install onnxruntime-node@/);
  });

  describe('navharness/core from plain Node, in the lean install', () => {
    let result: { synthetic: Summary; tracker: { width: number; height: number }; png_bytes: number; tum?: Summary };
    interface Summary {
      integrated: number;
      explored_m2: number;
      obstacle_cells: number;
      route: { status: string; length_m?: number };
    }

    beforeAll(() => {
      const r = sh(process.execPath, ['consumer-core.mjs', ...(HAS_TEDDY ? [TEDDY] : [])], app);
      result = JSON.parse(ok(r, 'consumer-core.mjs').trim().split('\n').pop() as string);
    }, 240_000);

    it('maps synthetic frames of a room, plans across them and loads the tracker', () => {
      const s = result.synthetic;
      expect(s.integrated).toBe(5);
      expect(s.explored_m2).toBeGreaterThan(3);
      expect(s.obstacle_cells).toBeGreaterThan(10); // the wall 4 m ahead
      expect(s.route.status).toBe('ok');
      expect(s.route.length_m).toBeCloseTo(1, 1); // first camera position to the last, 1 m apart
      expect(result.tracker).toEqual({ width: 640, height: 480 });
      expect(result.png_bytes).toBeGreaterThan(50);
    });

    it.skipIf(!HAS_TEDDY)(`integrates the TUM teddy frames and plans a path (skipped when ${TEDDY} is absent)`, async () => {
      const t = result.tum as Summary;
      // the same frames through the sources (examples/embed.ts) give the same map
      const { mapAndPlan } = await import('../../examples/embed.js');
      const { readTumFrames, readTumTrajectory, readRgbd, poseAt, TUM_FR3_INTRINSICS, Z_UP_FRAME } = await import('navharness/core');
      const gt = readTumTrajectory(join(TEDDY, 'groundtruth.txt'));
      const frames = readTumFrames(TEDDY).flatMap((f) => {
        const pose = poseAt(gt, f.rgbTime, 0.02);
        return pose ? [{ depth: readRgbd(TEDDY, f, 5000).depth, pose }] : [];
      });
      const src = await mapAndPlan(frames, { ...TUM_FR3_INTRINSICS }, Z_UP_FRAME, 0);
      expect(t.integrated).toBe(frames.length);
      expect(t.integrated).toBeGreaterThan(90);
      expect(t.explored_m2).toBeCloseTo(src.exploredM2, 6);
      expect(t.route.status).toBe('ok');
      expect(src.route.status).toBe('ok');
      if (src.route.status === 'ok') expect(t.route.length_m).toBeCloseTo(src.route.lengthM, 6);
    });
  });
});
