/**
 * How a Recast navmesh is generated from a scene's collidable triangles: in one tile, as habitat-sim
 * builds every navmesh, while the grid is at most `SOLO_MAX_CELLS` a side; in tiles of `TILE_CELLS`
 * beyond. On a large open floor Recast's polygons span the whole grid, and its detail pass reads a
 * height patch as large as each polygon's bounds: habitat-sim's 40 × 40 m `stage_floor1` took 2.4 s
 * in one tile (1.6 s of it the detail pass, quiet machine) for 132 polygons. Tiles bound every
 * polygon by the tile. The procedural houses (at most 21 m: 466 cells for the body's agent, 493 for
 * GOAT-Bench's) stay in one tile, so their navmeshes are still the ones habitat-sim rebuilds from an
 * exported settings block; a benchmark agent with smaller cells (R2R-CE's 0.1 m radius: 2.5 cm) tiles
 * them.
 *
 * Builds are kept by content (the triangles, the Recast values and the layout), so a scene built
 * again in the same process for the same agent is imported from the bytes of its first build.
 */
import * as recastCore from '@recast-navigation/core';
import * as recastGenerators from '@recast-navigation/generators';

/** The subset of Detour's navmesh used here (the packages' own types cannot be resolved, see navmesh.ts). */
export interface RawNavMesh {
  destroy(): void;
  getMaxTiles(): number;
  getTile(i: number): { header(): { polyCount(): number } | null };
}
interface Generated {
  success: boolean;
  navMesh?: RawNavMesh;
  error?: string;
  intermediates?: { buildContext?: { logs: Array<{ category: number; msg: string }> } };
}
interface Generators {
  generateSoloNavMesh(positions: ArrayLike<number>, indices: ArrayLike<number>, cfg: Record<string, number>): Generated;
  generateTiledNavMesh(positions: ArrayLike<number>, indices: ArrayLike<number>, cfg: Record<string, number>): Generated;
}
interface Core {
  importNavMesh(data: Uint8Array): { navMesh: RawNavMesh };
  exportNavMesh(m: RawNavMesh): Uint8Array;
}
const generators = recastGenerators as unknown as Generators;
const core = recastCore as unknown as Core;

/** Grids up to this many cells a side are one tile (habitat-sim's layout). */
export const SOLO_MAX_CELLS = 512;
/** Larger grids are cut into tiles of this many cells a side (5.8 m at the body's 4.5 cm cells). */
export const TILE_CELLS = 128;
/** Recast's own log category for errors (rcLogCategory RC_LOG_ERROR). */
const RC_LOG_ERROR = 3;

/** 'auto': one tile up to SOLO_MAX_CELLS a side, else tiles; 'solo': one tile whatever the size (an export for habitat-sim). */
export type NavMeshLayout = 'auto' | 'solo';

/**
 * Detour's polygon references hold 22 bits of tile and polygon index, of which recast-navigation-js
 * gives tiles at most 14: a grid needing more tiles would be built with holes (a tile that cannot
 * be added is only logged), and one tile that large would not fit in WebAssembly's memory.
 */
const MAX_TILES = 1 << 14;

/**
 * A scene no navmesh can be built for. Named as the scene opener's refusals are, so that every
 * command refuses it with exit 2 (src/commands/main.ts tells them by name; sim cannot import world).
 */
export class NavMeshSceneError extends Error {
  override name = 'SceneError';
}

/** The layout a grid of these bounds gets: 0 for one tile, else the tile size in cells; a grid too large for Detour throws. */
export function tileCellsFor(positions: Float32Array, cs: number, layout: NavMeshLayout, name = 'scene'): number {
  if (positions.length === 0) return 0;
  let x0 = Infinity,
    x1 = -Infinity,
    z0 = Infinity,
    z1 = -Infinity;
  for (let i = 0; i < positions.length; i += 3) {
    const x = positions[i],
      z = positions[i + 2];
    if (x < x0) x0 = x;
    if (x > x1) x1 = x;
    if (z < z0) z0 = z;
    if (z > z1) z1 = z;
  }
  const w = Math.ceil((x1 - x0) / cs),
    h = Math.ceil((z1 - z0) / cs);
  const tiles = Math.ceil(w / TILE_CELLS) * Math.ceil(h / TILE_CELLS);
  if (!Number.isFinite(tiles) || tiles > MAX_TILES) {
    const size = `${+(x1 - x0).toFixed(1)} × ${+(z1 - z0).toFixed(1)} m`;
    const side = Math.floor(Math.sqrt(MAX_TILES) * TILE_CELLS * cs);
    throw new NavMeshSceneError(
      `scene '${name}': its walkable surface spans ${size}, ${w} × ${h} cells of ${+cs.toFixed(4)} m: more than a navmesh holds (${MAX_TILES} tiles of ${TILE_CELLS} cells, ${side} m a side for this agent); check the stage's units_to_meters and scale\naccepted: a scene at most ${side} m a side in metres`,
    );
  }
  if (layout === 'solo') return 0;
  return Math.max(w, h) > SOLO_MAX_CELLS ? TILE_CELLS : 0;
}

