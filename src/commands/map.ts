/**
 * `navharness map <tum-folder>`: integrates a TUM RGB-D sequence into an occupancy map with a given
 * trajectory (the dataset's ground truth by default, or an estimated one) and writes the map PNG.
 */
import type { Command } from 'commander';
import { SUMMARIES } from './summaries.js';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { z } from 'zod';
import type { TumFrameRef } from '../body/index.js';
import type { PlanarPose } from '../geometry/index.js';
import { checkIntrinsicsFit, IntrinsicsFlag, parseFlags, PositiveNumberFlag, readInput, UsageError } from './options.js';
import { progressBar } from './progress.js';
import { declareFlags, flagsSchema } from './flag-table.js';
import { LOG_FLAGS, logOf } from './log-flags.js';

const MapFlags = z.object({
  folder: z.string().refine(existsSync, { message: 'folder not found' }),
  intrinsics: IntrinsicsFlag,
  depthFactor: PositiveNumberFlag,
  trajectory: z.string().optional(),
  frame: z.enum(['z-up', 'navigator']),
  floor: z.coerce.number().finite(),
  zoom: z.coerce.number().int().min(1).max(16),
  out: z.string().min(1),
  json: z.boolean(),
  ...flagsSchema(LOG_FLAGS).shape,
});
export type MapFlags = z.infer<typeof MapFlags>;

export interface MapSummary {
  frames: number;
  integrated: number;
  free_cells: number;
  obstacle_cells: number;
  explored_m2: number;
  median_ms: number;
  png: string;
}

export async function mapTumSequence(flags: MapFlags, log: (s: string) => void = () => {}): Promise<MapSummary> {
  // the mapper, the frame readers and the PNG encoder are loaded when it runs, not for --help
  const { checkFrameSize, poseAt, readRgbd, readTumFrames, readTumTrajectory } = await import('../body/node.js');
  const { Z_UP_FRAME, NAVIGATOR_FRAME, planarPose } = await import('../geometry/index.js');
  const { Navcore } = await import('../wasm/index.js');
  const { OccupancyMap, renderMap } = await import('../mapping/index.js');
  const { encodePng } = await import('../image/node.js');
  const frames = readInput('map', () => readTumFrames(flags.folder));
  const trajPath = flags.trajectory ?? join(flags.folder, 'groundtruth.txt');
  if (!existsSync(trajPath)) throw new UsageError(`navharness map: no trajectory: ${trajPath} not found (pass --trajectory FILE in TUM format)`);
  const traj = readInput('map', () => readTumTrajectory(trajPath));
  const frame = flags.frame === 'z-up' ? Z_UP_FRAME : NAVIGATOR_FRAME;
  const map = new OccupancyMap(await Navcore.load(), frame);
  const layer = map.openFloor(flags.floor);
  const bar = progressBar('mapping', frames.length, !flags.json && logOf(flags).at('info') && process.stderr.isTTY === true);
  const K0 = { ...flags.intrinsics };
  const trail: PlanarPose[] = [];
  const times: number[] = [];
  let integrated = 0;
  let first: { ref: TumFrameRef; width: number; height: number } | null = null;
  for (const f of frames) {
    bar.tick();
    const pose = poseAt(traj, f.rgbTime, 0.02);
    if (!pose) continue;
    const img = readInput('map', () => readRgbd(flags.folder, f, flags.depthFactor));
    if (!first) {
      first = { ref: f, width: img.width, height: img.height };
      checkIntrinsicsFit('map', K0, img, f.rgbFile);
    }
    readInput('map', () => checkFrameSize(flags.folder, f, img, first!));
    const t0 = performance.now();
    const r = map.integrate({ intrinsics: { width: img.width, height: img.height, ...K0 }, depth: img.depth }, pose, layer);
    times.push(performance.now() - t0);
    if (!r.ok) throw new Error(`${f.depthFile}: ${r.error}`);
    integrated++;
    trail.push(planarPose(frame, pose));
  }
  bar.stop();
  if (integrated === 0) throw new Error(`no frame of ${flags.folder} has a pose within 0.02 s in ${trajPath}`);
  const last = trail[trail.length - 1];
  const png = renderMap(map, layer, { zoom: flags.zoom, trail, pose: { ...last }, markers: [{ name: 'start', ...trail[0] }] });
  mkdirSync(dirname(flags.out) || '.', { recursive: true });
  writeFileSync(flags.out, encodePng(png));
  const c = map.counts(layer);
  times.sort((a, b) => a - b);
  const summary: MapSummary = {
    frames: frames.length,
    integrated,
    free_cells: c.free,
    obstacle_cells: c.obstacle,
    explored_m2: +map.exploredArea(layer).toFixed(2),
    median_ms: +times[times.length >> 1].toFixed(3),
    png: flags.out,
  };
  log(
    `mapped ${integrated}/${frames.length} frames: ${c.free} free and ${c.obstacle} obstacle cells (${summary.explored_m2} m²), median ${summary.median_ms} ms per frame → ${flags.out}`,
  );
  return summary;
}

export function registerMap(program: Command): void {
  const cmd = program
    .command('map')
    .description(SUMMARIES.map)
    .argument('<tum-folder>', 'folder with rgb.txt/depth.txt or associations.txt')
    .option('--intrinsics <fx,fy,cx,cy>', 'pinhole intrinsics in pixels', '535.4,539.2,320.1,247.6')
    .option('--depth-factor <n>', 'depth PNG value per metre', '5000')
    .option('--trajectory <file>', 'camera-to-world poses in TUM format (default: groundtruth.txt in the folder)')
    .option('--frame <z-up|navigator>', "world frame of the trajectory: 'z-up' (TUM mocap) or 'navigator' (y down)", 'z-up')
    .option('--floor <m>', 'height of the floor along the up axis', '0')
    .option('--zoom <px>', 'pixels per 10 cm cell', '6')
    .option('--out <file>', 'PNG to write', 'map.png')
    .option('--json', 'print a JSON summary', false);
  declareFlags(cmd, LOG_FLAGS).action(async (folder: string, opts: Record<string, unknown>) => {
    const flags = parseFlags(MapFlags, { folder, ...opts }, 'map', { folder: '<tum-folder>' });
    const summary = await mapTumSequence(flags, flags.json ? () => {} : logOf(flags).info);
    if (flags.json) console.log(JSON.stringify(summary));
  });
}
