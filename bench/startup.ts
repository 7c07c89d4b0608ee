/**
 * How long the installed command takes to answer: `navharness --help` (the package's bin, compiled
 * JavaScript in dist/), against `node -e 0` in the same run: the ratio is what the command line adds
 * to starting Node. `navharness <command> --help` for every command of the catalog loads that
 * command's module (what registers its flags); `help_worst_ratio` is the slowest of them against
 * `node -e 0`, named by `help_worst_command`. Those answers come from the build's help cache
 * (src/commands/help-cache.ts); `help_uncached_worst_ratio` times the same help with no cache, as
 * a command whose cache entry is missing answers it (the command's module and its flag tables
 * loaded). `ate_run_ratio` is a light command that runs: `navharness ate` on two 300-pose TUM files.
 * `tsx src/cli.ts --help` is the source checkout's `npm run navharness`, for comparison. The runs
 * alternate, so all of them see the same load of the machine.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { COMMANDS } from '../src/commands/catalog.js';
import type { BenchOptions, BenchResult } from './run.js';
import { median } from './stats.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** The package's bin, refused when missing or older than a source file (it would time old code). */
function compiledBin(): string {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { bin: Record<string, string> };
  const bin = join(ROOT, pkg.bin.navharness);
  let built: number;
  try {
    built = statSync(bin).mtimeMs;
  } catch {
    throw new Error(`${bin} is missing: run 'npm run build:ts' first (npm ci runs it)`);
  }
  const newer = (dir: string): string | null => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = join(dir, e.name);
      const hit = e.isDirectory() ? newer(p) : statSync(p).mtimeMs > built ? p : null;
      if (hit) return hit;
    }
    return null;
  };
  const stale = newer(join(ROOT, 'src'));
  if (stale) throw new Error(`${bin} is older than ${stale}: run 'npm run build:ts' first`);
  return bin;
}

/**
 * CPU ms (user + sys) of this process's waited-for children, from /proc/self/stat (cutime, cstime in
 * USER_HZ ticks, 100 per second on Linux: 10 ms steps); null where there is no /proc.
 */
function childCpuMs(): number | null {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(f[13]) + Number(f[14])) * 10;
  } catch {
    return null;
  }
}

