/**
 * habitat-sim's `NavMeshSettings` and Recast's `rcConfig`: the settings block of a `.navmesh` holds
 * habitat's units, which its PathFinder turns into Recast's before building (as RecastDemo does):
 * walkable height, climb and radius from metres into cells (ceil, floor, ceil), the edge length into
 * cells, the region sizes squared into areas, the detail sample distance times the cell size (0 below
 * 0.9) and its error times the cell height. The block is float32 and habitat computes in float, so
 * the conversion here rounds each step to float32 as habitat-sim does. recast-navigation-js's
 * `generateSoloNavMesh` takes the same units and makes the same conversion, so the project's own
 * build config (`recastConfig`) is written to the block as it is, and `recastOfBuildConfig` is what
 * Recast then ran with.
 */
import type { HabitatNavMeshSettings } from './navmesh-file.js';

/** The Recast build values (rcConfig fields) a navmesh was or will be built with. */
export interface RecastValues {
  cs: number;
  ch: number;
  walkableSlopeAngle: number;
  walkableHeight: number;
  walkableClimb: number;
  walkableRadius: number;
  maxEdgeLen: number;
  maxSimplificationError: number;
  minRegionArea: number;
  mergeRegionArea: number;
  maxVertsPerPoly: number;
  detailSampleDist: number;
  detailSampleMaxError: number;
}

const f = Math.fround;
const div = (a: number, b: number) => f(f(a) / f(b));
const mul = (a: number, b: number) => f(f(a) * f(b));

/** What habitat-sim's PathFinder builds with from a settings block (float arithmetic, C casts). */
export function recastOfHabitatSettings(s: HabitatNavMeshSettings): RecastValues {
  return {
    cs: f(s.cellSize),
    ch: f(s.cellHeight),
    walkableSlopeAngle: f(s.agentMaxSlope),
    walkableHeight: Math.ceil(div(s.agentHeight, s.cellHeight)),
    walkableClimb: Math.floor(div(s.agentMaxClimb, s.cellHeight)),
    walkableRadius: Math.ceil(div(s.agentRadius, s.cellSize)),
    maxEdgeLen: Math.trunc(div(s.edgeMaxLen, s.cellSize)),
    maxSimplificationError: f(s.edgeMaxError),
    minRegionArea: Math.trunc(mul(s.regionMinSize, s.regionMinSize)),
    mergeRegionArea: Math.trunc(mul(s.regionMergeSize, s.regionMergeSize)),
    maxVertsPerPoly: Math.trunc(f(s.vertsPerPoly)),
    detailSampleDist: f(s.detailSampleDist) < 0.9 ? 0 : mul(s.cellSize, s.detailSampleDist),
    detailSampleMaxError: mul(s.cellHeight, s.detailSampleMaxError),
  };
}

/** The build config of `generateSoloNavMesh` (its units: cells for walkable values, habitat's for the rest). */
export type BuildConfig = RecastValues;

/** What Recast ran with for a `generateSoloNavMesh` config: rcConfig's int and float fields after its conversion. */
export function recastOfBuildConfig(c: BuildConfig): RecastValues {
  const int = (v: number) => Math.trunc(v);
  const cs = f(c.cs),
    ch = f(c.ch);
  const dsd = f(c.detailSampleDist);
  return {
    cs,
    ch,
    walkableSlopeAngle: f(c.walkableSlopeAngle),
    walkableHeight: int(c.walkableHeight),
    walkableClimb: int(c.walkableClimb),
    walkableRadius: int(c.walkableRadius),
    maxEdgeLen: int(c.maxEdgeLen),
    maxSimplificationError: f(c.maxSimplificationError),
    minRegionArea: int(c.minRegionArea) * int(c.minRegionArea),
    mergeRegionArea: int(c.mergeRegionArea) * int(c.mergeRegionArea),
    maxVertsPerPoly: int(c.maxVertsPerPoly),
    detailSampleDist: dsd < 0.9 ? 0 : mul(cs, dsd),
    detailSampleMaxError: mul(ch, c.detailSampleMaxError),
  };
}
