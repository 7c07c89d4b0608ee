/**
 * Issue #18's round trip: `sim export --format habitat` writes a procedural house as a Habitat scene
 * dataset (+Z-up stage GLB, version-2 `.navmesh`, HM3D-style semantics, GOAT-Bench and R2R-CE episode
 * files); `eval --dataset … --scenes DIR` then runs one GOAT-Bench episode and one R2R-CE episode from
 * the EXPORTED files with the offline agent, through the habitat scene loader (not the procedural
 * generator), on the benchmark's navmesh. One small export (house 10, one episode each) serves every test.
 */
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateHouse } from '../../src/sim/index.js';
import { ATTR_WORDS } from '../../src/sim/scene.js';
import { goatObjectId } from '../../src/sim/node.js';
import { openHouseScene } from '../../src/world/index.js';
import { defaultSceneResolver } from '../../src/world/node.js';
import { runMain } from '../helpers/run-program.js';

type EpisodeRow = { endReason: string; actions: number; scores: { pathLength: number; ndtw: number; ne: number } };

const SEED = 10;
const STEM = `house_${SEED}`;
const dir = mkdtempSync(join(tmpdir(), 'nh-habitat-run-'));
const scenes = join(dir, 'scene_datasets');
const goatRoot = join(dir, 'datasets/goat_bench/navharness');
const r2rRoot = join(dir, 'datasets/r2r_vlnce/navharness');
const glb = join(scenes, 'navharness', STEM, `${STEM}.glb`);
afterAll(() => (process.env.KEEP_TMP ? console.error(dir) : rmSync(dir, { recursive: true, force: true })));

const cli = runMain;

beforeAll(async () => {
  const r = await cli(
    'sim',
    'export',
    '--house',
    `seed:${SEED}`,
    '--format',
    'habitat',
    '--out',
    dir,
    '--goat-episodes',
    '1',
    '--r2r-episodes',
    '1',
    '--split',
    'val',
  );
  expect(r.err).toBe('');
  expect(r.code).toBe(0);
}, 120_000);

