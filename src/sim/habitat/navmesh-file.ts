/**
 * habitat-sim's `.navmesh` binary (PathFinder::saveNavMesh / loadNavMesh), read and written.
 *
 * Layout (little-endian): int32 magic 'MSET', int32 version (1, or 2 with the 56-byte NavMeshSettings
 * block after the params), int32 numTiles, 28-byte dtNavMeshParams, [56-byte settings], then per tile
 * uint32 tileRef, int32 dataSize and the Detour tile data. recast-navigation-js serialises the same
 * layout but accepts version 1 only, so a version-2 file is handed to it without the settings block.
 * Every field a reader trusts is checked first: a malformed file is an error naming the file and the
 * offending field, never a crash inside WebAssembly.
 */

const MAGIC = ('M'.charCodeAt(0) << 24) | ('S'.charCodeAt(0) << 16) | ('E'.charCodeAt(0) << 8) | 'T'.charCodeAt(0);
/** Detour tile data starts with dtMeshHeader: magic 'DNAV', version 7 */
const TILE_MAGIC = ('D'.charCodeAt(0) << 24) | ('N'.charCodeAt(0) << 16) | ('A'.charCodeAt(0) << 8) | 'V'.charCodeAt(0);
const TILE_VERSION = 7;
const HEADER = 12;
const PARAMS = 28;
export const SETTINGS_BYTES = 56;

/** habitat-sim's NavMeshSettings (PathFinder.h), in its on-disk order. */
export interface HabitatNavMeshSettings {
  cellSize: number;
  cellHeight: number;
  agentHeight: number;
  agentRadius: number;
  agentMaxClimb: number;
  /** degrees */
  agentMaxSlope: number;
  regionMinSize: number;
  regionMergeSize: number;
  edgeMaxLen: number;
  edgeMaxError: number;
  vertsPerPoly: number;
  detailSampleDist: number;
  detailSampleMaxError: number;
  filterLowHangingObstacles: boolean;
  filterLedgeSpans: boolean;
  filterWalkableLowHeightSpans: boolean;
  /** v0.2.5+; the padding byte of older versions reads as false */
  includeStaticObjects: boolean;
}

const FLOAT_FIELDS = [
  'cellSize',
  'cellHeight',
  'agentHeight',
  'agentRadius',
  'agentMaxClimb',
  'agentMaxSlope',
  'regionMinSize',
  'regionMergeSize',
  'edgeMaxLen',
  'edgeMaxError',
  'vertsPerPoly',
  'detailSampleDist',
  'detailSampleMaxError',
] as const;
const BOOL_FIELDS = ['filterLowHangingObstacles', 'filterLedgeSpans', 'filterWalkableLowHeightSpans', 'includeStaticObjects'] as const;

export interface HabitatNavMeshFile {
  version: 1 | 2;
  /** null for version 1 files, which carry no settings */
  settings: HabitatNavMeshSettings | null;
  tiles: number;
  /** the same navmesh in recast-navigation-js's (version-1) serialisation, for `importNavMesh` */
  recastBytes: Uint8Array;
}

const align4 = (n: number): number => (n + 3) & ~3;
/** Detour's record sizes (DetourNavMesh.h, 32-bit poly refs): dtMeshHeader, vertex, dtPoly, dtLink, dtPolyDetail, detail vertex, detail triangle, dtBVNode, dtOffMeshConnection */
const TILE_HEADER_BYTES = 100;
const COUNT_FIELDS = [
  'polyCount',
  'vertCount',
  'maxLinkCount',
  'detailMeshCount',
  'detailVertCount',
  'detailTriCount',
  'bvNodeCount',
  'offMeshConCount',
  'offMeshBase',
] as const;
const RECORD_BYTES = {
  vertCount: 12,
  polyCount: 32,
  maxLinkCount: 12,
  detailMeshCount: 12,
  detailVertCount: 12,
  detailTriCount: 4,
  bvNodeCount: 16,
  offMeshConCount: 36,
} as const;
const VERTS_PER_POLYGON = 6;
/** Detour's reference layout: tile bits + polygon bits leave at least 10 salt bits of 32 */
const MAX_REF_BITS = 22;
const ilog2Ceil = (n: number): number => Math.ceil(Math.log2(Math.max(1, n)));

