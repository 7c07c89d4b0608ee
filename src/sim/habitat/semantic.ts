/**
 * HM3D semantic annotations: `<scene>.semantic.txt` lists instances (`id,HEXRGB,"category",region`
 * after the line `HM3D Semantic Annotations`, habitat-sim HM3DSemanticScene.cpp) and
 * `<scene>.semantic.glb` paints each instance's surface in its colour (textures or vertex colours).
 * The semantic mesh and the stage mesh are separate triangulations of the same scan, so each stage
 * triangle takes the instance of the nearest semantic triangle (centroids within 20 cm); the scene's
 * objects become the annotated instances, which is what object goals and instance-id frames (the
 * offline agent's ground-truth perception) read.
 */
import type { Vec3 } from '../../geometry/index.js';
import { ATTR_WORDS, TRI_FLOATS, type Scene, type SceneObject } from '../scene.js';

export interface SemanticInstance {
  /** id in the .semantic.txt */
  id: number;
  /** instance colour, 0xRRGGBB */
  colour: number;
  category: string;
  region: number;
}

const HEADER = 'HM3D Semantic Annotations';
const LINE = /^(\d+),([0-9A-Fa-f]{6}),"(.*)",(-?\d+)\s*$/;
/** surfaces that are never goals */
const STRUCTURAL = new Set(['wall', 'floor', 'ceiling', 'door frame', 'window frame', 'stairs', 'beam', 'column', 'unknown', 'misc', 'unlabeled']);
const MATCH_RADIUS = 0.2;

/** Scene object id (as `applySemantics` numbers them) by the instance id of the .semantic.txt. */
export function sceneIdsBySemanticId(instances: SemanticInstance[]): Map<number, number> {
  return new Map(instances.map((s, k) => [s.id, k + 1]));
}

export function parseSemanticTxt(text: string, name = 'semantic.txt'): SemanticInstance[] {
  const lines = text.split(/\r?\n/);
  if (lines[0].trim() !== HEADER) throw new Error(`semantic descriptor '${name}' must start with the line '${HEADER}', got '${lines[0].slice(0, 60)}'`);
  const out: SemanticInstance[] = [];
  for (let i = 1; i < lines.length; i++) {
    if (lines[i].trim() === '') continue;
    const m = LINE.exec(lines[i]);
    if (!m) throw new Error(`semantic descriptor '${name}' line ${i + 1} is not 'id,RRGGBB,"category",region': '${lines[i].slice(0, 80)}'`);
    out.push({ id: Number(m[1]), colour: parseInt(m[2], 16), category: m[3].trim().toLowerCase(), region: Number(m[4]) });
  }
  if (out.length === 0) throw new Error(`semantic descriptor '${name}' lists no instances`);
  return out;
}

function centroid(t: Float32Array, i: number): Vec3 {
  const o = i * TRI_FLOATS;
  return [(t[o] + t[o + 5] + t[o + 10]) / 3, (t[o + 1] + t[o + 6] + t[o + 11]) / 3, (t[o + 2] + t[o + 7] + t[o + 12]) / 3];
}

/** The colour of a semantic triangle: its texture sampled at the centroid's texture coordinate. */
function triangleColour(s: Scene, i: number): number {
  const o = i * TRI_FLOATS,
    t = s.triangles;
  const tex = s.textures[s.attrs[i * ATTR_WORDS]];
  if (tex.spec.kind !== 'pixels') return -1;
  const u = (t[o + 3] + t[o + 8] + t[o + 13]) / 3,
    v = (t[o + 4] + t[o + 9] + t[o + 14]) / 3;
  const x = Math.min(tex.width - 1, Math.floor((u - Math.floor(u)) * tex.width));
  const y = Math.min(tex.height - 1, Math.floor((v - Math.floor(v)) * tex.height));
  const p = (y * tex.width + x) * 4,
    px = tex.spec.rgba;
  return (px[p] << 16) | (px[p + 1] << 8) | px[p + 2];
}

/** A number per grid cell (cells of ±65536 × 20 cm: scenes up to 13 km across), cheaper than strings. */
const cellKey = (x: number, y: number, z: number) => ((x + 65536) * 131072 + (y + 65536)) * 131072 + (z + 65536);

