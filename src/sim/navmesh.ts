/**
 * The walkable surface of a scene, built with Recast from every collidable triangle, and the Detour
 * queries the simulator needs: snapping, sliding moves (moveAlongSurface, as Habitat does), geodesic
 * shortest paths and floor heights. Runs in Node and in browsers (Recast is WebAssembly).
 */
import * as recastCore from '@recast-navigation/core';
import type { Vec3 } from '../geometry/index.js';
import { ATTR_WORDS, FLAG_NO_COLLIDE, type Scene } from './scene.js';
import { generateNavMesh, type NavMeshLayout } from './navmesh-build.js';

export interface AgentShape {
  radius: number;
  height: number;
  maxClimb: number;
  maxSlopeDeg: number;
}

export const DEFAULT_AGENT: AgentShape = { radius: 0.18, height: 0.88, maxClimb: 0.2, maxSlopeDeg: 45 };

// The packages' .d.ts files use extension-less relative re-exports that NodeNext resolution cannot
// follow, so the subset used here is typed by hand.
type XYZ = { x: number; y: number; z: number };
interface NavMesh {
  destroy(): void;
}
interface NavMeshQuery {
  findClosestPoint(p: XYZ, o?: { halfExtents?: XYZ }): { success: boolean; polyRef: number; point: XYZ };
  getPolyHeight(ref: number, p: XYZ): { success: boolean; height: number };
  moveAlongSurface(ref: number, a: XYZ, b: XYZ): { success: boolean; resultPosition: XYZ; visited: number[] };
  computePath(a: XYZ, b: XYZ, o?: { halfExtents?: XYZ; maxPathPolys?: number; maxStraightPathPoints?: number }): { success: boolean; path: XYZ[] };
  destroy(): void;
}
interface RecastCore {
  init(): Promise<void>;
  NavMeshQuery: new (m: NavMesh, o?: { maxNodes?: number }) => NavMeshQuery;
  importNavMesh(data: Uint8Array): { navMesh: NavMesh & { getMaxTiles(): number; getTile(i: number): { header(): { polyCount(): number } | null } } };
  exportNavMesh(m: NavMesh): Uint8Array;
}
const core = recastCore as unknown as RecastCore;

let recastReady: Promise<void> | null = null;
export function initRecast(): Promise<void> {
  if (!recastReady) recastReady = core.init();
  return recastReady;
}

/** The Recast build settings for an agent (shared by `build` and the settings block of exports). */
export function recastConfig(agent: AgentShape) {
  // cell size a quarter of the radius so the eroded border is exactly the agent radius
  const cs = agent.radius / 4,
    ch = 0.02;
  return {
    cs,
    ch,
    walkableRadius: Math.round(agent.radius / cs),
    walkableHeight: Math.ceil(agent.height / ch),
    walkableClimb: Math.floor(agent.maxClimb / ch),
    walkableSlopeAngle: agent.maxSlopeDeg,
    maxEdgeLen: Math.round(1.2 / cs),
    maxSimplificationError: 1.1,
    minRegionArea: 8,
    mergeRegionArea: 20,
    maxVertsPerPoly: 6,
    // in cells, as habitat-sim's defaults (6 and 1: samples 6 cells apart, 1 cell height of error).
    // Finer detail (1 and 0.05, used before) made a sloped 40 × 40 m stage take 10–20 times as long,
    // all in buildPolyMeshDetail; 0 crashes this Recast build (out of bounds in buildPolyMeshDetail)
    detailSampleDist: 6,
    detailSampleMaxError: 1,
  };
}

export interface NavPoint {
  point: Vec3;
  ref: number;
}

const v = (p: Vec3) => ({ x: p[0], y: p[1], z: p[2] });
const t = (p: { x: number; y: number; z: number }): Vec3 => [p.x, p.y, p.z];

/** Horizontal distance. */
export function dist2d(a: Vec3, b: Vec3): number {
  return Math.hypot(a[0] - b[0], a[2] - b[2]);
}

export function pathLength(path: readonly Vec3[]): number {
  let s = 0;
  for (let i = 1; i < path.length; i++) s += Math.hypot(path[i][0] - path[i - 1][0], path[i][1] - path[i - 1][1], path[i][2] - path[i - 1][2]);
  return s;
}

export class SceneNavMesh {
  private constructor(
    readonly navMesh: NavMesh,
    readonly query: NavMeshQuery,
    readonly agent: AgentShape,
  ) {}