/** Two 32-bit multiplicative hashes of the words (a cache key; a hit is compared in full). */
function hash64(words: Uint32Array): string {
  let a = 0x811c9dc5,
    b = 0x01000193 ^ words.length;
  for (let i = 0; i < words.length; i++) {
    a = Math.imul(a ^ words[i], 0x01000193);
    b = Math.imul(b ^ words[i], 0x5bd1e995) ^ (b >>> 15);
  }
  return `${(a >>> 0).toString(16)}${(b >>> 0).toString(16)}`;
}

interface CacheEntry {
  key: string;
  positions: Float32Array;
  config: string;
  bytes: Uint8Array;
}
/** What the tiled generator logs when Detour refuses a tile's data (an empty tile among them). */
const EMPTY_TILE_REFUSAL = 'Failed to create Detour navmesh data';

/** The last two builds (a command that checks a scene and then runs it builds twice); each keeps a copy of its triangles, so a hit is exact. */
const CACHE_ENTRIES = 2;
const cache: CacheEntry[] = [];

const sameFloats = (a: Float32Array, b: Float32Array) => a.length === b.length && a.every((v, i) => Object.is(v, b[i]));

/** The navmesh's Detour bytes from the cache, or null; a hit moves to the front. */
function cached(positions: Float32Array, config: string, key: string): Uint8Array | null {
  const i = cache.findIndex((e) => e.key === key && e.config === config && sameFloats(e.positions, positions));
  if (i < 0) return null;
  const [e] = cache.splice(i, 1);
  cache.unshift(e);
  return e.bytes;
}

function remember(e: CacheEntry): void {
  cache.unshift(e);
  cache.length = Math.min(cache.length, CACHE_ENTRIES);
}

/** Forgets every kept build (the benchmark times cold builds with it). */
export function clearNavMeshCache(): void {
  cache.length = 0;
}

/** Generates (or imports from the cache) the Detour navmesh of `positions` (x, y, z per vertex, three per triangle). */
export function generateNavMesh(
  positions: Float32Array,
  config: Record<string, number>,
  layout: NavMeshLayout,
  name: string,
): { navMesh: RawNavMesh; cached: boolean } {
  const tileSize = tileCellsFor(positions, config.cs, layout, name);
  const cfg = tileSize > 0 ? { ...config, tileSize, chunkyTriMeshTrisPerChunk: chunkSize(positions.length / 9) } : config;
  const cfgText = JSON.stringify(cfg);
  const key = hash64(new Uint32Array(positions.buffer, positions.byteOffset, positions.length));
  const hit = cached(positions, cfgText, key);
  if (hit) return { navMesh: core.importNavMesh(hit).navMesh, cached: true };
  const indices = new Uint32Array(positions.length / 3).map((_, i) => i);
  const r = tileSize > 0 ? generators.generateTiledNavMesh(positions, indices, cfg) : generators.generateSoloNavMesh(positions, indices, cfg);
  // a tile that fails to build or to join the mesh is only logged by the tiled generator, which then
  // reports success with a hole; but the generator also asks Detour for the data of a tile with no
  // walkable polygon (a wall's or the roof's only), which Detour refuses: that tile is empty, not a hole
  // (a 128-cell tile cannot reach Detour's other refusal, 65,535 vertices)
  const emptyTile = (msg: string) => tileSize > 0 && msg === EMPTY_TILE_REFUSAL;
  const error =
    r.error ?? r.intermediates?.buildContext?.logs.find((l) => (l.category === RC_LOG_ERROR && !emptyTile(l.msg)) || /^Failed to add tile/.test(l.msg))?.msg;
  if (!r.success || !r.navMesh || error) {
    r.navMesh?.destroy();
    throw new Error(`navmesh generation failed for scene '${name}': ${error ?? 'no navmesh'}`);
  }
  remember({ key, positions: positions.slice(), config: cfgText, bytes: core.exportNavMesh(r.navMesh) });
  return { navMesh: r.navMesh, cached: false };
}

/**
 * Triangles per chunk of the tiled generator's spatial index: it reads at most 512 chunks under a
 * tile and drops the rest without a word, so a large mesh gets chunks large enough that it has
 * fewer than 512 in all (leaves hold more than half a chunk: under 400).
 */
function chunkSize(triangles: number): number {
  return Math.max(256, Math.ceil(triangles / 200));
}
