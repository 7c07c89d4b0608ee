/**
 * A habitat-sim scene dataset config (`*.scene_dataset_config.json`) and one scene name → the stage
 * to open, the frame defaults the config gives stages, and the navmesh it names. The config lists
 * stage files by folder or glob (`stages.paths`, per extension), scene instances the same way
 * (`scene_instances.paths`: a `NAME.scene_instance.json` names its stage by `stage_instance.template_name`)
 * and navmeshes by name (`navmesh_instances`). A scene name is a stage's or scene instance's name (the
 * file name without its extensions, as habitat-sim's handles end) or a stage path relative to the config.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { z } from '../../geometry/index.js';
import { describeIssues } from '../episodes/schema.js';
import { type DatasetScene, type StageDefaults, StageDefaultsSchema, type StagePlacement } from './stage-read.js';

export type { DatasetScene } from './stage-read.js';

const coordinate = z.number().check(z.minimum(-1e5, 'at least -100000 m'), z.maximum(1e5, 'at most 100000 m'));
/** The fields of a scene instance's `stage_instance` read here (habitat-sim's: rotation is [w, x, y, z]). */
const StageInstanceSchema = z.looseObject({
  template_name: z.string({ message: 'names no stage (stage_instance.template_name, a string)' }).check(z.minLength(1)),
  translation: z.optional(z.tuple([coordinate, coordinate, coordinate])),
  rotation: z.optional(
    z
      .tuple([z.number(), z.number(), z.number(), z.number()])
      .check(z.refine((q) => Math.hypot(...q) > 1e-6, 'a rotation quaternion [w, x, y, z] of non-zero length')),
  ),
});

/** The placement a `stage_instance` gives, normalised; null when it gives none. */
function placementOf(stageInstance: z.infer<typeof StageInstanceSchema>): StagePlacement | null {
  const { translation, rotation } = stageInstance;
  if (!translation && !rotation) return null;
  const q = rotation ?? [1, 0, 0, 0];
  const n = Math.hypot(...q);
  return { translation: translation ?? [0, 0, 0], rotation: [q[0] / n, q[1] / n, q[2] / n, q[3] / n] };
}

type Json = Record<string, unknown>;
const obj = (v: unknown): Json => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : {});
const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);

/** Files under `dir` matching a habitat path entry: a folder (every file in it), or a path with `*` in its segments. */
function expand(dir: string, entry: string): string[] {
  const parts = resolve(dir, entry).split('/');
  let found = ['/'];
  for (const part of parts.slice(1)) {
    if (part === '') continue;
    const next: string[] = [];
    for (const base of found) {
      if (!part.includes('*')) {
        const p = join(base, part);
        if (existsSync(p)) next.push(p);
        continue;
      }
      const re = new RegExp(`^${part.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`);
      let names: string[] = [];
      try {
        names = readdirSync(base);
      } catch {
        continue;
      }
      for (const n of names) if (re.test(n)) next.push(join(base, n));
    }
    found = next;
  }
  const out: string[] = [];
  for (const f of found) {
    try {
      if (statSync(f).isDirectory()) for (const n of readdirSync(f)) out.push(join(f, n));
      else out.push(f);
    } catch {
      // a listed path that vanished is simply not a candidate
    }
  }
  return out;
}

const nameOf = (file: string) => basename(file).replace(/(\.stage_config\.json|\.scene_instance\.json|\.basis\.glb|\.glb)$/i, '');

function listed(dir: string, section: Json, suffix: RegExp): string[] {
  const paths = obj(section.paths);
  return Object.values(paths)
    .flatMap((entries) => strings(entries).flatMap((e) => expand(dir, e)))
    .filter((f) => suffix.test(f));
}

/** Resolves `scene` in the dataset config at `path`; errors name the file, the scene and the names it holds. */
export function resolveDatasetScene(path: string, scene: string): DatasetScene {
  let cfg: Json;
  try {
    cfg = obj(JSON.parse(readFileSync(path, 'utf8')));
  } catch (e) {
    throw new Error(`scene dataset config '${path}' cannot be read as JSON: ${(e as Error).message}`);
  }
  const dir = dirname(path);
  const stagesSection = obj(cfg.stages);
  const d = StageDefaultsSchema.safeParse(stagesSection.default_attributes ?? {});
  if (!d.success)
    throw new Error(
      `scene dataset config '${path}': stages.default_attributes is invalid:\n${describeIssues(d.error)}\naccepted: up and front [x, y, z] (perpendicular unit vectors), origin [x, y, z] metres, scale [x, y, z] > 0, units_to_meters 0.0001..10000`,
    );
  // habitat-sim reads up and front as a pair: one without the other leaves the stage's own frame
  const { up, front, ...rest } = d.data;
  const frame: StageDefaults | null = { ...(up && front ? { up, front } : {}), ...rest };
  const navmeshes = obj(cfg.navmesh_instances);
  const stages = listed(dir, stagesSection, /(\.stage_config\.json|\.glb)$/i);
  const instances = listed(dir, obj(cfg.scene_instances), /\.scene_instance\.json$/i);
  const matches = (f: string, name: string) => nameOf(f) === name || relative(dir, f) === name || f.endsWith(`/${name}`);
  const stageNamed = (name: string) => stages.filter((f) => matches(f, name)).sort((a, b) => Number(/\.json$/i.test(b)) - Number(/\.json$/i.test(a)))[0];
  let stage = stageNamed(scene);
  let navName: string | null = typeof navmeshes[scene] === 'string' ? scene : null;
  let place: StagePlacement | null = null;
  const unread = { objects: 0, articulated: 0 };
  if (!stage) {
    const inst = instances.find((f) => matches(f, scene));
    if (inst) {
      let data: Json;
      try {
        data = obj(JSON.parse(readFileSync(inst, 'utf8')));
      } catch (e) {
        throw new Error(`scene instance '${inst}' cannot be read as JSON: ${(e as Error).message}`);
      }
      const si = StageInstanceSchema.safeParse(data.stage_instance ?? {});
      if (!si.success)
        throw new Error(
          `scene instance '${inst}': stage_instance is invalid:\n${describeIssues(si.error)}\naccepted: {template_name: string, translation?: [x, y, z] metres, rotation?: [w, x, y, z]}`,
        );
      const template = si.data.template_name;
      place = placementOf(si.data);
      unread.objects = Array.isArray(data.object_instances) ? data.object_instances.length : 0;
      unread.articulated = Array.isArray(data.articulated_object_instances) ? data.articulated_object_instances.length : 0;
      stage = stageNamed(basename(template)) ?? stageNamed(template);
      if (!stage)
        throw new Error(`scene instance '${inst}' names the stage '${template}', which is not among the stages of '${path}' (${stages.length} listed)`);
      const nav = data.navmesh_instance;
      if (typeof nav === 'string' && typeof navmeshes[nav] === 'string') navName = nav;
    }
  }
  if (!stage) {
    const names = [...new Set([...stages, ...instances].map(nameOf))].sort();
    const list = names.length
      ? `${names.slice(0, 20).join(', ')}${names.length > 20 ? ', …' : ''}`
      : 'none: its stages.paths and scene_instances.paths match no file here';
    throw new Error(`scene dataset config '${path}' has no stage or scene instance named '${scene}'; it holds: ${list}`);
  }
  const navmesh = navName ? resolve(dir, navmeshes[navName] as string) : null;
  return { stage, frame, navmesh, place, unread };
}
