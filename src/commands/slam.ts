/**
 * `navharness slam <tum-folder> --intrinsics fx,fy,cx,cy --depth-factor 5000 --out traj.txt [--load-map F] [--save-map F] [--json]`:
 * runs the tracker over a TUM RGB-D folder and writes the estimated trajectory (TUM format, colour
 * timestamps, untracked frames left out).
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { Command } from 'commander';
import { SUMMARIES } from './summaries.js';
import { z } from 'zod';
import { checkIntrinsicsFit, parseFlags, readInput, UsageError } from './options.js';
import { declareFlags, flagsSchema } from './flag-table.js';
import { LOG_FLAGS, logOf } from './log-flags.js';

const isFolder = (p: string) => existsSync(p) && statSync(p).isDirectory();

const intrinsicsFlag = z.string().transform((s, ctx) => {
  const parts = s.split(',').map((p) => Number(p.trim()));
  if (parts.length !== 4 || parts.some((p) => !Number.isFinite(p))) {
    ctx.addIssue({ code: 'custom', message: `expected four numbers fx,fy,cx,cy (e.g. 535.4,539.2,320.1,247.6), got '${s}'` });
    return z.NEVER;
  }
  if (parts[0] <= 0 || parts[1] <= 0) {
    ctx.addIssue({ code: 'custom', message: `focal lengths fx, fy must be positive, got '${s}'` });
    return z.NEVER;
  }
  return { fx: parts[0], fy: parts[1], cx: parts[2], cy: parts[3] };
});

export const SlamFlagsSchema = z.object({
  folder: z
    .string()
    .min(1)
    .refine((p) => existsSync(p) && statSync(p).isDirectory(), { message: 'must be an existing folder' }),
  intrinsics: intrinsicsFlag,
  depthFactor: z.coerce.number({ message: 'must be a number' }).positive({ message: 'must be positive (5000 for TUM: 5000 units = 1 m)' }).finite(),
  out: z
    .string()
    .min(1, { message: 'needs a file path' })
    .superRefine((p, ctx) => {
      // refused before tracking, not after it
      const dir = dirname(resolve(p));
      if (!isFolder(dir))
        ctx.addIssue({ code: 'custom', message: `the folder '${dir}' does not exist; create it first or write the trajectory into an existing folder` });
    }),
  json: z.boolean().default(false),
  maxFrames: z.coerce.number().int().positive().optional(),
  features: z.coerce.number().int().min(50).max(10000).optional(),
  loadMap: z
    .string()
    .min(1, { message: 'needs a file path' })
    .refine((p) => existsSync(p) && statSync(p).isFile(), { message: 'must be an existing map file (written by --save-map)' })
    .optional(),
  saveMap: z
    .string()
    .min(1, { message: 'needs a file path' })
    .refine((p) => isFolder(dirname(resolve(p))), { message: 'the folder to write the map into does not exist; create it first' })
    .optional(),
  ...flagsSchema(LOG_FLAGS).shape,
});

export function registerSlam(program: Command): void {
  const cmd = program
    .command('slam')
    .description(SUMMARIES.slam)
    .argument('<tum-folder>', 'folder with rgb.txt and depth.txt or associations.txt')
    .requiredOption('--intrinsics <fx,fy,cx,cy>', 'pinhole intrinsics in pixels')
    .option('--depth-factor <n>', 'depth PNG units per metre', '5000')
    .requiredOption('--out <file>', 'estimated trajectory to write (TUM format)')
    .option('--max-frames <n>', 'track only the first n frames')
    .option('--features <n>', 'ORB features per frame (default 1000)')
    .option('--load-map <file>', 'a map saved by --save-map: relocalise in it and report poses in its frame')
    .option('--save-map <file>', "write the tracker's map at the end (keyframes, landmarks, covisibility)")
    .option('--json', 'print a JSON summary', false);
  declareFlags(cmd, LOG_FLAGS).action(async (folder: string, flags: Record<string, unknown>) => {
    // the tracker and the trajectory code are loaded when it runs, not for --help
    const { median, runSlamOnImages, loadTumImages, writeTumTrajectory } = await import('../eval/index.js');
    const { atomicWriteFile } = await import('../memory/index.js');
    const { TrackerError } = await import('../perception/index.js');
    const f = parseFlags(SlamFlagsSchema, { ...flags, folder }, 'slam', { folder: '<tum-folder>' });
    const { refs, images } = readInput('slam', () => loadTumImages(f.folder, f.maxFrames));
    if (refs.length === 0)
      throw new UsageError(
        `navharness slam: ${f.folder} lists no colour/depth frame pairs; expected associations.txt, or rgb.txt and depth.txt with timestamps within 0.02 s`,
      );
    const { width, height } = images[0];
    const progress = !f.json && logOf(f).at('info') && process.stderr.isTTY === true;
    checkIntrinsicsFit('slam', f.intrinsics, images[0], refs[0].rgbFile);
    const r = await runSlamOnImages(refs, images, {
      intrinsics: { width, height, ...f.intrinsics },
      depthFactor: f.depthFactor,
      tracker: f.features ? { numFeatures: f.features } : undefined,
      loadMap: f.loadMap ? readInput('slam', () => readFileSync(f.loadMap!)) : undefined,
      saveMap: f.saveMap !== undefined,
      // a progress line only on a terminal: a log file or a pipe gets no carriage returns
      onFrame: progress
        ? (i, n, s) => {
            if ((i + 1) % 25 === 0 || i + 1 === n) process.stderr.write(`\rframe ${i + 1}/${n} ${s}      `);
          }
        : undefined,
    }).catch((e: unknown) => {
      // a map file the tracker refuses (another version, other settings, corrupt) is a bad flag
      if (f.loadMap && e instanceof TrackerError && e.code <= -7 && e.code >= -9) throw new UsageError(`slam: --load-map ${f.loadMap}: ${e.message}`);
      throw e;
    });
    if (progress) process.stderr.write('\n');
    if (r.tracked === 0) {
      throw new Error(
        `slam: no frame was tracked (0 of ${r.frames}); no trajectory written to ${f.out}. Check that the depth PNGs hold depth, and that --depth-factor and --intrinsics belong to the sequence`,
      );
    }
    writeTumTrajectory(f.out, r.trajectory);
    // temp file + rename: an interrupted save never leaves a half-written map where a good one was
    if (f.saveMap && r.map) atomicWriteFile(f.saveMap, r.map);
    const summary = {
      frames: r.frames,
      tracked: r.tracked,
      median_ms: Number(median(r.frameMs).toFixed(3)),
      maps: new Set(r.mapIds.filter((m) => m > 0)).size,
      out: f.out,
      ...(f.saveMap ? { map: r.map ? f.saveMap : null } : {}),
    };
    if (f.json) console.log(JSON.stringify(summary));
    else
      console.log(
        `tracked ${summary.tracked}/${summary.frames} frames, median ${summary.median_ms} ms per frame, ${summary.maps} map(s); trajectory written to ${f.out}`,
      );
  });
}
