/**
 * The navigator's memory on disk, so that `--resume` continues with the map and the places the run
 * had built: one folder per closed task under `.navharness/navigator/`, with the grids as raw bytes,
 * the place views as PNG and an index (`memory.json`, written last: a folder without it is ignored).
 * Only the newest two snapshots are kept.
 */
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import { z } from 'zod';
import type { NavigatorMemory } from '../navigator/index.js';
import { dropAlpha } from '../image/index.js';
import { rgbPng } from '../image/node.js';
import { STATE_DIR, taskIndexOf } from './layout.js';
import { parseJsonFile } from './schemas.js';
import type { Workspace } from './workspace.js';

const ROOT = `${STATE_DIR}/navigator`;
const INDEX = 'memory.json';
const KEEP = 2;
const snapshotDir = (taskId: string) => `${ROOT}/${taskId}`;

const Num = z.number().finite();
const PlanarPoseSchema = z.strictObject({ x: Num, z: Num, yaw: Num });
const File = z.string().regex(/^[a-z0-9-]+\.(bin|png)$/, 'a file name inside the snapshot folder');

const IndexSchema = z.strictObject({
  version: z.literal(1),
  pose: z.array(Num).length(16),
  floor: z.number().int().nonnegative(),
  layers: z.array(
    z.strictObject({
      floor_up: Num,
      frames: z.number().int().nonnegative(),
      origin_x: z.number().int(),
      origin_z: z.number().int(),
      width: z.number().int().positive(),
      height: z.number().int().positive(),
      file: File,
    }),
  ).min(1),
  places: z.array(
    z.strictObject({
      name: z.string().min(1),
      pose: PlanarPoseSchema,
      floor: z.number().int().nonnegative(),
      seq: z.number().int().nonnegative(),
      moves: z.number().int().nonnegative(),
      views: z.array(z.strictObject({ file: File, width: z.number().int().positive(), height: z.number().int().positive(), pose: PlanarPoseSchema, floor: z.number().int().nonnegative(), time: Num })),
    }),
  ),
  trails: z.array(z.array(z.strictObject({ x: Num, z: Num }))),
});

/** Writes the memory after task `taskId`; older snapshots beyond the newest two are removed. */
export function saveNavigatorMemory(ws: Workspace, taskId: string, m: NavigatorMemory): void {
  const dir = snapshotDir(taskId);
  const put = (name: string, data: Uint8Array | string) => ws.writeOwned({ kind: 'orchestrator' }, `${dir}/${name}`, data);
  const layers = m.layers.map((l, i) => {
    const file = `layer-${i}.bin`;
    put(file, l.grid.cells);
    return { floor_up: l.floorUp, frames: l.frames, origin_x: l.grid.originX, origin_z: l.grid.originZ, width: l.grid.width, height: l.grid.height, file };
  });
  const places = m.places.map((p, i) => ({
    name: p.name,
    pose: p.pose,
    floor: p.floor,
    seq: p.seq,
    moves: p.moves,
    views: p.views.map((v, j) => {
      const file = `place-${i}-view-${j}.png`;
      put(file, rgbPng(v));
      return { file, width: v.width, height: v.height, pose: v.pose, floor: v.floor, time: v.time };
    }),
  }));
  const index = IndexSchema.parse({ version: 1, pose: Array.from(m.pose), floor: m.floor, layers, places, trails: m.trails });
  put(INDEX, JSON.stringify(index) + '\n');
  prune(ws);
}

/** The memory saved after task `taskId`, or null when none was saved; malformed files are errors. */
export function loadNavigatorMemory(ws: Workspace, taskId: string): NavigatorMemory | null {
  const dir = snapshotDir(taskId);
  const text = ws.readRaw(`${dir}/${INDEX}`);
  if (text === null) return null;
  const where = `${dir}/${INDEX}`;
  const idx = parseJsonFile(text, where, IndexSchema);
  const bytes = (file: string): Buffer => {
    const res = ws.resolve(`${dir}/${file}`);
    if (!res.ok || !existsSync(res.path.abs)) throw new Error(`${where} names ${file}, which is missing`);
    return readFileSync(res.path.abs);
  };
  return {
    pose: Float64Array.from(idx.pose),
    floor: idx.floor,
    layers: idx.layers.map((l) => {
      const cells = new Uint8Array(bytes(l.file));
      if (cells.length !== l.width * l.height) throw new Error(`${dir}/${l.file} holds ${cells.length} cells, the index says ${l.width}×${l.height}`);
      return { floorUp: l.floor_up, frames: l.frames, grid: { originX: l.origin_x, originZ: l.origin_z, width: l.width, height: l.height, cells } };
    }),
    places: idx.places.map((p) => ({
      ...p,
      pose: { ...p.pose },
      views: p.views.map((v) => {
        let png: PNG;
        try {
          png = PNG.sync.read(bytes(v.file));
        } catch (err) {
          throw new Error(`${dir}/${v.file} is not a readable PNG (${(err as Error).message}); expected the ${v.width}×${v.height} place view ${where} names`);
        }
        if (png.width !== v.width || png.height !== v.height) throw new Error(`${dir}/${v.file} is ${png.width}×${png.height}, the index says ${v.width}×${v.height}`);
        const rgb = dropAlpha(png.data, v.width * v.height);
        return { width: v.width, height: v.height, rgb, pose: { ...v.pose }, floor: v.floor, time: v.time };
      }),
    })),
    trails: idx.trails,
  };
}

function prune(ws: Workspace): void {
  const res = ws.resolve(ROOT);
  if (!res.ok || !existsSync(res.path.abs)) return;
  const complete = readdirSync(res.path.abs)
    .filter((d) => taskIndexOf(d) !== null && existsSync(join(res.path.abs, d, INDEX)))
    .sort((a, b) => taskIndexOf(a)! - taskIndexOf(b)!);
  for (const d of complete.slice(0, Math.max(0, complete.length - KEEP))) rmSync(join(res.path.abs, d), { recursive: true, force: true });
}