/** Instance index (into `instances`) per stage triangle, -1 where no annotated triangle is near. */
export function matchInstances(stage: Scene, sem: Scene, instances: SemanticInstance[]): Int32Array {
  const byColour = new Map(instances.map((inst, k) => [inst.colour, k]));
  const grid = new Map<number, Array<{ c: Vec3; k: number }>>();
  for (let i = 0; i < sem.attrs.length / ATTR_WORDS; i++) {
    const k = byColour.get(triangleColour(sem, i));
    if (k === undefined) continue;
    const c = centroid(sem.triangles, i);
    const key = cellKey(Math.floor(c[0] / MATCH_RADIUS), Math.floor(c[1] / MATCH_RADIUS), Math.floor(c[2] / MATCH_RADIUS));
    if (!grid.has(key)) grid.set(key, []);
    grid.get(key)!.push({ c, k });
  }
  const n = stage.attrs.length / ATTR_WORDS;
  const out = new Int32Array(n).fill(-1);
  for (let i = 0; i < n; i++) {
    const c = centroid(stage.triangles, i);
    const g = c.map((v) => Math.floor(v / MATCH_RADIUS));
    let best = MATCH_RADIUS * MATCH_RADIUS;
    for (let dx = -1; dx <= 1; dx++)
      for (let dy = -1; dy <= 1; dy++)
        for (let dz = -1; dz <= 1; dz++) {
          for (const s of grid.get(cellKey(g[0] + dx, g[1] + dy, g[2] + dz)) ?? []) {
            const d = (s.c[0] - c[0]) ** 2 + (s.c[1] - c[1]) ** 2 + (s.c[2] - c[2]) ** 2;
            if (d <= best) {
              best = d;
              out[i] = s.k;
            }
          }
        }
  }
  return out;
}

/**
 * For each instance, the stage object most of its triangles came from (undefined when none): its
 * room and colour labels carry over (a `sim export` stage has them; HM3D scans have none).
 */
function stageObjectOfInstance(stage: Scene, match: Int32Array, instances: number): (SceneObject | undefined)[] {
  const votes = Array.from({ length: instances }, () => new Map<number, number>());
  match.forEach((k, i) => {
    if (k < 0) return;
    const id = stage.attrs[i * ATTR_WORDS + 1];
    votes[k].set(id, (votes[k].get(id) ?? 0) + 1);
  });
  return votes.map((v) => {
    let best = 0,
      n = 0;
    for (const [id, c] of v) if (c > n) [best, n] = [id, c];
    return stage.objects[best - 1];
  });
}

/**
 * The stage with its objects replaced by the annotated instances (object k + 1 is `instances[k]`),
 * plus one 'unannotated' object for triangles no annotation covers. Triangles are regrouped by object
 * (the renderer culls runs of one object).
 */
export function applySemantics(stage: Scene, sem: Scene, instances: SemanticInstance[]): Scene {
  const match = matchInstances(stage, sem, instances);
  const n = match.length,
    unannotated = instances.length + 1;
  const idOf = (i: number) => (match[i] >= 0 ? match[i] + 1 : unannotated);
  const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => idOf(a) - idOf(b) || a - b);
  const triangles = new Float32Array(stage.triangles.length),
    attrs = new Uint32Array(stage.attrs.length);
  const lo: number[][] = [],
    hi: number[][] = [];
  order.forEach((src, dst) => {
    triangles.set(stage.triangles.subarray(src * TRI_FLOATS, (src + 1) * TRI_FLOATS), dst * TRI_FLOATS);
    attrs.set(stage.attrs.subarray(src * ATTR_WORDS, (src + 1) * ATTR_WORDS), dst * ATTR_WORDS);
    const id = idOf(src);
    attrs[dst * ATTR_WORDS + 1] = id;
    const l = (lo[id] ??= [Infinity, Infinity, Infinity]),
      h = (hi[id] ??= [-Infinity, -Infinity, -Infinity]);
    for (let k = 0; k < 3; k++)
      for (let a = 0; a < 3; a++) {
        const v = triangles[dst * TRI_FLOATS + k * 5 + a];
        l[a] = Math.min(l[a], v);
        h[a] = Math.max(h[a], v);
      }
  });
  const from = stageObjectOfInstance(stage, match, instances.length);
  const objects: SceneObject[] = [...instances.map((s) => s.category), 'unannotated'].map((category, k) => {
    const structural = k === instances.length || STRUCTURAL.has(category);
    const labels = from[k]?.colour ? { colour: from[k]!.colour } : {};
    return {
      id: k + 1,
      category,
      structural,
      goal: !structural,
      room: from[k]?.room ?? null,
      floor: 0,
      ...labels,
      min: (lo[k + 1] ?? stage.min) as unknown as Vec3,
      max: (hi[k + 1] ?? stage.min) as unknown as Vec3,
    };
  });
  return { ...stage, triangles, attrs, objects };
}
