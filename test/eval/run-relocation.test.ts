/**
 * Relocation inside a run (--task-starts episode) and at the start of a run from a house memory: the
 * body is moved, turned once in place, and the four views come back for the next task's opening; the
 * jump is never counted as walked; a body already at the start is not moved. A run starting from a
 * house memory notes the known cells it starts with and whether it relocalised in the saved map.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Workspace } from '../../src/memory/index.js';
import { World, planGoatSequence, HouseSpecSchema } from '../../src/world/index.js';
import { poseErrorM } from '../../src/eval/relocalisation-truth.js';
import { RunMetricsSchema } from '../../src/eval/run-metrics.js';
import {
  knownCellsOf,
  noteLateRelocalisation,
  runStartMetrics,
  readRunStart,
  relocationCount,
  RUN_START_FILE,
  startRelocation,
  taskRelocation,
} from '../../src/eval/run-relocation.js';
import type { Navigator } from '../../src/navigator/index.js';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
function workspace(): Workspace {
  const d = mkdtempSync(join(tmpdir(), 'reloc-'));
  dirs.push(d);
  return Workspace.open({ runDir: join(d, 'run'), houseDir: join(d, 'run', 'house') });
}

describe('relocation in a run', () => {
  it('moves the body to a task start elsewhere, returns four views, and never counts the jump as walked', async () => {
    const house = HouseSpecSchema.parse('seed:7');
    const plan = await planGoatSequence(house, 1);
    const world = await World.open({ house, poseSource: 'ground-truth' }, plan.episode.start);
    try {
      const ws = workspace();
      // at the start already: nothing happens
      expect(await taskRelocation(world, ws, 'task-002', plan.episode.start)).toBeNull();
      const far = plan.starts.find((s) => Math.hypot(s.position[0] - plan.episode.start.position[0], s.position[2] - plan.episode.start.position[2]) > 1);
      expect(far).toBeDefined();
      const mark = world.trajectory.mark;
      const views = await taskRelocation(world, ws, 'task-002', far!);
      expect(views).toHaveLength(4);
      const at = world.body.simPose.position;
      expect(Math.hypot(at[0] - far!.position[0], at[2] - far!.position[2])).toBeLessThan(0.3);
      expect(world.trajectory.lengthSince(world.trajectory.mark)).toBe(0);
      expect(world.trajectory.lengthSince(mark)).toBeGreaterThan(1);
      expect(relocationCount(ws)).toBe(1);

      // the start of a run without saved maps: nothing known from memory (the first frames do not count)
      expect(world.navigator.knownCells()).toBeGreaterThan(0);
      const first = await startRelocation(world, ws, { maps: null, relocateAtStart: true });
      expect(first).toHaveLength(4);
      const start = readRunStart(ws);
      expect(start).toMatchObject({ known_cells_at_start: 0, relocalised: null });
      expect(start?.relocalisation_error_m).toBeUndefined();
      // no map loaded: the run's world starts here, and its world → truth maps the pose now onto the truth
      const g = Float64Array.from(start!.world_to_truth!);
      expect(poseErrorM(g, world.navigator.poseMatrix()!, world.body.groundTruthPose())).toBeLessThan(1e-9);
      // with saved maps: the saved grids' known cells
      const memory = world.navigator.memory()!;
      expect(knownCellsOf(memory)).toBe(world.navigator.knownCells());
      expect(knownCellsOf(memory)).toBeGreaterThan(0);
    } finally {
      world.dispose();
    }
  }, 120_000);
});

describe('a late relocalisation in the run start file', () => {
  it('is noted once, only for a run whose start turn did not relocalise; files without it still read', () => {
    const ws = workspace();
    const orch = { kind: 'orchestrator' } as const;
    const nav = (at: number | null) => ({ lateRelocalisedAt: at }) as unknown as Navigator;
    // a file written before the late field: still readable, nothing to note while the body is not found
    ws.writeOwned(orch, RUN_START_FILE, JSON.stringify({ known_cells_at_start: 120, relocalised: false }) + '\n');
    noteLateRelocalisation(nav(null), ws, 1);
    expect(readRunStart(ws)).toEqual({ known_cells_at_start: 120, relocalised: false });
    const g = Array.from({ length: 16 }, (_, i) => (i % 5 === 0 ? 1 : 0));
    const camera = { estimated: [1, -0.9, 2] as [number, number, number], truth: [1.1, -0.9, 2] as [number, number, number] };
    noteLateRelocalisation(nav(431), ws, 2, { errorM: 0.12, savedWorldToTruth: Float64Array.from(g), camera });
    expect(readRunStart(ws)).toEqual({
      known_cells_at_start: 120,
      relocalised: false,
      late_relocalisation: { task: 2, frame: 431, camera },
      relocalisation_error_m: 0.12,
      world_to_truth: g,
    });
    // the run's metrics carry the late join's task and frame, which the run metrics' schema reads back
    const carried = runStartMetrics(readRunStart(ws));
    expect(carried).toEqual({ known_cells_at_start: 120, relocalised: false, late_relocalisation: { task: 2, frame: 431 }, relocalisation_error_m: 0.12 });
    expect(
      RunMetricsSchema.pick({ known_cells_at_start: true, relocalised: true, late_relocalisation: true, relocalisation_error_m: true }).parse(carried),
    ).toEqual(carried);
    // the first time stays
    noteLateRelocalisation(nav(431), ws, 3);
    expect(readRunStart(ws)?.late_relocalisation).toEqual({ task: 2, frame: 431, camera });
    // a run that relocalised at the start, or loaded no map, notes nothing
    for (const relocalised of [true, null]) {
      ws.writeOwned(orch, RUN_START_FILE, JSON.stringify({ known_cells_at_start: 0, relocalised }) + '\n');
      noteLateRelocalisation(nav(99), ws, 1);
      expect(readRunStart(ws)).toEqual({ known_cells_at_start: 0, relocalised });
    }
    // a malformed late field is refused with its name
    ws.writeOwned(orch, RUN_START_FILE, JSON.stringify({ known_cells_at_start: 0, relocalised: false, late_relocalisation: { task: 0, frame: 3 } }) + '\n');
    expect(() => readRunStart(ws)).toThrow(/late_relocalisation/);
  });

  it('notes a refuted join: a refuted start turn is not relocalised, and the late join after it is noted as any', () => {
    const ws = workspace();
    const orch = { kind: 'orchestrator' } as const;
    const nav = (at: number | null) => ({ lateRelocalisedAt: at }) as unknown as Navigator;
    const g = Array.from({ length: 16 }, (_, i) => (i % 5 === 0 ? 1 : 0));
    ws.writeOwned(
      orch,
      RUN_START_FILE,
      JSON.stringify({ known_cells_at_start: 120, relocalised: true, relocalisation_error_m: 1.8, world_to_truth: g }) + '\n',
    );
    const own = Float64Array.from(g.map((v, i) => (i === 3 ? 1.8 : v)));
    const watch = { errorM: null, savedWorldToTruth: Float64Array.from(g), camera: null, refused: [{ errorM: 1.8 }], startRefused: true, ownWorldToTruth: own };
    noteLateRelocalisation(nav(null), ws, 1, watch);
    expect(readRunStart(ws)).toEqual({
      known_cells_at_start: 120,
      relocalised: false,
      late_relocalisation: null,
      relocalisation_error_m: null,
      world_to_truth: Array.from(own),
      refused_joins: [{ task: 1, error_m: 1.8 }],
    });
    // found again, rightly, in task 2: noted as a late join, the refusal kept
    noteLateRelocalisation(nav(900), ws, 2, { ...watch, errorM: 0.1 });
    const start = readRunStart(ws);
    expect(start?.late_relocalisation).toEqual({ task: 2, frame: 900 });
    expect(start?.relocalisation_error_m).toBe(0.1);
    expect(start?.refused_joins).toEqual([{ task: 1, error_m: 1.8 }]);
    expect(start?.world_to_truth).toEqual(g);
    const carried = runStartMetrics(start);
    const fields = { known_cells_at_start: true, relocalised: true, late_relocalisation: true, relocalisation_error_m: true, refused_joins: true } as const;
    expect(RunMetricsSchema.pick(fields).parse(carried)).toEqual(carried);
    expect(carried.refused_joins).toEqual([{ task: 1, error_m: 1.8 }]);
  });
});
