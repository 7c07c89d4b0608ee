/**
 * The report of a deployment directory: an index with s-SR and SPL plotted against the run index and a
 * row per run (known cells at start, relocalised); a run whose directory cannot be read is listed
 * without a link. A metrics.json that is not a deployment's is not taken for one.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isDeployDirectory, runIndexSpec, writeDeployReport } from '../../src/report/index.js';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

const row = (run: number, s: number, spl: number, known: number, relocalised: boolean | null) => ({
  run,
  sequence: run - 1,
  tasks: 5,
  s_SR: s,
  SPL: spl,
  e_SR: 0,
  known_cells_at_start: known,
  relocalised,
});
const metrics = {
  kind: 'deployment',
  deployment: '0123456789abcdef',
  house: 'seed:3',
  memory: { saved_maps: true, consolidation: true, policy: 'navharness' },
  // run 4: the start turn did not relocalise, a frame of its task 2 did (late relocalisation)
  per_run: [
    row(1, 0.4, 0.3, 0, null),
    { ...row(2, 0.6, 0.45, 1234, true), saved_grid: { free_precision: 0.9812, obstacle_recall: 0.9123 } },
    row(3, 0.8, 0.5, 2345, false),
    { ...row(4, 0.8, 0.6, 2400, false), late_relocalisation_task: 2 },
  ],
  all_runs: { runs: 4, tasks: 20, s_SR: 0.65, SPL: 0.4625, e_SR: 0 },
  later_runs: { runs: 3, tasks: 15, s_SR: 0.733, SPL: 0.5167, e_SR: 0 },
  relocalised_runs: 1,
  late_relocalised_runs: 1,
  execution: { started_at: '2026-12-01T20:00:00.000Z', resumed_at: [] },
};

describe('deployment report', () => {
  it('plots s-SR and SPL by run index and lists each run', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'deploy-report-'));
    dirs.push(dir);
    writeFileSync(join(dir, 'metrics.json'), JSON.stringify(metrics));
    mkdirSync(join(dir, 'run-001'));
    expect(isDeployDirectory(dir)).toBe(true);
    const spec = runIndexSpec(metrics.per_run) as { data: { values: { run: number; score: string; value: number }[] } };
    expect(spec.data.values.filter((v) => v.score === 'SPL').map((v) => [v.run, v.value])).toEqual([
      [1, 0.3],
      [2, 0.45],
      [3, 0.5],
      [4, 0.6],
    ]);
    const r = await writeDeployReport(dir, { now: new Date('2026-12-01T21:00:00Z') });
    expect(r.unreadable.map((u) => u.run)).toEqual([1, 2, 3, 4]);
    const html = readFileSync(r.file, 'utf8');
    expect(html).toContain('s-SR and SPL by run index');
    expect(html).toContain('<svg');
    expect(html).toContain('<td class="num">2345</td><td>no</td>');
    expect(html).toContain('<td class="num">1234</td><td>yes</td><td class="num">0.981 / 0.912</td>');
    expect(html).toContain('<td class="num">2345</td><td>no</td><td class="num">–</td>');
    expect(html).toContain('<td class="num">2400</td><td>no, later (task 2)</td>');
  }, 60_000);

  it('an eval metrics.json is not a deployment', () => {
    const dir = mkdtempSync(join(tmpdir(), 'deploy-report-'));
    dirs.push(dir);
    writeFileSync(join(dir, 'metrics.json'), JSON.stringify({ tasks: 3, sequences: 1 }));
    expect(isDeployDirectory(dir)).toBe(false);
  });
});
