/**
 * `npm run bench -- lifelong [--json] [--quick]`: the tracker over more than one run in a house.
 * Houses 7, 11 and 23 are each mapped by exploring with SLAM poses (300 coarse actions, 80 with
 * --quick) and the tracker's map is saved. A fresh tracker with the navigator's settings then loads
 * the map and is kidnapped 20 times per house (5 with --quick): put down at a random place the map
 * was made from, facing a random way, and turned in place once (120 frames).
 *
 * - `relocalised`: fraction of kidnaps with a pose in the saved map within that one turn (target ≥ 0.95)
 * - `reloc_error_m`: median distance of the first such pose from the position the saved map gave the
 *   same spot while it was made (a turn in place keeps the camera centre): the error with respect to
 *   the map (target ≤ 0.10); `reloc_error_end_m` the same at the end of the turn
 * - `reloc_error_global_m`: the first pose against ground truth through the whole-run map-to-simulator
 *   fit; it adds the map's own drift (`map_fit_rmse_m`), which loop closure would have to remove
 * - `reloc_frames`: median frames of the turn until the first pose
 * - `false_relocalisations`: kidnaps whose first pose is more than 0.5 m from the map's own position
 *   of the spot (a wrong place accepted)
 * - `wrong_house_relocalised`: turns in another house (each house's map against the next house's
 *   rooms, 5 places each) that produced any pose in the loaded map (target 0)
 * - `map_fit_rmse_m`: mean RMSE of the map-to-simulator fit, the drift already in the saved maps
 * - `map_bytes`: mean size of a saved map file
 *
 * Loop closing (bench/support/loop-replay.ts): each mapping run is replayed frame for frame into a
 * tracker without and one with loop closing (the same frames for both).
 * - `drift_pct_open_loop` / `drift_pct`: mean over houses of the final keyframe trajectory's RMSE
 *   after SE(3) alignment over the path it spans ×100, without and with loop closing (target ≤ 0.3)
 * - `closures`, `false_closures`: closures summed over houses; false when the two keyframes' true
 *   camera centres are more than 3 m apart (target 0)
 * - `closure_ms`: median wall time of a tracking call that closed a loop (detection, pose graph,
 *   landmark correction and fusion all run inside it)
 * The perceptual-aliasing house (two identical rooms) is not part of this suite yet.
 */
import { SimBody } from '../src/body/sim-body.js';
import { loadHouse } from '../src/sim/load-house.js';
import type { BenchOptions, BenchResult } from './run.js';
import { median } from './stats.js';
import { kidnap, kidnapPlaces, mapHouse, navigatorTracker, type KidnapResult, type MappedHouse } from './support/kidnap.js';
import { replayLoopClosing, type LoopReplay } from './support/loop-replay.js';

const HOUSES = [7, 11, 23];
const FALSE_M = 0.5;

async function bodyIn(seed: number): Promise<SimBody> {
  return SimBody.create(await loadHouse({ kind: 'procedural', seed }));
}

