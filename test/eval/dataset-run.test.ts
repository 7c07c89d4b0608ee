/**
 * `navharness eval --dataset`: one GOAT-Bench episode and one R2R-CE episode, written in the
 * benchmarks' formats for a procedural house, load, convert and run end to end with the offline
 * agent; a scene that is not there is refused naming the file to download.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vlnCommand } from '../../src/commands/vln.js';
import { writeHabitatEpisodes, type WrittenBenchmarks } from '../helpers/habitat-episodes.js';
import { runMain } from '../helpers/run-program.js';

const dir = mkdtempSync(join(tmpdir(), 'nh-dataset-run-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let files: WrittenBenchmarks;
beforeAll(async () => {
  files = await writeHabitatEpisodes(dir, 3);
}, 120_000);

const cli = runMain;

describe('eval --dataset', () => {
  it('runs a GOAT-Bench-format episode with the scripted agent and scores it as GOAT-Bench does', async () => {
    const out = join(dir, 'goat-run');
    const r = await cli(
      'eval',
      '--dataset',
      `goat-bench:${files.goatRoot}`,
      '--scenes',
      dir,
      '--split',
      'val',
      '--agent',
      'scripted',
      '--pose',
      'ground-truth',
      '--turn-budget',
      '200',
      '--out',
      out,
      '--json',
    );
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    const m = JSON.parse(r.out) as {
      tasks: number;
      s_SR: number;
      success_definition: string;
      goat_bench: { episodes: number; subtasks: number; partial_success: number; composite_spl: number };
      settings: { benchmark: { successDistanceM: number } };
    };
    expect(m.tasks).toBe(2);
    expect(m.success_definition).toBe('goat-bench-0.25m');
    expect(m.goat_bench.episodes).toBe(1);
    expect(m.goat_bench.subtasks).toBe(2);
    // one episode: the share of its subtasks that succeeded is the per-goal success rate, and the
    // composite SPL the mean of the subtasks' SPL, as the subtask records the run wrote give them
    // (whether the agent reaches these goals varies with its search: the second is a floor up)
    const records = [1, 2].map((k) => JSON.parse(readFileSync(join(out, 'seed_3-0', 'eval', `task-00${k}.json`), 'utf8')) as { success: boolean; spl: number });
    expect(m.goat_bench.partial_success).toBeCloseTo(m.s_SR, 12);
    expect(m.goat_bench.partial_success).toBeCloseTo(records.filter((r) => r.success).length / 2, 12);
    expect(m.goat_bench.composite_spl).toBeCloseTo((records[0].spl + records[1].spl) / 2, 12);
    expect(m.settings.benchmark.successDistanceM).toBe(0.25);
    expect(JSON.parse(readFileSync(join(out, 'metrics.json'), 'utf8')).runs).toHaveLength(1);
  }, 600_000);

  it('runs an R2R-CE-format episode with its _gt reference and reports the VLN-CE metrics', async () => {
    const out = join(dir, 'r2r-run');
    const r = await cli('eval', '--dataset', `r2r-ce:${files.r2rRoot}`, '--scenes', dir, '--split', 'val', '--agent', 'scripted', '--out', out, '--json');
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    const m = JSON.parse(r.out) as { episodes: number; SR: number; OSR: number; nDTW: number; sDTW: number; NE: number; benchmark: string };
    expect(m.benchmark).toBe('r2r-ce');
    expect(m.episodes).toBe(1);
    expect(m.OSR).toBeGreaterThanOrEqual(m.SR);
    expect(m.nDTW).toBeGreaterThan(0);
    expect(m.nDTW).toBeLessThanOrEqual(1);
    expect(m.sDTW).toBeCloseTo(m.SR * m.nDTW, 12);
    expect(Number.isFinite(m.NE)).toBe(true);
    const written = JSON.parse(readFileSync(join(out, 'metrics.json'), 'utf8')) as { settings: { benchmark: { maxSteps: number; cameraHeightM: number } } };
    expect(written.settings.benchmark).toMatchObject({ maxSteps: 500, cameraHeightM: 1.25 });
  }, 600_000);

  it('vln --dataset runs the split too; goat-bench is refused, naming --dataset', async () => {
    const out = join(dir, 'vln-run');
    const log: string[] = [];
    await vlnCommand({ dataset: `r2r-ce:${files.r2rRoot}`, scenes: dir, split: 'val', agent: 'scripted', config: 'native', out, json: true }, (s) =>
      log.push(s),
    );
    const m = JSON.parse(log[0]) as { episodes: number; nDTW: number; benchmark: string };
    expect(m.benchmark).toBe('r2r-ce');
    expect(m.episodes).toBe(1);
    const eps = JSON.parse(readFileSync(join(out, 'episodes.json'), 'utf8')) as { scores: { pathLength: number } }[];
    expect(eps[0].scores.pathLength).toBeGreaterThan(0);
    await expect(vlnCommand({ dataset: `goat-bench:${files.goatRoot}`, scenes: dir, split: 'val', agent: 'scripted', config: 'goal', out })).rejects.toThrow(
      /--dataset: vln runs instruction episodes/,
    );
  }, 600_000);

  it('refuses a split whose scene file is missing, naming the file (exit 2, before anything runs)', async () => {
    const root = join(dir, 'missing');
    mkdirSync(join(root, 'val_seen'), { recursive: true });
    const ep = {
      episode_id: 1,
      trajectory_id: 1,
      scene_id: 'mp3d/abcXYZ/abcXYZ.glb',
      start_position: [0, 0, 0],
      start_rotation: [0, 0, 0, 1],
      goals: [{ position: [1, 0, 0], radius: 3 }],
      instruction: { instruction_text: 'go' },
      reference_path: [
        [0, 0, 0],
        [1, 0, 0],
      ],
    };
    writeFileSync(join(root, 'val_seen', 'val_seen.json.gz'), gzipSync(JSON.stringify({ episodes: [ep], instruction_vocab: { word_list: [] } })));
    const out = join(dir, 'never');
    const r = await cli('eval', '--dataset', `r2r-ce:${root}`, '--scenes', join(dir, 'scans'), '--split', 'val_seen', '--agent', 'scripted', '--out', out);
    expect(r.code).toBe(2);
    expect(r.err).toContain(`--scenes: scene file '${join(dir, 'scans', 'mp3d/abcXYZ/abcXYZ.glb')}' is missing: download Matterport3D's habitat task download`);
  });

  it('refuses --dataset without --scenes and --split, a bad kind, and --houses with --dataset', async () => {
    const a = await cli('eval', '--dataset', `r2r-ce:${dir}`, '--agent', 'scripted', '--out', join(dir, 'x'));
    expect(a.code).toBe(2);
    expect(a.err).toMatch(/--scenes: give the scenes folder/);
    expect(a.err).toMatch(/--split: give the split/);
    const b = await cli('eval', '--dataset', `habitat:${dir}`, '--scenes', dir, '--split', 'val', '--agent', 'scripted', '--out', join(dir, 'x'));
    expect(b.code).toBe(2);
    expect(b.err).toContain('--dataset: expected KIND:PATH with KIND one of goat-bench, r2r-ce, rxr-ce');
    const c = await cli(
      'eval',
      '--houses',
      '0..1',
      '--dataset',
      `r2r-ce:${dir}`,
      '--scenes',
      dir,
      '--split',
      'val',
      '--agent',
      'scripted',
      '--out',
      join(dir, 'x'),
    );
    expect(c.code).toBe(2);
    expect(c.err).toContain('--dataset: --dataset runs a benchmark split instead of --houses');
    const d = await cli('eval', '--agent', 'scripted', '--out', join(dir, 'x'));
    expect(d.code).toBe(2);
    expect(d.err).toContain('--houses: give --houses A..B (procedural houses) or --dataset KIND:PATH');
  });
});
