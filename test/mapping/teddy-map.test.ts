/**
 * The 100 real RGB-D frames of TUM fr3/teddy (ground-truth poses; z up, floor at z ≈ 0) integrated
 * into one map. The rendered PNG is kept in test-artifacts/ for a person to look at.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PNG } from 'pngjs';
import { Navcore } from '../../src/wasm/navcore.js';
import { OccupancyMap } from '../../src/mapping/occupancy-map.js';
import { renderMap, COLOURS } from '../../src/mapping/render-map.js';
import { encodePng } from '../../src/image/png.js';
import { Z_UP_FRAME, planarPose } from '../../src/geometry/frames.js';
import { poseAt, readRgbd, readTumFrames, readTumTrajectory } from '../../src/body/tum.js';
import { FR3_INTRINSICS, TEDDY, skipReason } from '../../bench/support/shared-data.js';
import { join } from 'node:path';

describe.skipIf(!TEDDY)(`TUM fr3/teddy mapped with ground-truth poses${TEDDY ? '' : ` — skipped: ${skipReason('tum_fr3_teddy_100')}`}`, () => {
  it('yields a map of the hall with the teddy box, drawn to a PNG', async () => {
    const dir = TEDDY!;
    const frames = readTumFrames(dir);
    const gt = readTumTrajectory(join(dir, 'groundtruth.txt'));
    const map = new OccupancyMap(await Navcore.load(), Z_UP_FRAME);
    const layer = map.openFloor(0);
    // the same frames with each frame's rows split over two threads must give the same grid
    const core2 = await Navcore.load({ threads: 2 });
    const map2 = new OccupancyMap(core2, Z_UP_FRAME);
    map2.openFloor(0);
    const trail: { x: number; z: number }[] = [];
    let integrated = 0;
    for (const f of frames) {
      const pose = poseAt(gt, f.rgbTime, 0.02);
      if (!pose) continue;
      const img = readRgbd(dir, f, 5000);
      const r = map.integrate({ intrinsics: FR3_INTRINSICS, depth: img.depth }, pose, layer);
      expect(r.ok).toBe(true);
      expect(map2.integrate({ intrinsics: FR3_INTRINSICS, depth: img.depth }, pose, 0)).toEqual(r);
      integrated++;
      trail.push(planarPose(Z_UP_FRAME, pose));
    }
    expect(integrated).toBeGreaterThanOrEqual(95);
    expect(map2.snapshot(0)).toEqual(map.snapshot(layer));
    await core2.dispose();

    const { free, obstacle } = map.counts(layer);
    // a hall floor seen over several metres, and the box with the bear as a compact obstacle blob
    expect(free * 0.01).toBeGreaterThan(4);
    expect(obstacle).toBeGreaterThan(40);
    expect(obstacle).toBeLessThan(free);
    // the camera's own cells were seen as floor or carved: the camera stands in free space
    const last = trail[trail.length - 1];
    expect(map.cellAt(last.x, last.z, layer)).not.toBe('obstacle');

    const pose = planarPose(Z_UP_FRAME, poseAt(gt, frames[frames.length - 1].rgbTime, 0.05)!);
    const img = renderMap(map, layer, { zoom: 6, trail, pose, markers: [{ name: 'start', ...trail[0] }] });
    mkdirSync('test-artifacts', { recursive: true });
    const png = encodePng(img);
    writeFileSync('test-artifacts/teddy-map.png', png);
    const back = PNG.sync.read(png);
    expect(back.width).toBe(img.width);
    // the pose arrow is drawn in its colour at the camera position
    const [px, py] = [Math.round((pose.x / 0.1 - img.bounds.minX) * img.zoom), Math.round((img.bounds.maxZ + 1 - pose.z / 0.1) * img.zoom)];
    const at = (py * img.width + px) * 4;
    expect([...img.data.slice(at, at + 3)]).not.toEqual([...COLOURS.unknown.slice(0, 3)]);
  });
});
