/**
 * A rebuild that is due (keyframes kept since the floor's last one, no closure; navigator/loop-rebuild.ts)
 * reads the refined poses of that floor's keyframes only and moves nothing the navigator recorded: the
 * agent keeps its own points in the same world (flights, blocked spots, sightings) that nothing moves,
 * and on house 2 the refinements read at the upper floor's first rebuild reached 0.25 m (and the ground
 * floor, whose keyframes had moved too, was rebuilt with it).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { LoopRebuild } from '../../src/navigator/loop-rebuild.js';
import { FloorMapper } from '../../src/mapping/index.js';
import { Navcore } from '../../src/wasm/navcore.js';
import { fromQuatTranslation, identity, type Mat4 } from '../../src/geometry/index.js';

const INTRINSICS = { width: 64, height: 48, fx: 50, fy: 50, cx: 32, cy: 24 };

const at = (x: number, z: number): Mat4 => fromQuatTranslation([0, 0, 0, 1], [x, 0, z]);

let core: Navcore;
beforeAll(async () => {
  core = await Navcore.load();
});

describe('a due rebuild', () => {
  // keyframe 1 on floor 0, keyframe 2 on floor 1; the tracker has since refined both by 0.2 m
  const setUp = () => {
    const rb = new LoopRebuild(new FloorMapper(core, { cameraHeight: 0.88 }), INTRINSICS);
    rb.keep(new Float32Array(64 * 48).fill(2), 1, 0, 0, at(1, 2), at(1, 2));
    rb.keep(new Float32Array(64 * 48).fill(2), 2, 0, 1, at(3, 2), at(3, 2));
    const refined = [
      { id: 1, timestamp: 1, pose: at(1.2, 2) },
      { id: 2, timestamp: 2, pose: at(3.2, 2) },
    ];
    return { rb, refined };
  };
  const xs = (rb: LoopRebuild) => rb.poses().map((k) => +k.pose[3].toFixed(6));

  it('takes the refined poses of its floor alone and gives no correction to move records by', () => {
    const { rb, refined } = setUp();
    expect(rb.closed(0, refined, () => identity(), 1)).toBeNull();
    expect(xs(rb)).toEqual([1, 3.2]);
    expect(rb.stats.closures).toBe(0);
  });

  it('a closure takes every floor’s and moves records by the correction', () => {
    const { rb, refined } = setUp();
    const move = rb.closed(0, refined, () => identity());
    expect(xs(rb)).toEqual([1.2, 3.2]);
    expect(move).not.toBeNull();
    expect(+move!(1.5)![3].toFixed(6)).toBe(0.2);
    expect(rb.stats.closures).toBe(1);
  });
});