/** Why the dtNavMeshParams at `at` cannot initialise a Detour navmesh, or null. */
function paramsProblem(dv: DataView, at: number): string | null {
  const floats = ['orig[0]', 'orig[1]', 'orig[2]', 'tileWidth', 'tileHeight'].map((name, i) => ({ name, value: dv.getFloat32(at + i * 4, true) }));
  const bad = floats.find((f) => !Number.isFinite(f.value));
  if (bad) return `navmesh params ${bad.name} is ${bad.value}; expected a finite number`;
  if (!(floats[3].value > 0 && floats[4].value > 0)) return `navmesh params tile size ${floats[3].value}×${floats[4].value}; expected positive`;
  const maxTiles = dv.getInt32(at + 20, true),
    maxPolys = dv.getInt32(at + 24, true);
  if (maxTiles < 1 || maxPolys < 1) return `navmesh params maxTiles ${maxTiles}, maxPolys ${maxPolys}; expected at least 1 each`;
  if (ilog2Ceil(maxTiles) + ilog2Ceil(maxPolys) > MAX_REF_BITS)
    return `navmesh params maxTiles ${maxTiles} × maxPolys ${maxPolys} need more than Detour's ${MAX_REF_BITS} reference bits`;
  return null;
}

/** Why the Detour tile data at `at` (`size` bytes) would be read out of bounds, or null. */
function tileProblem(dv: DataView, at: number, size: number, maxPolys: number): string | null {
  const count = Object.fromEntries(COUNT_FIELDS.map((f, i) => [f, dv.getInt32(at + 24 + i * 4, true)])) as Record<(typeof COUNT_FIELDS)[number], number>;
  const negative = COUNT_FIELDS.find((f) => count[f] < 0);
  if (negative) return `${negative} is ${count[negative]}; expected 0 or more`;
  if (count.polyCount > maxPolys) return `polyCount ${count.polyCount} exceeds the params' maxPolys ${maxPolys}`;
  if (count.offMeshBase > count.polyCount || count.detailMeshCount > count.polyCount)
    return `offMeshBase ${count.offMeshBase} / detailMeshCount ${count.detailMeshCount} exceed polyCount ${count.polyCount}`;
  for (let i = 0; i < 10; i++) {
    const f = dv.getFloat32(at + 60 + i * 4, true);
    if (!Number.isFinite(f)) return `header float ${i} (walkable sizes, bounds, quantisation) is ${f}; expected a finite number`;
  }
  const sections = (Object.keys(RECORD_BYTES) as (keyof typeof RECORD_BYTES)[]).map((f) => align4(count[f] * RECORD_BYTES[f]));
  const expected = TILE_HEADER_BYTES + sections.reduce((a, b) => a + b, 0);
  if (expected !== size) return `holds ${size} bytes, but its counts make ${expected}`;
  // polygons name vertices of their tile; detail meshes name detail vertices and triangles
  const polys = at + TILE_HEADER_BYTES + sections[0];
  for (let p = 0; p < count.polyCount; p++) {
    const o = polys + p * RECORD_BYTES.polyCount;
    const n = dv.getUint8(o + 30);
    if (n > VERTS_PER_POLYGON) return `polygon ${p} has ${n} vertices; at most ${VERTS_PER_POLYGON}`;
    for (let k = 0; k < n; k++)
      if (dv.getUint16(o + 4 + k * 2, true) >= count.vertCount) return `polygon ${p} names vertex ${dv.getUint16(o + 4 + k * 2, true)} of ${count.vertCount}`;
  }
  const details = polys + sections[1] + sections[2];
  for (let d = 0; d < count.detailMeshCount; d++) {
    const o = details + d * RECORD_BYTES.detailMeshCount;
    const vertBase = dv.getUint32(o, true),
      triBase = dv.getUint32(o + 4, true),
      nv = dv.getUint8(o + 8),
      nt = dv.getUint8(o + 9);
    if (vertBase + nv > count.detailVertCount || triBase + nt > count.detailTriCount)
      return `detail mesh ${d} names detail vertices ${vertBase}+${nv} of ${count.detailVertCount} or triangles ${triBase}+${nt} of ${count.detailTriCount}`;
  }
  return null;
}

/** Why a version-2 settings block is unusable (NaN, a negative size), or null. */
function settingsProblem(s: HabitatNavMeshSettings): string | null {
  for (const f of FLOAT_FIELDS) if (!Number.isFinite(s[f]) || s[f] < 0) return `settings ${f} is ${s[f]}; expected a finite number of at least 0`;
  if (!(s.cellSize > 0 && s.cellHeight > 0 && s.agentHeight > 0))
    return `settings cellSize ${s.cellSize}, cellHeight ${s.cellHeight} and agentHeight ${s.agentHeight} must be positive`;
  if (s.agentMaxSlope > 90) return `settings agentMaxSlope is ${s.agentMaxSlope}°; expected 0 to 90`;
  return null;
}

