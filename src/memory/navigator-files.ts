/**
 * The navigator's memory as files, wherever they are kept (a run's snapshot folder, a house
 * memory's maps): the grids as raw bytes, the place views as PNG and an index, `memory.json`, which
 * is written last and validated on every read.
 */
import { PNG } from 'pngjs';
import { z } from 'zod';
import type { NavigatorMemory } from '../navigator/index.js';
import { dropAlpha } from '../image/index.js';
import { rgbPng } from '../image/node.js';
import { parseJsonFile } from './schemas.js';

export const NAVIGATOR_INDEX = 'memory.json';

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

/** Writes the memory's files through `put`, the index last. */
export function writeNavigatorFiles(m: NavigatorMemory, put: (name: string, data: Uint8Array | string) => void): void {
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
  put(NAVIGATOR_INDEX, JSON.stringify(index) + '\n');
}

/**
 * Reads a memory back through `get` (null for a missing file); `where` names the folder in messages.
 * Null when there is no index; a malformed index, grid or view is an error naming the file.
 */
export function readNavigatorFiles(get: (name: string) => Uint8Array | null, where: string): NavigatorMemory | null {
  const raw = get(NAVIGATOR_INDEX);
  if (raw === null) return null;
  const indexPath = `${where}/${NAVIGATOR_INDEX}`;
  const idx = parseJsonFile(Buffer.from(raw).toString('utf8'), indexPath, IndexSchema);
  const bytes = (file: string): Uint8Array => {
    const b = get(file);
    if (b === null) throw new Error(`${indexPath} names ${file}, which is missing`);
    return b;
  };
  return {
    pose: Float64Array.from(idx.pose),
    floor: idx.floor,
    layers: idx.layers.map((l) => {
      const cells = new Uint8Array(bytes(l.file));
      if (cells.length !== l.width * l.height) throw new Error(`${where}/${l.file} holds ${cells.length} cells, the index says ${l.width}×${l.height}`);
      return { floorUp: l.floor_up, frames: l.frames, grid: { originX: l.origin_x, originZ: l.origin_z, width: l.width, height: l.height, cells } };
    }),
    places: idx.places.map((p) => ({
      ...p,
      pose: { ...p.pose },
      views: p.views.map((v) => {
        let png: PNG;
        try {
          png = PNG.sync.read(Buffer.from(bytes(v.file)));
        } catch (err) {
          throw new Error(`${where}/${v.file} is not a readable PNG (${(err as Error).message}); expected the ${v.width}×${v.height} place view ${indexPath} names`);
        }
        if (png.width !== v.width || png.height !== v.height) throw new Error(`${where}/${v.file} is ${png.width}×${png.height}, the index says ${v.width}×${v.height}`);
        const rgb = dropAlpha(png.data, v.width * v.height);
        return { width: v.width, height: v.height, rgb, pose: { ...v.pose }, floor: v.floor, time: v.time };
      }),
    })),
    trails: idx.trails,
  };
}
