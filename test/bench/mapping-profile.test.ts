import { describe, expect, it } from 'vitest';
import { MappingProfile } from '../../bench/support/mapping-profile.js';
import { castDepth, cameraPose, FURNITURE, ROOM } from '../../bench/support/synthetic.js';
import { fromHfov } from '../../src/geometry/intrinsics.js';
import { OccupancyMap } from '../../src/mapping/occupancy-map.js';
import { Navcore } from '../../src/wasm/navcore.js';

const K = fromHfov(96, 72, 79);

describe('the mapping profile (bench mapping --profile)', () => {
  it('times each kernel a frame calls, leaves the rest to glue, and maps exactly as the plain core', async () => {
    // a clock that moves one unit per reading: each timed kernel call spans exactly one unit
    let t = 0;
    const clock = () => t++;
    const [plain, timed] = [await Navcore.load(), await Navcore.load()];
    for (const shadows of [false, true]) {
      const p = new MappingProfile(timed, clock);
      const a = new OccupancyMap(plain, undefined, { shadows });
      const b = new OccupancyMap(p.core, undefined, { shadows });
      a.openFloor(-0.88);
      b.openFloor(-0.88);
      for (let i = 0; i < 4; i++) {
        const pose = cameraPose([0.2 * i, 0, 0.1 * i], (i * Math.PI) / 4);
        const depth = castDepth(K, pose, ROOM, FURNITURE);
        expect(a.integrate({ intrinsics: K, depth }, pose).ok).toBe(true);
        expect(p.take(0)).toMatchObject({ classify: 0, mark: 0, carve: 0, shadows: 0 });
        expect(b.integrate({ intrinsics: K, depth }, pose).ok).toBe(true);
        expect(p.take(10)).toEqual({ classify: 1, mark: 1, carve: 1, shadows: shadows ? 1 : 0, glue: shadows ? 6 : 7 });
      }
      expect(b.snapshot()).toEqual(a.snapshot());
    }
  });
});
