/**
 * Issue 38: navmesh files whose counts or parameters Detour would trust: impossible tile counts
 * trapped inside WebAssembly ("memory access out of bounds"), negative detail counts and NaN
 * parameters passed silently. Each is refused by parseHabitatNavMesh, naming the field, before any
 * byte reaches WebAssembly; a stage config with units_to_meters 1e-30 is refused too.
 */
import { describe, expect, it } from 'vitest';
import { SceneNavMesh } from '../../src/sim/navmesh.js';
import { HABITAT_DEFAULT_AGENT, parseHabitatNavMesh, writeHabitatNavMesh } from '../../src/sim/node.js';
import { StageConfigSchema } from '../../src/sim/habitat/load-scene.js';
import { squareRoom } from '../helpers/sim-scenes.js';

/** offsets in a version-1 file: 12-byte header, 28-byte params (at 12), tile 0's ref and size (at 40) */
const PARAMS = 12,
  TILE = 48;
// TILE: where tile 0's data (its dtMeshHeader) starts, after its 4-byte ref and 4-byte size
/** dtMeshHeader fields, from the tile data's start */
const F = { polyCount: 24, vertCount: 28, detailMeshCount: 36, detailVertCount: 40, detailTriCount: 44, walkableHeight: 60 };

describe('hostile navmesh files', async () => {
  const nav = await SceneNavMesh.build(squareRoom(3));
  const good = parseHabitatNavMesh(nav.toRecastBytes()).recastBytes;
  nav.destroy();
  const edit = (f: (dv: DataView) => void): Uint8Array => {
    const b = good.slice();
    f(new DataView(b.buffer));
    return b;
  };

  it('the file a navmesh exports passes, also as version 2, and loads', async () => {
    expect(parseHabitatNavMesh(good).tiles).toBe(1);
    const settings = {
      cellSize: 0.05,
      cellHeight: 0.2,
      agentHeight: 1.5,
      agentRadius: 0.1,
      agentMaxClimb: 0.2,
      agentMaxSlope: 45,
      regionMinSize: 20,
      regionMergeSize: 20,
      edgeMaxLen: 12,
      edgeMaxError: 1.3,
      vertsPerPoly: 6,
      detailSampleDist: 6,
      detailSampleMaxError: 1,
      filterLowHangingObstacles: true,
      filterLedgeSpans: true,
      filterWalkableLowHeightSpans: true,
      includeStaticObjects: false,
    };
    expect(parseHabitatNavMesh(writeHabitatNavMesh(good, settings)).settings?.agentHeight).toBeCloseTo(1.5, 6);
    (await SceneNavMesh.fromRecastBytes(good, HABITAT_DEFAULT_AGENT)).destroy();
    const nanSettings = writeHabitatNavMesh(good, { ...settings, agentRadius: Number.NaN });
    expect(() => parseHabitatNavMesh(nanSettings)).toThrow(/settings agentRadius is NaN; expected a finite number of at least 0/);
  });

  it.each([
    ['NaN tile width', (dv: DataView) => dv.setFloat32(PARAMS + 12, Number.NaN, true), /navmesh params tileWidth is NaN/],
    [
      'a 2³⁰-tile mesh',
      (dv: DataView) => dv.setInt32(PARAMS + 20, 2 ** 30, true),
      /maxTiles 1073741824 × maxPolys \d+ need more than Detour's 22 reference bits/,
    ],
    ['maxPolys 0', (dv: DataView) => dv.setInt32(PARAMS + 24, 0, true), /maxPolys 0; expected at least 1 each/],
    ['a negative detail count', (dv: DataView) => dv.setInt32(TILE + F.detailVertCount, -5, true), /tile 0: detailVertCount is -5; expected 0 or more/],
    [
      'a polygon count larger than the data',
      (dv: DataView) => dv.setInt32(TILE + F.polyCount, dv.getInt32(TILE + F.polyCount, true) + 1000, true),
      /tile 0: (polyCount \d+ exceeds|holds \d+ bytes, but its counts make \d+)/,
    ],
    [
      'a vertex count the data does not hold',
      (dv: DataView) => dv.setInt32(TILE + F.vertCount, 1_000_000, true),
      /tile 0: holds \d+ bytes, but its counts make \d+/,
    ],
    ['a NaN walkable height', (dv: DataView) => dv.setFloat32(TILE + F.walkableHeight, Number.NaN, true), /tile 0: header float 0 .* is NaN/],
  ])('%s is refused before WebAssembly', (_, f, message) => {
    expect(() => parseHabitatNavMesh(edit(f), 'forged.navmesh')).toThrow(message);
  });

  it('a polygon naming a vertex its tile does not have is refused', () => {
    const b = edit((dv) => {
      const vertCount = dv.getInt32(TILE + F.vertCount, true);
      const polys = TILE + 100 + ((vertCount * 12 + 3) & ~3);
      dv.setUint16(polys + 4, vertCount + 7, true);
    });
    expect(() => parseHabitatNavMesh(b)).toThrow(/tile 0: polygon 0 names vertex \d+ of \d+/);
  });

  it('units_to_meters 1e-30 in a stage config is refused', () => {
    const r = StageConfigSchema.safeParse({ render_asset: 'a.glb', units_to_meters: 1e-30 });
    expect(r.success).toBe(false);
    expect(JSON.stringify(r.error?.issues)).toContain('units_to_meters must be at least 0.0001');
    expect(StageConfigSchema.safeParse({ render_asset: 'a.glb', units_to_meters: 0.01 }).success).toBe(true);
  });
});