describe('benchmark episodes from a sim export', () => {
  it('the scene resolver opens the exported stage through its stage config, with the benchmark navmesh and the semantic instance ids', async () => {
    const opened = await openHouseScene({ kind: 'gltf', path: glb });
    expect(opened.kind).toBe('habitat-stage');
    expect(opened.files.slice(0, 2)).toEqual([glb, join(scenes, 'navharness', STEM, `${STEM}.stage_config.json`)]);
    const r2r = await defaultSceneResolver(`navharness/${STEM}/${STEM}.glb`, scenes, 'r2r-ce');
    const goat = await defaultSceneResolver(`navharness/${STEM}/${STEM}.glb`, scenes, 'goat-bench');
    try {
      // VLN-CE reads the scene's .navmesh; GOAT-Bench rebuilds it for its 1.41 m / 0.17 m agent
      expect(r2r.navmeshSource).toMatch(new RegExp(`${STEM}\\.navmesh \\(habitat \\.navmesh version 2, built for an agent of 0\\.88 m / 0\\.18 m\\)$`));
      expect(goat.navmeshSource).toBe('rebuilt for an agent of 1.41 m / 0.17 m');
      // upright: the +Z-up stage is rotated into the y-up world (height well under its width)
      const size = [0, 1, 2].map((a) => goat.scene.max[a] - goat.scene.min[a]);
      expect(size[1]).toBeLessThan(4);
      expect(Math.min(size[0], size[2])).toBeGreaterThan(6);
      // HM3D-style ids: GOAT's '{category}_{id}' names the .semantic.txt line, which the scene numbers by position
      const txt = readFileSync(join(scenes, 'navharness', STEM, `${STEM}.semantic.txt`), 'utf8')
        .trim()
        .split('\n')
        .slice(1);
      const [id, , category] = txt[5].split(',');
      const sceneId = goat.instanceIdOf!(`${category.replace(/"/g, '').replace(/\s+/g, '_')}_${id}`);
      expect(sceneId).toBe(6);
      expect(goat.scene.objects.find((o) => o.id === sceneId)?.category).toBe(category.replace(/"/g, '').trim().toLowerCase());
      expect(() => goat.instanceIdOf!('chair_999999')).toThrow(/names no instance of the semantic annotations/);
      // the house's rooms and each object's room and colour come back (the offline agents' labels)
      const house = generateHouse(SEED);
      expect(goat.scene.rooms.map((r) => r.name)).toEqual(house.rooms.map((r) => r.name));
      const drawn = new Set(Array.from({ length: house.attrs.length / ATTR_WORDS }, (_, i) => house.attrs[i * ATTR_WORDS + 1]));
      const kept = house.objects
        .filter((o) => drawn.has(o.id))
        .map((o) => {
          const s = goat.scene.objects[goat.instanceIdOf!(goatObjectId(o.category, o.id)) - 1];
          return [s.room, s.colour ?? null];
        });
      expect(kept).toEqual(house.objects.filter((o) => drawn.has(o.id)).map((o) => [o.room, o.colour ?? null]));
      // the navmesh belongs to the opened scene: close() destroys it once
      goat.close();
      goat.close();
    } finally {
      r2r.close();
      goat.close();
    }
  }, 120_000);

  it('runs the exported GOAT-Bench episode end to end with the scripted agent and scores it as GOAT-Bench does', async () => {
    const out = join(dir, 'goat-run');
    const r = await cli(
      'eval',
      '--dataset',
      `goat-bench:${goatRoot}`,
      '--scenes',
      scenes,
      '--split',
      'val',
      '--agent',
      'scripted',
      '--pose',
      'ground-truth',
      '--max-goals',
      '2',
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
      goat_bench: { episodes: number; subtasks: number; partial_success: number; composite_spl: number; spl_by_subtask?: number[] };
      navmesh: Record<string, string>;
    };
    expect(m.success_definition).toBe('goat-bench-0.25m');
    expect(m.goat_bench.episodes).toBe(1);
    expect(m.goat_bench.subtasks).toBe(2);
    expect(m.navmesh[`navharness/${STEM}/${STEM}.glb`]).toBe('rebuilt for an agent of 1.41 m / 0.17 m');
    // per-subtask SPL: each subtask's own score, from the evaluation records
    const runDir = JSON.parse(readFileSync(join(out, 'metrics.json'), 'utf8')).runs[0].out as string;
    const records = [1, 2].map((k) => JSON.parse(readFileSync(join(runDir, 'eval', `task-00${k}.json`), 'utf8')) as { success: boolean; ended_by: string });
    // the offline agent with ground-truth perception finds both goals of its own house and claims them;
    // GOAT-Bench counts a claim only within 0.25 m of one of the goal's view points, which the agent
    // (stopping within 0.9 m of the object it sees) meets for at least one
    for (const t of records) expect(t.ended_by).toBe('closed by the session (claim: complete)');
    expect(m.goat_bench.partial_success).toBe(records.filter((t) => t.success).length / 2);
    expect(m.goat_bench.partial_success).toBeGreaterThanOrEqual(0.5);
    expect(m.goat_bench.composite_spl).toBeGreaterThan(0);
    expect(m.goat_bench.composite_spl).toBeLessThanOrEqual(1);
    const metrics = JSON.parse(readFileSync(join(runDir, 'metrics.json'), 'utf8')) as { tasks: number; SPL: number };
    expect(metrics.tasks).toBe(2);
    expect(metrics.SPL).toBeCloseTo(m.goat_bench.composite_spl, 9);
  }, 600_000);

  it('runs the exported R2R-CE episode end to end with the R2R-CE preset, against its _gt path, and reports the VLN-CE metrics', async () => {
    const out = join(dir, 'r2r-run');
    const r = await cli(
      'eval',
      '--dataset',
      `r2r-ce:${r2rRoot}`,
      '--scenes',
      scenes,
      '--split',
      'val',
      '--agent',
      'scripted',
      '--preset',
      'r2r-ce',
      '--out',
      out,
      '--json',
    );
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    const m = JSON.parse(r.out) as { episodes: number; SR: number; OSR: number; SPL: number; nDTW: number; sDTW: number; NE: number };
    expect(m.episodes).toBe(1);
    // scored against the exported _gt path on the exported .navmesh: every metric in its range
    expect(m.OSR).toBeGreaterThanOrEqual(m.SR);
    expect(m.SPL).toBeLessThanOrEqual(m.SR);
    expect(m.nDTW).toBeGreaterThan(0.2);
    expect(m.nDTW).toBeLessThanOrEqual(1);
    expect(m.sDTW).toBeCloseTo(m.SR * m.nDTW, 12);
    expect(m.NE).toBeGreaterThanOrEqual(0);
    expect(m.NE).toBeLessThan(20);
    const eps = JSON.parse(readFileSync(join(out, 'episodes.json'), 'utf8')) as EpisodeRow[];
    expect(eps[0].scores.pathLength).toBeGreaterThan(0.5);
    // the offline agent acts on the exported files as in the house itself: the same episode with its
    // scene id pointed at the procedural house (the rooms and colours it follows instructions by
    // come back from the stage's extras and the annotations)
    const procedural = join(dir, 'r2r-procedural');
    mkdirSync(join(procedural, 'val'), { recursive: true });
    const split = JSON.parse(gunzipSync(readFileSync(join(r2rRoot, 'val/val.json.gz'))).toString('utf8')) as { episodes: { scene_id: string }[] };
    for (const e of split.episodes) e.scene_id = `seed:${SEED}`;
    writeFileSync(join(procedural, 'val/val.json.gz'), gzipSync(JSON.stringify(split)));
    copyFileSync(join(r2rRoot, 'val/val_gt.json.gz'), join(procedural, 'val/val_gt.json.gz'));
    const p = await cli(
      'eval',
      '--dataset',
      `r2r-ce:${procedural}`,
      '--scenes',
      scenes,
      '--split',
      'val',
      '--agent',
      'scripted',
      '--preset',
      'r2r-ce',
      '--out',
      join(dir, 'r2r-procedural-run'),
      '--json',
    );
    expect(p.code).toBe(0);
    const own = (JSON.parse(readFileSync(join(dir, 'r2r-procedural-run', 'episodes.json'), 'utf8')) as EpisodeRow[])[0];
    expect(eps[0].endReason).toBe(own.endReason);
    expect(Math.abs(eps[0].actions - own.actions)).toBeLessThanOrEqual(Math.max(3, own.actions * 0.1));
    expect(Math.abs(eps[0].scores.ndtw - own.scores.ndtw)).toBeLessThan(0.1);
    expect(Math.abs(eps[0].scores.ne - own.scores.ne)).toBeLessThan(0.5);
    const written = JSON.parse(readFileSync(join(out, 'metrics.json'), 'utf8')) as {
      navmesh: Record<string, string>;
      navmesh_agent: Record<string, object>;
      settings: { preset: string; run: object };
    };
    expect(written.navmesh[`navharness/${STEM}/${STEM}.glb`]).toMatch(
      /house_10\.navmesh \(habitat \.navmesh version 2, built for an agent of 0\.88 m \/ 0\.18 m\)$/,
    );
    // the loaded file's own agent (the simulator's), not R2R-CE's 1.5 m / 0.1 m
    expect(written.navmesh_agent[`navharness/${STEM}/${STEM}.glb`]).toEqual({ height_m: 0.88, radius_m: 0.18, max_climb_m: 0.2, max_slope_deg: 45 });
    // the body ran with VLN-CE's camera and 500-action limit
    expect(written.settings.preset).toBe('r2r-ce');
    expect(written.settings.run).toMatchObject({ cameraHeightM: 1.25, hfovDeg: 90, width: 224, height: 224, forwardM: 0.25, turnDeg: 15, maxSteps: 500 });
  }, 600_000);

  it('refuses a preset of another benchmark, an unknown preset, and a benchmark preset without --dataset (exit 2, naming --preset)', async () => {
    const base = ['--scenes', scenes, '--split', 'val', '--agent', 'scripted', '--out', join(dir, 'never')];
    const a = await cli('eval', '--dataset', `goat-bench:${goatRoot}`, ...base, '--preset', 'rxr-ce');
    expect(a.code).toBe(2);
    expect(a.err).toContain('--preset: a goat-bench run takes --preset papers or goat-bench, not rxr-ce');
    const b = await cli('eval', '--dataset', `r2r-ce:${r2rRoot}`, ...base, '--preset', 'habitat');
    expect(b.code).toBe(2);
    expect(b.err).toContain('--preset is one of papers, goat-bench, r2r-ce, rxr-ce');
    const c = await cli('eval', '--houses', '0..0', '--agent', 'scripted', '--out', join(dir, 'never'), '--preset', 'goat-bench');
    expect(c.code).toBe(2);
    expect(c.err).toContain('--preset goat-bench goes with --dataset goat-bench:PATH');
  });
});
