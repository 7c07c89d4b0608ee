/**
 * `navharness sim render` writes the RGB, depth and instance-id images of a house view;
 * `navharness sim episodes` writes an episode dataset; `navharness sim export` writes a procedural
 * house as a Habitat scene dataset (stage GLB, version-2 .navmesh, configs, GOAT-Bench and R2R-CE
 * episodes). Flags are validated with zod.
 */
import type { Command } from 'commander';
import { SUMMARIES } from './summaries.js';
import { z } from 'zod';
import { HouseSpecSchema } from '../world/choices.js';
import { parseFlags } from './options.js';
import { applySceneFlags, HOUSE_HELP, withSceneFlags } from './scene-flags.js';
import { progressBar } from './progress.js';

const num = (what: string) =>
  z.string().transform((s, ctx) => {
    const v = Number(s);
    if (s.trim() === '' || !Number.isFinite(v)) {
      ctx.addIssue({ code: 'custom', message: `${what} must be a number, got '${s}'` });
      return z.NEVER;
    }
    return v;
  });
const int = (what: string, lo: number, hi: number) =>
  num(what).pipe(z.number().int(`${what} must be a whole number`).min(lo, `${what} must be at least ${lo}`).max(hi, `${what} must be at most ${hi}`));

export const RenderFlagsSchema = z.object({
  house: HouseSpecSchema,
  out: z.string().min(1, '--out needs a directory'),
  x: num('--x').optional(),
  z: num('--z').optional(),
  yaw: num('--yaw (degrees)').optional(),
  width: int('--width', 16, 4096),
  height: int('--height', 16, 4096),
  hfov: num('--hfov').pipe(z.number().gt(10, '--hfov must be above 10°').lt(170, '--hfov must be below 170°')),
  json: z.boolean().default(false),
});

const EpisodeFlags = z.object({
  kind: z.enum(['goat', 'instruction'], { message: "--kind must be 'goat' or 'instruction'" }),
  houses: int('--houses', 1, 10000),
  perHouse: int('--per-house', 1, 1000),
  seed: int('--seed', 0, 0xffffffff),
  out: z.string().min(1, '--out needs a file path'),
  json: z.boolean().default(false),
});

export const ExportFlagsSchema = z.object({
  house: z.string().transform((s, ctx) => {
    const r = HouseSpecSchema.safeParse(s);
    const message = !r.success
      ? r.error.issues[0]?.message
      : r.data.kind !== 'procedural'
        ? `only procedural houses ('seed:N') can be exported, got '${s}'`
        : null;
    if (message || !r.success || r.data.kind !== 'procedural') {
      ctx.addIssue({ code: 'custom', message: message ?? 'invalid house' });
      return z.NEVER;
    }
    return r.data.seed;
  }),
  format: z.enum(['habitat'], { message: "--format must be 'habitat'" }),
  out: z.string().min(1, '--out needs a directory'),
  goatEpisodes: int('--goat-episodes', 0, 1000),
  r2rEpisodes: int('--r2r-episodes', 0, 1000),
  split: z.string().regex(/^[a-z0-9_]+$/, '--split must be lower-case letters, digits and _ (e.g. val, val_seen)'),
  json: z.boolean().default(false),
});

async function writeAtomic(path: string, data: string | Uint8Array): Promise<void> {
  const { open, rename, mkdir } = await import('node:fs/promises');
  const { dirname } = await import('node:path');
  await mkdir(dirname(path), { recursive: true });
  const tmp = `${path}.tmp-${process.pid}`;
  const fh = await open(tmp, 'w');
  try {
    await fh.writeFile(data);
    await fh.sync();
  } finally {
    await fh.close();
  }
  await rename(tmp, path);
}