export async function run(opts: BenchOptions): Promise<BenchResult> {
  const actions = opts.quick ? 80 : 300;
  const perHouse = opts.quick ? 5 : 20;
  const wrongPerHouse = opts.quick ? 2 : 5;
  const mapped: MappedHouse[] = [];
  for (const seed of HOUSES) {
    const m = await mapHouse(seed, actions);
    opts.log(`house ${seed}: mapped ${m.pathM.toFixed(1)} m in ${m.keyframes} keyframes, map ${m.map.length} bytes, fit RMSE ${m.fitRmseM.toFixed(3)} m`);
    mapped.push(m);
  }
  const loops: LoopReplay[] = [];
  for (const m of mapped) {
    const l = await replayLoopClosing(m.seed, m.steps);
    opts.log(`house ${m.seed}: keyframe drift ${l.driftPctOpenLoop.toFixed(3)} % open loop, ${l.driftPct.toFixed(3)} % with ${l.closures} closures (${l.falseClosures} false) over ${l.pathM.toFixed(1)} m`);
    loops.push(l);
  }
  const table: Record<string, string | number>[] = [];
  const all: KidnapResult[] = [];
  let wrong = 0, wrongTurns = 0;
  for (let h = 0; h < mapped.length; h++) {
    const house = mapped[h];
    const body = await bodyIn(house.seed);
    const { tracker, dispose } = await navigatorTracker(body);
    try {
      const results: KidnapResult[] = [];
      for (const k of kidnapPlaces(house, perHouse)) {
        const r = await kidnap(tracker, body, house, k);
        opts.log(`house ${house.seed} kidnap to (${k.at[0].toFixed(2)}, ${k.at[2].toFixed(2)}) yaw ${((k.yaw * 180) / Math.PI).toFixed(0)}°: ${r.framesToRelocalise === null ? 'not relocalised' : `relocalised after ${r.framesToRelocalise} frames, error ${r.errorM!.toFixed(3)} m (${r.globalErrorM!.toFixed(3)} m through the global fit)`}`);
        results.push(r);
      }
      // the next house's rooms against this house's map: nothing may be accepted
      const other = mapped[(h + 1) % mapped.length];
      const otherBody = await bodyIn(other.seed);
      try {
        for (const k of kidnapPlaces(other, wrongPerHouse)) {
          const r = await kidnap(tracker, otherBody, house, { ...k, mapEst: null });
          wrongTurns++;
          if (r.framesToRelocalise !== null) wrong++;
        }
      } finally {
        otherBody.renderer.dispose();
        otherBody.navmesh.destroy();
      }
      const ok = results.filter((r) => r.errorM !== null);
      table.push({
        house: house.seed,
        kidnaps: results.length,
        relocalised: +(ok.length / results.length).toFixed(3),
        reloc_error_m: ok.length ? +median(ok.map((r) => r.errorM!)).toFixed(4) : Number.NaN,
        reloc_error_global_m: ok.length ? +median(ok.map((r) => r.globalErrorM!)).toFixed(4) : Number.NaN,
        reloc_frames: ok.length ? median(ok.map((r) => r.framesToRelocalise!)) : Number.NaN,
        map_fit_rmse_m: +house.fitRmseM.toFixed(4),
        path_m: +house.pathM.toFixed(1),
        drift_pct_open_loop: +loops[h].driftPctOpenLoop.toFixed(3),
        drift_pct: +loops[h].driftPct.toFixed(3),
        closures: loops[h].closures,
      });
      all.push(...results);
    } finally {
      dispose();
      body.renderer.dispose();
      body.navmesh.destroy();
    }
  }
  const ok = all.filter((r) => r.errorM !== null);
  return {
    table,
    summary: {
      relocalised: +(ok.length / all.length).toFixed(4),
      reloc_error_m: ok.length ? +median(ok.map((r) => r.errorM!)).toFixed(4) : null,
      reloc_error_global_m: ok.length ? +median(ok.map((r) => r.globalErrorM!)).toFixed(4) : null,
      reloc_error_end_m: ok.some((r) => r.endErrorM !== null) ? +median(ok.filter((r) => r.endErrorM !== null).map((r) => r.endErrorM!)).toFixed(4) : null,
      reloc_frames: ok.length ? median(ok.map((r) => r.framesToRelocalise!)) : null,
      false_relocalisations: ok.filter((r) => r.errorM! > FALSE_M).length,
      wrong_house_relocalised: wrong,
      wrong_house_turns: wrongTurns,
      kidnaps: all.length,
      map_fit_rmse_m: +(mapped.reduce((a, m) => a + m.fitRmseM, 0) / mapped.length).toFixed(4),
      map_bytes: Math.round(mapped.reduce((a, m) => a + m.map.length, 0) / mapped.length),
      mapping_actions_per_house: actions,
      drift_pct_open_loop: +(loops.reduce((a, l) => a + l.driftPctOpenLoop, 0) / loops.length).toFixed(3),
      drift_pct: +(loops.reduce((a, l) => a + l.driftPct, 0) / loops.length).toFixed(3),
      closures: loops.reduce((a, l) => a + l.closures, 0),
      false_closures: loops.reduce((a, l) => a + l.falseClosures, 0),
      closure_ms: loops.some((l) => l.closureMs.length) ? +median(loops.flatMap((l) => l.closureMs)).toFixed(1) : null,
    },
  };
}