/** Wall ms, and CPU ms when the machine tells: under load the wall time also holds the waits for a core. */
function timeOnce(args: string[]): { wall: number; cpu: number | null } {
  const c0 = childCpuMs();
  const t0 = performance.now();
  const r = spawnSync(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' });
  const wall = performance.now() - t0;
  const c1 = childCpuMs();
  if (r.status !== 0) throw new Error(`node ${args.join(' ')} exited with ${r.status}: ${r.stderr}`);
  return { wall, cpu: c0 === null || c1 === null ? null : c1 - c0 };
}

/** Two TUM trajectories of a 300-pose walk around a circle, the estimate 2 cm off, in `dir`. */
function trajectoryPair(dir: string): [string, string] {
  const lines = (dx: number) =>
    Array.from({ length: 300 }, (_, i) => {
      const a = i / 50;
      return `${(i / 30).toFixed(6)} ${(2 * Math.cos(a) + dx).toFixed(6)} ${(2 * Math.sin(a)).toFixed(6)} 1.5 0 0 ${Math.sin(a / 2).toFixed(7)} ${Math.cos(a / 2).toFixed(7)}`;
    }).join('\n') + '\n';
  const pair: [string, string] = [join(dir, 'groundtruth.txt'), join(dir, 'estimate.txt')];
  writeFileSync(pair[0], lines(0));
  writeFileSync(pair[1], lines(0.02));
  return pair;
}

/** `navharness <command> --help` answered with no help cache: main() with the cache argument null. */
function uncachedHelp(bin: string, command: string): string[] {
  const mainJs = pathToFileURL(join(bin, '../commands/main.js')).href;
  const script = `const { main } = await import(${JSON.stringify(mainJs)}); process.exitCode = await main(['node', 'navharness', process.argv[1], '--help'], undefined, null);`;
  return ['--input-type=module', '-e', script, command];
}

function cases(bin: string, trajectories: [string, string]): Record<string, string[]> {
  return {
    node: ['-e', '0'],
    help: [bin, '--help'],
    ...Object.fromEntries(COMMANDS.map((c) => [`${c.name}_help`, [bin, c.name, '--help']])),
    ...Object.fromEntries(COMMANDS.map((c) => [`${c.name}_help_uncached`, uncachedHelp(bin, c.name)])),
    ate_run: [bin, 'ate', ...trajectories],
    tsx_help: [join(ROOT, 'node_modules/tsx/dist/cli.mjs'), join(ROOT, 'src/cli.ts'), '--help'],
  };
}

function label(name: string, args: string[]): string {
  if (name === 'node') return 'node -e 0';
  if (name === 'tsx_help') return 'tsx src/cli.ts --help';
  if (name === 'ate_run') return 'navharness ate groundtruth.txt estimate.txt';
  if (name.endsWith('_help_uncached')) return `navharness ${args.at(-1)} --help, no cache`;
  return `navharness ${args.slice(1).join(' ')}`;
}

export async function run(opts: BenchOptions): Promise<BenchResult> {
  const dir = mkdtempSync(join(tmpdir(), 'navharness-bench-startup-'));
  try {
    return measure(opts, cases(compiledBin(), trajectoryPair(dir)));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function measure(opts: BenchOptions, cases: Record<string, string[]>): BenchResult {
  const rounds = opts.quick ? 5 : 15;
  const samples: Record<string, number[]> = Object.fromEntries(Object.keys(cases).map((k) => [k, []]));
  const cpuSamples: Record<string, number[]> = Object.fromEntries(Object.keys(cases).map((k) => [k, []]));
  for (const args of Object.values(cases)) timeOnce(args); // warm the file cache
  for (let i = 0; i < rounds; i++) {
    opts.log(`round ${i + 1}/${rounds}`);
    for (const [name, args] of Object.entries(cases)) {
      if (name === 'tsx_help' && i % 3 !== 0) continue;
      const t = timeOnce(args);
      samples[name].push(t.wall);
      if (t.cpu !== null) cpuSamples[name].push(t.cpu);
    }
  }
  const ms = Object.fromEntries(Object.entries(samples).map(([k, xs]) => [k, median(xs)]));
  const cpu = Object.fromEntries(Object.entries(cpuSamples).map(([k, xs]) => [k, xs.length ? median(xs) : NaN]));
  const round = (x: number, d = 1) => Number(x.toFixed(d));
  const cpuRatio = (name: string) => (Number.isFinite(cpu[name]) ? round(cpu[name] / cpu.node, 2) : null);
  const worstOf = (suffix: string) => COMMANDS.map((c) => c.name).reduce((a, b) => (ms[`${b}${suffix}`] > ms[`${a}${suffix}`] ? b : a));
  const worst = worstOf('_help');
  const worstUncached = worstOf('_help_uncached');
  return {
    table: Object.entries(cases).map(([name, args]) => ({
      command: label(name, args),
      median_ms: round(ms[name]),
      runs: samples[name].length,
      ratio_to_node: round(ms[name] / ms.node, 2),
      cpu_ms: Number.isFinite(cpu[name]) ? cpu[name] : 'n/a',
      cpu_ratio_to_node: cpuRatio(name) ?? 'n/a',
    })),
    summary: {
      ms_node: round(ms.node),
      ms_help: round(ms.help),
      ratio_to_node: round(ms.help / ms.node, 2),
      ms_ate_help: round(ms.ate_help),
      ms_run_help: round(ms.run_help),
      help_worst_command: worst,
      help_worst_ratio: round(ms[`${worst}_help`] / ms.node, 2),
      help_uncached_worst_command: worstUncached,
      help_uncached_worst_ratio: round(ms[`${worstUncached}_help_uncached`] / ms.node, 2),
      ms_ate_run: round(ms.ate_run),
      ate_run_ratio: round(ms.ate_run / ms.node, 2),
      // CPU (user + sys) ratios: what the wall ratios would be on an idle core
      cpu_ms_node: Number.isFinite(cpu.node) ? cpu.node : null,
      cpu_help_worst_ratio: Math.max(...COMMANDS.map((c) => cpuRatio(`${c.name}_help`) ?? NaN)),
      cpu_help_uncached_worst_ratio: Math.max(...COMMANDS.map((c) => cpuRatio(`${c.name}_help_uncached`) ?? NaN)),
      cpu_ate_run_ratio: cpuRatio('ate_run'),
      ms_tsx_help: round(ms.tsx_help),
      runs: rounds,
    },
  };
}