function readSettings(dv: DataView, at: number): HabitatNavMeshSettings {
  const s: Record<string, number | boolean> = {};
  FLOAT_FIELDS.forEach((f, i) => (s[f] = dv.getFloat32(at + i * 4, true)));
  BOOL_FIELDS.forEach((f, i) => (s[f] = dv.getUint8(at + FLOAT_FIELDS.length * 4 + i) !== 0));
  return s as unknown as HabitatNavMeshSettings;
}

function writeSettings(dv: DataView, at: number, s: HabitatNavMeshSettings): void {
  FLOAT_FIELDS.forEach((f, i) => dv.setFloat32(at + i * 4, s[f], true));
  BOOL_FIELDS.forEach((f, i) => dv.setUint8(at + FLOAT_FIELDS.length * 4 + i, s[f] ? 1 : 0));
}

/** Parses a habitat `.navmesh`; `name` is used in error messages. */
export function parseHabitatNavMesh(bytes: Uint8Array, name = 'navmesh'): HabitatNavMeshFile {
  const fail = (why: string): never => {
    throw new Error(`habitat navmesh '${name}' (${bytes.byteLength} bytes) ${why}`);
  };
  if (bytes.byteLength < HEADER + PARAMS) fail(`is too short: a header and navmesh params need ${HEADER + PARAMS} bytes`);
  const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (dv.getInt32(0, true) !== MAGIC) fail("does not start with the magic 'MSET' (bytes 'TESM'); is it a habitat-sim .navmesh?");
  const version = dv.getInt32(4, true);
  if (version !== 1 && version !== 2) fail(`has version ${version}; accepted are 1 and 2 (habitat-sim writes 2 since v0.2.2)`);
  const declared = dv.getInt32(8, true);
  const params = paramsProblem(dv, HEADER);
  if (params) fail(`has ${params}`);
  const maxTiles = dv.getInt32(HEADER + 20, true);
  const maxPolys = dv.getInt32(HEADER + 24, true);
  if (declared < 1 || declared > Math.max(1, maxTiles)) fail(`declares ${declared} tiles for at most ${maxTiles}; expected 1 to maxTiles`);
  const settingsAt = HEADER + PARAMS;
  if (version === 2 && bytes.byteLength < settingsAt + SETTINGS_BYTES) fail(`is version 2 but too short for the ${SETTINGS_BYTES}-byte settings block`);
  const settings = version === 2 ? readSettings(dv, settingsAt) : null;
  const badSettings = settings && settingsProblem(settings);
  if (badSettings) fail(`has ${badSettings}`);
  const tiles: Array<{ at: number; size: number }> = [];
  let at = version === 2 ? settingsAt + SETTINGS_BYTES : settingsAt;
  for (let i = 0; i < declared; i++) {
    if (at + 8 > bytes.byteLength) fail(`ends inside the header of tile ${i} of ${declared}`);
    const ref = dv.getUint32(at, true),
      size = dv.getInt32(at + 4, true);
    // habitat-sim stops reading at a zero tileRef or dataSize
    if (ref === 0 || size === 0) break;
    if (size < 0 || at + 8 + size > bytes.byteLength) fail(`has tile ${i} of ${size} bytes, past the end of the file`);
    if (size < 100 || dv.getInt32(at + 8, true) !== TILE_MAGIC) fail(`tile ${i} does not start with Detour's 'DNAV' tile magic`);
    if (dv.getInt32(at + 12, true) !== TILE_VERSION) fail(`tile ${i} has Detour tile version ${dv.getInt32(at + 12, true)}; accepted is ${TILE_VERSION}`);
    const bad = tileProblem(dv, at + 8, size, maxPolys);
    if (bad) fail(`tile ${i}: ${bad}`);
    tiles.push({ at, size });
    at += 8 + size;
  }
  if (tiles.length === 0) fail('holds no tiles');
  const total = HEADER + PARAMS + tiles.reduce((s, t) => s + 8 + t.size, 0);
  const out = new Uint8Array(total);
  const odv = new DataView(out.buffer);
  odv.setInt32(0, MAGIC, true);
  odv.setInt32(4, 1, true);
  odv.setInt32(8, tiles.length, true);
  out.set(bytes.subarray(HEADER, HEADER + PARAMS), HEADER);
  let o = HEADER + PARAMS;
  for (const t of tiles) {
    out.set(bytes.subarray(t.at, t.at + 8 + t.size), o);
    o += 8 + t.size;
  }
  return { version: version as 1 | 2, settings, tiles: tiles.length, recastBytes: out };
}

