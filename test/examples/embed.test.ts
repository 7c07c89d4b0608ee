/** The embedding example in examples/ keeps working: synthetic depth in, a map, a route and a PNG out. */
import { describe, expect, it } from 'vitest';
import { mapAndPlan } from '../../examples/embed.js';
import { fromHfov } from '../../src/geometry/intrinsics.js';
import { NAVIGATOR_FRAME } from '../../src/geometry/frames.js';
import { castDepth, cameraPose, FURNITURE, ROOM } from '../../bench/support/synthetic.js';

describe('examples/embed.ts', () => {
  const K = fromHfov(160, 120, 79);
  // a camera that walks 1.5 m into the synthetic room while turning a little
  const frames = Array.from({ length: 12 }, (_, i) => {
    const pose = cameraPose([0, 0, 0.5 + i * 0.125], (i - 6) * 0.15);
    return { depth: castDepth(K, pose, ROOM, FURNITURE), pose };
  });

  it('maps the frames, routes from the first to the last position and draws the map', async () => {
    const r = await mapAndPlan(frames, K, NAVIGATOR_FRAME, -0.88);
    expect(r.integrated).toBe(12);
    expect(r.exploredM2).toBeGreaterThan(5);
    expect(r.exploredM2).toBeLessThan(30); // the room is 6 × 5 m
    expect(r.route.status).toBe('ok');
    if (r.route.status === 'ok') expect(r.route.lengthM).toBeGreaterThan(1.2);
    expect(Buffer.from(r.png.subarray(0, 8)).toString('latin1')).toBe('\x89PNG\r\n\x1a\n');
  });

  it("stops with the mapper's reason on a bad frame", async () => {
    const bad = [frames[0], { depth: new Float32Array(7), pose: frames[1].pose }];
    await expect(mapAndPlan(bad, K, NAVIGATOR_FRAME, -0.88)).rejects.toThrow(/depth has 7 values but the intrinsics say 160×120/);
  });
});
