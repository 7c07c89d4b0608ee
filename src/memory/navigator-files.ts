/**
 * The navigator's memory as files, wherever they are kept (a run's snapshot folder, a house
 * memory's maps): the grids as raw bytes, the place views as PNG and an index, `memory.json`, which
 * is written last and validated on every read.
 */
import { PNG } from 'pngjs';
import { z } from 'zod';
import type { NavigatorMemory } from '../navigator/index.js';
import { poseProblem } from '../geometry/index.js';
import { dropAlpha, pngSize, pngSizeProblem } from '../image/index.js';
import { MAX_GRID_CELLS } from '../mapping/index.js';
import { rgbPng } from '../image/node.js';
import { parseJsonFile } from './schemas.js';

export const NAVIGATOR_INDEX = 'memory.json';

/*
 * Bounds of a saved memory, checked when it is read (a forged or damaged file is refused at load, not
 * by a failure in the middle of the next run) and when it is written. A layer leaves room to grow:
 * at most a quarter of the cells a live layer can hold (the live map grows it as the robot explores).
 */
/** metres: a position farther than this from the map's origin is not in a house */
const MAX_COORD = 100_000;
/** cells: |origin| of a layer (100 km at 0.1 m cells) */
const MAX_ORIGIN = 1 << 20;
const MAX_LAYER_CELLS = MAX_GRID_CELLS / 4;
const MAX_LAYERS = 64;
const MAX_PLACES = 10_000;
const MAX_VIEWS_PER_PLACE = 64;
/** a place view is a camera frame: 2048² pixels is more than any body renders */
const MAX_VIEW_PIXELS = 2048 * 2048;
/** trail points over all floors; a longer trail is thinned when it is written */
export const MAX_TRAIL_POINTS = 1_000_000;
/** the navigator's own limit on a place's name (navigator/places.ts) */
const MAX_PLACE_NAME = 40;

const Num = z.number().finite();
const Coord = z.number().finite().min(-MAX_COORD).max(MAX_COORD);
const PlanarPoseSchema = z.strictObject({ x: Coord, z: Coord, yaw: Num });
const File = z.string().regex(/^[a-z0-9-]+\.(bin|png)$/, 'a file name inside the snapshot folder');
const Origin = z.number().int().min(-MAX_ORIGIN).max(MAX_ORIGIN);
const Side = z.number().int().positive().max(MAX_LAYER_CELLS);
const ViewSide = z.number().int().positive().max(MAX_VIEW_PIXELS);
const RigidPose = z
  .array(Num)
  .length(16)
  .superRefine((a, ctx) => {
    const problem = poseProblem(a) ?? (a.slice(0, 12).some((x) => Math.abs(x) > MAX_COORD) ? `a translation beyond ${MAX_COORD} m` : null);
    if (problem) ctx.addIssue({ code: 'custom', message: `not a rigid pose: ${problem}` });
  });

const IndexSchema = z.strictObject({
  version: z.literal(1),
  pose: RigidPose,
  floor: z.number().int().nonnegative().max(MAX_LAYERS),
  layers: z
    .array(
      z
        .strictObject({
          floor_up: Coord,
          frames: z.number().int().nonnegative(),
          origin_x: Origin,
          origin_z: Origin,
          width: Side,
          height: Side,
          file: File,
        })
        .refine((l) => l.width * l.height <= MAX_LAYER_CELLS, { message: `a saved layer holds at most ${MAX_LAYER_CELLS} cells` }),
    )
    .min(1)
    .max(MAX_LAYERS),
  places: z
    .array(
      z.strictObject({
        name: z.string().min(1).max(MAX_PLACE_NAME),
        pose: PlanarPoseSchema,
        floor: z.number().int().nonnegative().max(MAX_LAYERS),
        seq: z.number().int().nonnegative(),
        moves: z.number().int().nonnegative(),
        views: z
          .array(
            z
              .strictObject({
                file: File,
                width: ViewSide,
                height: ViewSide,
                pose: PlanarPoseSchema,
                floor: z.number().int().nonnegative().max(MAX_LAYERS),
                time: Num,
              })
              .refine((v) => v.width * v.height <= MAX_VIEW_PIXELS, { message: `a place view has at most ${MAX_VIEW_PIXELS} pixels` }),
          )
          .max(MAX_VIEWS_PER_PLACE),
      }),
    )
    .max(MAX_PLACES),
  trails: z
    .array(z.array(z.strictObject({ x: Coord, z: Coord })))
    .max(MAX_LAYERS)
    .refine((t) => t.reduce((n, x) => n + x.length, 0) <= MAX_TRAIL_POINTS, { message: `the trails hold at most ${MAX_TRAIL_POINTS} points in all` }),
});

/** The trails with at most MAX_TRAIL_POINTS points in all: every k-th point kept, and each trail's last. */
function thinTrails(trails: NavigatorMemory['trails']): NavigatorMemory['trails'] {
  const total = trails.reduce((n, t) => n + t.length, 0);
  if (total <= MAX_TRAIL_POINTS) return trails;
  const k = Math.ceil(total / (MAX_TRAIL_POINTS - trails.length));
  return trails.map((t) => t.filter((_, i) => i % k === 0 || i === t.length - 1));
}

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
  const index = IndexSchema.parse({ version: 1, pose: Array.from(m.pose), floor: m.floor, layers, places, trails: thinTrails(m.trails) });
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
        const file = bytes(v.file);
        // the size the PNG declares, before decoding: the index's bound holds for the pixels too
        const tooBig = pngSize(file) && pngSizeProblem(file, `${where}/${v.file}`, v.width * v.height, Math.max(v.width, v.height));
        if (tooBig) throw new Error(`${tooBig} (the index says ${v.width}×${v.height})`);
        try {
          png = PNG.sync.read(Buffer.from(file));
        } catch (err) {
          throw new Error(
            `${where}/${v.file} is not a readable PNG (${(err as Error).message}); expected the ${v.width}×${v.height} place view ${indexPath} names`,
          );
        }
        if (png.width !== v.width || png.height !== v.height)
          throw new Error(`${where}/${v.file} is ${png.width}×${png.height}, the index says ${v.width}×${v.height}`);
        const rgb = dropAlpha(png.data, v.width * v.height);
        return { width: v.width, height: v.height, rgb, pose: { ...v.pose }, floor: v.floor, time: v.time };
      }),
    })),
    trails: idx.trails,
  };
}