/** `sim render`: one view of a house as PNG files. */
function registerRender(sim: Command): void {
  withSceneFlags(sim.command('render'))
    .description('write rgb.png, depth.png (16-bit millimetres) and instances.png for a view of a house')
    .requiredOption('--house <ref>', HOUSE_HELP)
    .requiredOption('--out <dir>', 'output directory')
    .option('--x <metres>', 'position x (default: the house start)')
    .option('--z <metres>', 'position z (default: the house start)')
    .option('--yaw <degrees>', 'heading, 0 looks along −z, positive turns left (default: the start heading)')
    .option('--width <px>', 'image width', '320')
    .option('--height <px>', 'image height', '240')
    .option('--hfov <degrees>', 'horizontal field of view', '79')
    .option('--json', 'print the written files and the view as JSON')
    .action(async (raw: Record<string, string>) => {
      const f = parseFlags(RenderFlagsSchema, raw, 'sim render');
      await applySceneFlags(raw, 'sim render');
      const { renderHouseView } = await import('../world/index.js');
      const { join } = await import('node:path');
      const v = await renderHouseView(f.house, {
        x: f.x,
        z: f.z,
        yaw: f.yaw !== undefined ? (f.yaw * Math.PI) / 180 : undefined,
        width: f.width,
        height: f.height,
        hfovDeg: f.hfov,
      });
      await writeAtomic(join(f.out, 'rgb.png'), v.rgb);
      await writeAtomic(join(f.out, 'depth.png'), v.depth);
      await writeAtomic(join(f.out, 'instances.png'), v.ids);
      await writeAtomic(join(f.out, 'view.json'), JSON.stringify(v.view, null, 2) + '\n');
      const files = ['rgb.png', 'depth.png', 'instances.png', 'view.json'].map((n) => join(f.out, n));
      if (f.json) console.log(JSON.stringify({ files, view: v.view }));
      else console.log(`wrote rgb.png, depth.png, instances.png and view.json to ${f.out}`);
    });
}

/** `sim episodes`: a dataset of procedural houses' episodes. */
function registerEpisodes(sim: Command): void {
  sim
    .command('episodes')
    .description('write an episode dataset (JSON) of N procedural houses × M episodes')
    .requiredOption('--kind <kind>', "'goat' or 'instruction'")
    .requiredOption('--houses <n>', 'number of houses')
    .requiredOption('--per-house <m>', 'episodes per house')
    .requiredOption('--out <file>', 'output JSON file')
    .option('--seed <s>', 'dataset seed', '0')
    .option('--json', 'print the dataset summary as JSON')
    .action(async (raw: Record<string, string>) => {
      const f = parseFlags(EpisodeFlags, raw, 'sim episodes');
      const { generateDataset } = await import('../world/index.js');
      const bar = progressBar('houses', f.houses, !f.json && process.stderr.isTTY === true);
      let done = 0;
      const ds = await generateDataset({
        kind: f.kind,
        houses: f.houses,
        perHouse: f.perHouse,
        seed: f.seed,
        onProgress: (d) => {
          bar.tick(d - done);
          done = d;
        },
      });
      bar.stop();
      await writeAtomic(f.out, JSON.stringify(ds) + '\n');
      if (f.json) console.log(JSON.stringify({ kind: f.kind, houses: f.houses, episodes: ds.episodes.length, out: f.out }));
      else console.log(`wrote ${ds.episodes.length} ${f.kind} episodes to ${f.out}`);
    });
}

export function registerSim(program: Command): void {
  const sim = program.command('sim').description(SUMMARIES.sim);

  registerRender(sim);
  registerEpisodes(sim);

  sim
    .command('export')
    .description(
      'write a procedural house as a Habitat scene dataset: stage GLB (+Z up), version-2 .navmesh, scene_dataset_config, GOAT-Bench and R2R-CE episodes',
    )
    .requiredOption('--house <ref>', "'seed:N', a procedural house")
    .requiredOption('--out <dir>', "output directory, laid out as habitat-lab's data/ folder")
    .option('--format <format>', "'habitat'", 'habitat')
    .option('--goat-episodes <n>', 'GOAT-Bench episodes to write (0: none)', '3')
    .option('--r2r-episodes <n>', 'R2R-CE episodes to write (0: none)', '3')
    .option('--split <name>', 'split the episode files are written as', 'val')
    .option('--json', 'print the written files as JSON')
    .action(async (raw: Record<string, string>) => {
      const f = parseFlags(ExportFlagsSchema, raw, 'sim export');
      const { exportHabitatHouse } = await import('../world/index.js');
      const { join } = await import('node:path');
      const seed = f.house;
      const files = await exportHabitatHouse({ seed, goatEpisodes: f.goatEpisodes, r2rEpisodes: f.r2rEpisodes, split: f.split });
      for (const [rel, bytes] of Object.entries(files)) await writeAtomic(join(f.out, rel), bytes);
      const list = Object.keys(files).map((rel) => join(f.out, rel));
      if (f.json) console.log(JSON.stringify({ house: seed, format: f.format, files: list }));
      else console.log(`wrote ${list.length} files for house seed:${seed} to ${f.out}:\n${list.map((l) => `  ${l}`).join('\n')}`);
    });
}
