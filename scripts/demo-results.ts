/**
 * `npm run demo:results`: plays the demo (package.json's `demo` script, into a temporary folder) with
 * SLAM poses and with the ground-truth pose ablation, and writes docs/demo-results.json: the lines the
 * command printed, the scores, and what they were generated from (the demo command, the inputs hash of
 * scripts/demo-inputs.ts). The README's demo figures are copied from this file, and a test checks them
 * against it.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { demoInputsHash } from './demo-inputs.js';

const ROOT = resolve(import.meta.dirname, '..');
export const DEMO_RESULTS_FILE = 'docs/demo-results.json';

interface Played {
  /** what the command printed on stdout, the run folder's path replaced by <out> */
  printed: string[];
  s_SR: number;
  SPL: number;
  e_SR: number;
  accuracy: number;
  failures: Record<string, number>;
}

function play(demo: string[], extra: string[]): Played {
  const out = mkdtempSync(join(tmpdir(), 'demo-results-'));
  try {
    const args = [...demo.filter((a) => a !== '--resume'), ...extra];
    args[args.indexOf('--out') + 1] = out;
    const r = spawnSync(join(ROOT, 'node_modules/.bin/tsx'), ['src/cli.ts', ...args], { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 << 20 });
    if (r.status !== 0) throw new Error(`the demo exited ${r.status}: ${r.stderr}`);
    const m = JSON.parse(readFileSync(join(out, 'metrics.json'), 'utf8'));
    return {
      printed: r.stdout
        .trim()
        .split('\n')
        .map((l) => l.split(out).join('<out>')),
      s_SR: m.s_SR,
      SPL: m.SPL,
      e_SR: m.e_SR,
      accuracy: m.accuracy,
      failures: m.failures,
    };
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

function main(): void {
  const command: string = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).scripts.demo;
  const demo = command.replace(/^tsx src\/cli\.ts /, '').split(/\s+/);
  const inputs = demoInputsHash(ROOT);
  const slam = play(demo, []);
  const groundTruth = play(demo, ['--pose', 'ground-truth']);
  if (demoInputsHash(ROOT) !== inputs) throw new Error('the inputs changed while the demo ran: run it again');
  const results = { demo_command: command, inputs_sha256: inputs, generated_at: new Date().toISOString(), slam, ground_truth: groundTruth };
  writeFileSync(join(ROOT, DEMO_RESULTS_FILE), JSON.stringify(results, null, 2) + '\n');
  console.log(
    `wrote ${DEMO_RESULTS_FILE}: SLAM s-SR ${slam.s_SR.toFixed(3)}, SPL ${slam.SPL.toFixed(3)}; ground truth s-SR ${groundTruth.s_SR.toFixed(3)}, SPL ${groundTruth.SPL.toFixed(3)}`,
  );
}

main();
