/**
 * The package as a user gets it (issue 20): `npm pack`, then `npm ci --omit=optional` of the tarball
 * into an empty folder, offline, then plain Node (no tsx): navharness/core maps synthetic frames and
 * the TUM teddy frames (../shared/data; that part skips, saying so, without the data) and plans a
 * path, without onnxruntime and without the model SDKs; the installed `navharness` bin answers
 * --version and refuses a bad flag with exit 2; the view encoder says onnxruntime-node is missing.
 */
import { spawn, spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consumerProject } from './consumer-lock.js';

const ROOT = resolve(__dirname, '../..');
const TEDDY = resolve(ROOT, '../shared/data/tum_fr3_teddy_100');
const HAS_TEDDY = existsSync(join(TEDDY, 'groundtruth.txt'));
const dir = mkdtempSync(join(tmpdir(), 'nh-pack-'));
const app = join(dir, 'app');

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

beforeAll(() => {
  // `npm pack` runs the prepare script: the tsc build of dist/ from the current sources
  const packed = JSON.parse(ok(sh('npm', ['pack', '--json', '--pack-destination', dir], ROOT), 'npm pack')) as { filename: string; files: { path: string }[] }[];
  files = packed[0].files.map((f) => f.path);
  const project = consumerProject(join(ROOT, 'package-lock.json'), join(ROOT, 'package.json'), `../${packed[0].filename}`);
  ok(sh('mkdir', ['-p', app], dir), 'mkdir');
  writeFileSync(join(app, 'package.json'), JSON.stringify(project.packageJson, null, 2));
  writeFileSync(join(app, 'package-lock.json'), JSON.stringify(project.lock, null, 2));
  ok(sh('npm', ['ci', '--offline', '--omit=optional', '--no-audit', '--no-fund'], app), 'npm ci --offline --omit=optional of the tarball');
  cpSync(join(__dirname, 'consumer-core.mjs'), join(app, 'consumer-core.mjs'));
}, 600_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the packed package', () => {
  it('holds the compiled JavaScript, its types and the WebAssembly, and no sources, tests or web build', () => {
    for (const f of ['dist/cli.js', 'dist/entry/core-node.js', 'dist/entry/core.d.ts', 'dist/entry/navharness.js', 'dist/entry/sim-node.js', 'dist/eval/sequence-worker-entry.mjs', 'build/navcore.wasm', 'build/navcore-mt.wasm', 'build/render.wasm', 'build/tracker.wasm', 'package.json', 'README.md']) {
      expect(files, f).toContain(f);
    }
    expect(files.filter((f) => /^(src|test|bench|web|scripts|examples|native|assembly)\/|^dist\/web\//.test(f))).toEqual([]);
  });

  it('installs without onnxruntime (optional) and without tsx (a devDependency)', () => {
    const nm = join(app, 'node_modules');
    expect(existsSync(join(nm, 'navharness/dist/cli.js'))).toBe(true);
    expect(existsSync(join(nm, 'onnxruntime-node'))).toBe(false);
    expect(existsSync(join(nm, 'tsx'))).toBe(false);
    expect(existsSync(join(nm, 'typescript'))).toBe(false);
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
    const r = sh(join(app, 'node_modules/.bin/navharness'), ['eval', '--houses', '3..3', '--agent', 'scripted', '--max-goals', '1', '--step-budget', '20', '--turn-budget', '4', '--pose', 'ground-truth', '--workers', '1', '--out', join(dir, 'eval'), '--json'], app);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/^seed 3: the view encoder needs onnxruntime-node, an optional dependency that is not installed .*npm install onnxruntime-node@/m);
  }, 240_000);

  it('the bin is the command itself: SIGTERM reaches the MCP server, which stops cleanly', async () => {
    const child = spawn(join(app, 'node_modules/.bin/navharness'), ['mcp', '--house', 'seed:7', '--http', '0', '--steps', '10'], { cwd: app, env: npmEnv(), stdio: ['ignore', 'ignore', 'pipe'] });
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
  }, 180_000);

  it('says what to install when the view encoder is asked for without onnxruntime-node', () => {
    const r = sh(process.execPath, ['--input-type=module', '-e', "import { ViewEncoder } from 'navharness'; await ViewEncoder.create();"], app);
    expect(r.status).not.toBe(0);
    expect(r.stderr).toMatch(/the view encoder needs onnxruntime-node, an optional dependency that is not installed[\s\S]*npm install onnxruntime-node@/);
  });

  describe('navharness/core from plain Node, with the model SDKs, vega and the MCP SDK removed', () => {
    let result: { synthetic: Summary; tracker: { width: number; height: number }; png_bytes: number; tum?: Summary };
    interface Summary {
      integrated: number;
      explored_m2: number;
      obstacle_cells: number;
      route: { status: string; length_m?: number };
    }

    beforeAll(() => {
      for (const p of ['@anthropic-ai', 'openai', '@modelcontextprotocol', 'vega', 'vega-lite', '@gltf-transform']) rmSync(join(app, 'node_modules', p), { recursive: true, force: true });
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