/** A version-2 habitat `.navmesh` from recast-navigation-js's serialisation and the build settings. */
export function writeHabitatNavMesh(recastBytes: Uint8Array, settings: HabitatNavMeshSettings): Uint8Array {
  const parsed = parseHabitatNavMesh(recastBytes, 'recast export');
  const body = parsed.recastBytes;
  const out = new Uint8Array(body.byteLength + SETTINGS_BYTES);
  const dv = new DataView(out.buffer);
  out.set(body.subarray(0, HEADER + PARAMS), 0);
  dv.setInt32(4, 2, true);
  writeSettings(dv, HEADER + PARAMS, settings);
  out.set(body.subarray(HEADER + PARAMS), HEADER + PARAMS + SETTINGS_BYTES);
  return out;
}

/** Polygons and walkable area of a navmesh's Detour tiles (ground polygons; off-mesh links left out). */
export interface NavMeshGeometry {
  tiles: number;
  polygons: number;
  /** the polygons' surface area, m² (each polygon fanned into triangles) */
  areaM2: number;
  bounds: { min: [number, number, number]; max: [number, number, number] };
}

/** dtMeshHeader: 15 int32 then 10 float32 (walkable height, radius, climb, bmin, bmax, bvQuantFactor) */
const TILE_HEADER = 100;
/** dtPoly: firstLink u32, verts u16[6], neis u16[6], flags u16, vertCount u8, areaAndType u8 */
const POLY_BYTES = 32;

/** Reads polygon counts and areas from a navmesh in recast-navigation-js's serialisation (`recastBytes`). */
export function navMeshGeometry(recastBytes: Uint8Array): NavMeshGeometry {
  const dv = new DataView(recastBytes.buffer, recastBytes.byteOffset, recastBytes.byteLength);
  const tiles = dv.getInt32(8, true);
  let at = HEADER + PARAMS,
    polygons = 0,
    area = 0;
  const min: [number, number, number] = [Infinity, Infinity, Infinity],
    max: [number, number, number] = [-Infinity, -Infinity, -Infinity];
  for (let t = 0; t < tiles; t++) {
    const size = dv.getInt32(at + 4, true);
    const d = at + 8;
    const polyCount = dv.getInt32(d + 24, true),
      vertCount = dv.getInt32(d + 28, true);
    const vertsAt = d + TILE_HEADER,
      polysAt = vertsAt + ((vertCount * 12 + 3) & ~3);
    if (polysAt + polyCount * POLY_BYTES > d + size)
      throw new Error(`navmesh tile ${t} declares ${polyCount} polygons and ${vertCount} vertices, more than its ${size} bytes hold`);
    const vert = (i: number): [number, number, number] => [
      dv.getFloat32(vertsAt + i * 12, true),
      dv.getFloat32(vertsAt + i * 12 + 4, true),
      dv.getFloat32(vertsAt + i * 12 + 8, true),
    ];
    for (let i = 0; i < vertCount; i++) {
      const v = vert(i);
      for (let k = 0; k < 3; k++) {
        min[k] = Math.min(min[k], v[k]);
        max[k] = Math.max(max[k], v[k]);
      }
    }
    for (let p = 0; p < polyCount; p++) {
      const o = polysAt + p * POLY_BYTES;
      // the top two bits of areaAndType: 0 a ground polygon, 1 an off-mesh connection
      if (dv.getUint8(o + 31) >> 6 !== 0) continue;
      polygons++;
      const n = dv.getUint8(o + 30);
      const a = vert(dv.getUint16(o + 4, true));
      for (let k = 1; k + 1 < n; k++) {
        const b = vert(dv.getUint16(o + 4 + k * 2, true)),
          c = vert(dv.getUint16(o + 6 + k * 2, true));
        const u = [b[0] - a[0], b[1] - a[1], b[2] - a[2]],
          w = [c[0] - a[0], c[1] - a[1], c[2] - a[2]];
        area += Math.hypot(u[1] * w[2] - u[2] * w[1], u[2] * w[0] - u[0] * w[2], u[0] * w[1] - u[1] * w[0]) / 2;
      }
    }
    at += 8 + size;
  }
  return { tiles, polygons, areaM2: area, bounds: { min, max } };
}
