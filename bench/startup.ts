/**
 * How long the installed command takes to answer: `navharness --help` (the package's bin, compiled
 * JavaScript in dist/), against `node -e 0` in the same run: the ratio is what the command line adds
 * to starting Node. `navharness <command> --help` for every command of the catalog loads that
 * command's module (what registers its flags); `help_worst_ratio` is the slowest of them against
 * `node -e 0`, named by `help_worst_command`. `tsx src/cli.ts --help` is the source checkout's
 * `npm run navharness`, for comparison. The runs alternate, so all of them see the same load of the
 * machine.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
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

function timeOnce(args: string[]): number {
  const t0 = performance.now();
  const r = spawnSync(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' });
  const ms = performance.now() - t0;
  if (r.status !== 0) throw new Error(`node ${args.join(' ')} exited with ${r.status}: ${r.stderr}`);
  return ms;
}

export async function run(opts: BenchOptions): Promise<BenchResult> {
  const bin = compiledBin();
  const tsx = join(ROOT, 'node_modules/tsx/dist/cli.mjs');
  const cases: Record<string, string[]> = {
    node: ['-e', '0'],
    help: [bin, '--help'],
    ...Object.fromEntries(COMMANDS.map((c) => [`${c.name}_help`, [bin, c.name, '--help']])),
    tsx_help: [tsx, join(ROOT, 'src/cli.ts'), '--help'],
  };
  const rounds = opts.quick ? 5 : 15;
  const samples: Record<string, number[]> = Object.fromEntries(Object.keys(cases).map((k) => [k, []]));
  for (const args of Object.values(cases)) timeOnce(args); // warm the file cache
  for (let i = 0; i < rounds; i++) {
    opts.log(`round ${i + 1}/${rounds}`);
    for (const [name, args] of Object.entries(cases)) if (name !== 'tsx_help' || i % 3 === 0) samples[name].push(timeOnce(args));
  }
  const ms = Object.fromEntries(Object.entries(samples).map(([k, xs]) => [k, median(xs)]));
  const round = (x: number, d = 1) => Number(x.toFixed(d));
  const worst = COMMANDS.map((c) => c.name).reduce((a, b) => (ms[`${b}_help`] > ms[`${a}_help`] ? b : a));
  return {
    table: Object.entries(cases).map(([name, args]) => ({
      command: name === 'node' ? 'node -e 0' : name === 'tsx_help' ? 'tsx src/cli.ts --help' : `navharness ${args.slice(1).join(' ')}`,
      median_ms: round(ms[name]),
      runs: samples[name].length,
      ratio_to_node: round(ms[name] / ms.node, 2),
    })),
    summary: {
      ms_node: round(ms.node),
      ms_help: round(ms.help),
      ratio_to_node: round(ms.help / ms.node, 2),
      ms_ate_help: round(ms.ate_help),
      ms_run_help: round(ms.run_help),
      help_worst_command: worst,
      help_worst_ratio: round(ms[`${worst}_help`] / ms.node, 2),
      ms_tsx_help: round(ms.tsx_help),
      runs: rounds,
    },
  };
}
