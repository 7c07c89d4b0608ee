/**
 * `navharness demo`: the main job on the embedded default. Until the simulator and harness land,
 * it maps the real TUM fr3/teddy frames of the shared data folder (or a TUM folder given with --tum).
 */
import type { Command } from 'commander';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { mapTumSequence } from './map.js';

const DEFAULT_TUM = resolve(process.env.NAVHARNESS_SHARED_DATA ?? '../shared/data', 'tum_fr3_teddy_100');

export function registerDemo(program: Command): void {
  program
    .command('demo')
    .description('map an RGB-D sequence with the WebAssembly mapper and write the map PNG')
    .option('--tum <folder>', 'TUM RGB-D folder', DEFAULT_TUM)
    .option('--out <file>', 'PNG to write', 'runs/demo/map.png')
    .action(async (opts: { tum: string; out: string }) => {
      if (!existsSync(opts.tum)) {
        throw new Error(`no RGB-D sequence at ${opts.tum}: pass --tum <folder> with a TUM RGB-D sequence (rgb.txt, depth.txt, groundtruth.txt)`);
      }
      await mapTumSequence(
        { folder: opts.tum, intrinsics: { fx: 535.4, fy: 539.2, cx: 320.1, cy: 247.6 }, depthFactor: 5000, frame: 'z-up', floor: 0, zoom: 6, out: opts.out, json: false },
        (s) => console.log(s),
      );
    });
}
