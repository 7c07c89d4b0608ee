/**
 * The exported `.navmesh` settings block in habitat-sim's units: read back as habitat-sim's PathFinder
 * reads it (its conversion into Recast's rcConfig, in float32), it gives the Recast values the mesh
 * was built with, and a navmesh rebuilt from those values is the exported mesh, byte for byte. Checked
 * over a range of agents, so that float rounding (ceil of radius / cell size) cannot slip through.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_AGENT, recastConfig, SceneNavMesh } from '../../src/sim/index.js';
import {
  exportHabitatHouse,
  navMeshSettings,
  parseHabitatNavMesh,
  recastOfBuildConfig,
  recastOfHabitatSettings,
  type RecastValues,
} from '../../src/sim/node.js';
import { generateHouse } from '../../src/sim/house/generate.js';

/** recast-navigation-js's build config for Recast values (its units: region sizes per side, sample distance in cells). */
function buildConfigOf(v: RecastValues): ReturnType<typeof recastConfig> {
  const side = (area: number) => {
    const s = Math.round(Math.sqrt(area));
    expect(s * s, `region area ${area} is a square`).toBe(area);
    return s;
  };
  return {
    cs: v.cs,
    ch: v.ch,
    walkableRadius: v.walkableRadius,
    walkableHeight: v.walkableHeight,
    walkableClimb: v.walkableClimb,
    walkableSlopeAngle: v.walkableSlopeAngle,
    maxEdgeLen: v.maxEdgeLen,
    maxSimplificationError: v.maxSimplificationError,
    minRegionArea: side(v.minRegionArea),
    mergeRegionArea: side(v.mergeRegionArea),
    maxVertsPerPoly: v.maxVertsPerPoly,
    detailSampleDist: v.detailSampleDist === 0 ? 0 : Math.fround(v.detailSampleDist / v.cs),
    detailSampleMaxError: Math.fround(v.detailSampleMaxError / v.ch),
  };
}

describe('exported navmesh settings in habitat-sim units', () => {
  it("habitat-sim's conversion of the block rebuilds the exported mesh byte for byte", async () => {
    const seed = 3;
    const files = await exportHabitatHouse({ seed, goatEpisodes: 0, r2rEpisodes: 0, split: 'val' });
    const file = parseHabitatNavMesh(files[`scene_datasets/navharness/house_${seed}/house_${seed}.navmesh`], 'export');
    expect(file.version).toBe(2);
    const habitat = recastOfHabitatSettings(file.settings!);
    expect(habitat).toEqual(recastOfBuildConfig(recastConfig(DEFAULT_AGENT)));
    // what habitat stores is not Recast's value where the units differ
    expect(file.settings!.regionMinSize ** 2).toBe(habitat.minRegionArea);
    expect(file.settings!.detailSampleDist).not.toBe(habitat.detailSampleDist);
    const rebuilt = await SceneNavMesh.build(generateHouse(seed), DEFAULT_AGENT, buildConfigOf(habitat));
    try {
      expect(Buffer.from(rebuilt.toRecastBytes()).equals(Buffer.from(file.recastBytes))).toBe(true);
    } finally {
      rebuilt.destroy();
    }
  }, 120_000);

  it('every agent from 5 to 50 cm radius and 0.5 to 2 m height gets a block that reproduces its Recast values', () => {
    for (let r = 0.05; r <= 0.5; r += 0.01)
      for (let h = 0.5; h <= 2; h += 0.05) {
        const agent = { radius: +r.toFixed(2), height: +h.toFixed(2), maxClimb: 0.2, maxSlopeDeg: 45 };
        expect(() => navMeshSettings(agent), JSON.stringify(agent)).not.toThrow();
      }
  });
});