  /**
   * `config`: Recast's build settings (default `recastConfig(agent)`; a habitat settings block's, to
   * rebuild its mesh). `layout`: 'auto' tiles large grids (navmesh-build.ts), 'solo' builds one tile
   * as habitat-sim does. A build of the same triangles and settings is imported from the first's bytes.
   */
  static async build(
    scene: Scene,
    agent: AgentShape = DEFAULT_AGENT,
    config: ReturnType<typeof recastConfig> = recastConfig(agent),
    layout: NavMeshLayout = 'auto',
  ): Promise<SceneNavMesh> {
    await initRecast();
    const n = scene.attrs.length / ATTR_WORDS;
    let kept = 0;
    for (let i = 0; i < n; i++) if (!(scene.attrs[i * ATTR_WORDS + 3] & FLAG_NO_COLLIDE)) kept++;
    const positions = new Float32Array(kept * 9);
    for (let i = 0, w = 0; i < n; i++) {
      if (scene.attrs[i * ATTR_WORDS + 3] & FLAG_NO_COLLIDE) continue;
      for (let k = 0; k < 3; k++, w += 3) positions.set(scene.triangles.subarray(i * 15 + k * 5, i * 15 + k * 5 + 3), w);
    }
    const { navMesh } = generateNavMesh(positions, config, layout, scene.name);
    return new SceneNavMesh(navMesh, new core.NavMeshQuery(navMesh, { maxNodes: 4096 }), agent);
  }

  /**
   * A navmesh from recast-navigation-js's serialisation (`exportNavMesh`, a version-1 habitat
   * `.navmesh`). The import does not report failure itself, so an empty result is refused here.
   */
  static async fromRecastBytes(bytes: Uint8Array, agent: AgentShape, name = 'navmesh'): Promise<SceneNavMesh> {
    await initRecast();
    const { navMesh } = core.importNavMesh(bytes);
    let polygons = 0;
    for (let i = 0; i < navMesh.getMaxTiles(); i++) polygons += navMesh.getTile(i).header()?.polyCount() ?? 0;
    if (polygons === 0) {
      navMesh.destroy();
      throw new Error(`navmesh '${name}' could not be loaded into Detour (no tile with polygons after import)`);
    }
    return new SceneNavMesh(navMesh, new core.NavMeshQuery(navMesh, { maxNodes: 4096 }), agent);
  }

  /** This navmesh in recast-navigation-js's serialisation (habitat's version-1 layout). */
  toRecastBytes(): Uint8Array {
    return core.exportNavMesh(this.navMesh);
  }

  /** Nearest navmesh point within a box around p (horizontal reach `reach`, vertical ±0.3 m). */
  snap(p: Vec3, reach = 0.5): NavPoint | null {
    const r = this.query.findClosestPoint(v(p), { halfExtents: { x: reach, y: 0.3, z: reach } });
    if (!r.success || r.polyRef === 0) return null;
    return { point: this.heightAt(r.polyRef, t(r.point)), ref: r.polyRef };
  }

  /** The point with its y set to the detail-mesh height of polygon `ref`. */
  heightAt(ref: number, p: Vec3): Vec3 {
    const h = this.query.getPolyHeight(ref, v(p));
    return h.success ? [p[0], h.height, p[2]] : p;
  }

  /** Moves from `from` towards `to` along the surface, sliding along walls; returns where it ended. */
  moveAlong(from: NavPoint, to: Vec3): NavPoint {
    const r = this.query.moveAlongSurface(from.ref, v(from.point), v(to));
    if (!r.success) return from;
    const ref = r.visited.length > 0 ? r.visited[r.visited.length - 1] : from.ref;
    return { point: this.heightAt(ref, t(r.resultPosition)), ref };
  }

  /** Shortest path (straight-path corners) from a to b, or null when b cannot be reached. */
  path(a: Vec3, b: Vec3): Vec3[] | null {
    const sa = this.snap(a),
      sb = this.snap(b);
    if (!sa || !sb) return null;
    const r = this.query.computePath(v(sa.point), v(sb.point), { halfExtents: { x: 0.5, y: 0.3, z: 0.5 }, maxPathPolys: 2048, maxStraightPathPoints: 2048 });
    if (!r.success || r.path.length === 0) return null;
    const pts = r.path.map(t);
    // Detour returns a partial path to the nearest reachable point when b is cut off
    if (dist2d(pts[pts.length - 1], sb.point) > 0.05 || Math.abs(pts[pts.length - 1][1] - sb.point[1]) > 0.3) return null;
    return pts;
  }

  /** Geodesic distance from a to b on the navmesh, Infinity when unreachable. */
  geodesic(a: Vec3, b: Vec3): number {
    const p = this.path(a, b);
    return p ? pathLength(p) : Infinity;
  }

  destroy(): void {
    this.query.destroy();
    this.navMesh.destroy();
  }
}
