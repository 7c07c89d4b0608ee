/**
 * What one generation of a house memory holds, and its files: the house notes (four files), the
 * saved maps (the pose source's map with its anchor, the navigator's grids per floor and places with
 * their views, the place graph) and the experience archive (each earlier run's ledger and handovers).
 * Every file is validated when read back; a bad one is named with what was expected.
 */
import { existsSync, lstatSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { poseProblem } from '../geometry/index.js';
import type { NavigatorMemory, SavedPoseMap } from '../navigator/index.js';
import { MAX_MAP_ID, mapFileProblem } from '../perception/index.js';
import { atomicWriteFile } from './atomic.js';
import { HOUSE_NOTE_FILES, type HouseNoteFile } from './layout.js';
import { readNavigatorFiles, writeNavigatorFiles } from './navigator-files.js';
import { type PlaceGraph, PlaceGraphSchema } from './place-graph.js';
import { parseJsonFile } from './schemas.js';

/** A run's name in the archive: its position among all runs the house memory has seen. */
export const ARCHIVE_RUN_RE = /^run-\d{3,6}$/;
const TASK_RE = /^task-\d{3,6}$/;
/** The longest archived text accepted (a ledger of a long run stays far below it). */
const ARCHIVE_TEXT_LIMIT = 1_000_000;

export interface ArchivedRun {
  name: string;
  ledger: string | null;
  handovers: { task: string; text: string }[];
}

export interface SavedMaps {
  poseMap: SavedPoseMap;
  navigator: NavigatorMemory;
  placeGraph: PlaceGraph | null;
}

export interface HouseMemoryContents {
  notes: { file: HouseNoteFile; text: string }[];
  /** null: no maps kept (the first run, or runs with --no-saved-maps) */
  maps: SavedMaps | null;
  archive: ArchivedRun[];
}

export const EMPTY_CONTENTS: HouseMemoryContents = { notes: [], maps: null, archive: [] };

export const AnchorSchema = z.strictObject({
  map_id: z.number().int().nonnegative().max(MAX_MAP_ID),
  // the rigid change that carried the map's poses into the navigator's world
  anchor: z
    .array(z.number().finite())
    .length(16)
    .superRefine((a, ctx) => {
      const problem = poseProblem(a);
      if (problem) ctx.addIssue({ code: 'custom', message: `not a rigid transform: ${problem}` });
    }),
});

/** Why the saved pose map (its bytes and anchor) cannot be kept or loaded, or null. */
export function poseMapProblem(m: SavedPoseMap): string | null {
  const anchor = AnchorSchema.safeParse({ map_id: m.mapId, anchor: Array.from(m.anchor) });
  if (!anchor.success) return `its anchor: ${anchor.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`;
  return mapFileProblem(m.bytes);
}

/**
 * Refuses a generation folder holding anything but folders and regular files: a link would show
 * its target (anywhere on the machine) to sessions and save it into the next generation.
 */
function assertOwnFiles(dir: string): void {
  for (const f of readdirSync(dir)) {
    const path = join(dir, f);
    const st = lstatSync(path);
    if (st.isDirectory()) assertOwnFiles(path);
    else if (!st.isFile())
      throw new Error(`${path} is ${st.isSymbolicLink() ? 'a symbolic link' : 'not a regular file'}; a house memory holds only its own folders and files`);
  }
}

const NOTES = 'notes';
const MAPS = 'maps';
const ARCHIVE = 'archive';

/** Text of an archived or note file: UTF-8 without NUL bytes, within the limit. */
function readText(path: string, what: string, limit = ARCHIVE_TEXT_LIMIT): string {
  const text = readFileSync(path, 'utf8');
  if (text.includes('\uFFFD') || text.includes('\0')) throw new Error(`${path} is not UTF-8 text; expected ${what}`);
  if (text.length > limit) throw new Error(`${path} holds ${text.length} characters; expected ${what} of at most ${limit}`);
  return text;
}

/**
 * Where an archived handover lives, relative to the archive's parent (a generation folder, or a run's
 * `house/` folder): the run's own layout, so a session reads `house/archive/run-001/tasks/task-003/handover.md`.
 */
export const archivedHandoverPath = (run: string, task: string): string => `${ARCHIVE}/${run}/tasks/${task}/handover.md`;

/** Writes the contents into `dir` (a fresh generation folder). */
export function writeContents(dir: string, c: HouseMemoryContents): void {
  const problem = c.maps && poseMapProblem(c.maps.poseMap);
  if (problem) throw new Error(`the pose source's map of this commit cannot be kept: ${problem}`);
  for (const n of c.notes) atomicWriteFile(join(dir, NOTES, n.file), n.text);
  if (c.maps) {
    const m = c.maps;
    atomicWriteFile(join(dir, MAPS, 'pose-map.bin'), m.poseMap.bytes);
    atomicWriteFile(join(dir, MAPS, 'anchor.json'), JSON.stringify({ map_id: m.poseMap.mapId, anchor: Array.from(m.poseMap.anchor) }) + '\n');
    writeNavigatorFiles(m.navigator, (name, data) => atomicWriteFile(join(dir, MAPS, 'navigator', name), data));
    if (m.placeGraph) atomicWriteFile(join(dir, MAPS, 'places.json'), JSON.stringify(PlaceGraphSchema.parse(m.placeGraph), null, 2) + '\n');
  }
  for (const run of c.archive) {
    if (!ARCHIVE_RUN_RE.test(run.name)) throw new Error(`archive run name '${run.name}' must look like run-001`);
    if (run.ledger !== null) atomicWriteFile(join(dir, ARCHIVE, run.name, 'ledger.md'), run.ledger);
    for (const h of run.handovers) atomicWriteFile(join(dir, archivedHandoverPath(run.name, h.task)), h.text);
  }
}

function readMaps(dir: string): SavedMaps | null {
  const base = join(dir, MAPS);
  if (!existsSync(base)) return null;
  const bin = join(base, 'pose-map.bin');
  if (!existsSync(bin)) throw new Error(`${bin} is missing; expected the pose source's saved map next to ${join(base, 'anchor.json')}`);
  const a = parseJsonFile(readFileSync(join(base, 'anchor.json'), 'utf8'), join(base, 'anchor.json'), AnchorSchema);
  const bytes = new Uint8Array(readFileSync(bin));
  const problem = mapFileProblem(bytes);
  if (problem) throw new Error(`${bin}: ${problem}; expected the tracker map the memory saved`);
  const navDir = join(base, 'navigator');
  const navigator = readNavigatorFiles((name) => (existsSync(join(navDir, name)) ? readFileSync(join(navDir, name)) : null), navDir);
  if (!navigator) throw new Error(`${navDir}/memory.json is missing; expected the saved grids and places`);
  const graphPath = join(base, 'places.json');
  const placeGraph = existsSync(graphPath) ? parseJsonFile(readFileSync(graphPath, 'utf8'), graphPath, PlaceGraphSchema) : null;
  return { poseMap: { bytes, anchor: Float64Array.from(a.anchor), mapId: a.map_id }, navigator, placeGraph };
}

function readArchive(dir: string): ArchivedRun[] {
  const base = join(dir, ARCHIVE);
  if (!existsSync(base)) return [];
  return readdirSync(base)
    .sort()
    .map((name) => {
      if (!ARCHIVE_RUN_RE.test(name)) throw new Error(`${join(base, name)}: the archive holds only run folders named like run-001`);
      const ledgerPath = join(base, name, 'ledger.md');
      const tDir = join(base, name, 'tasks');
      const tasks = existsSync(tDir) ? readdirSync(tDir).sort() : [];
      const handovers = tasks.map((task) => {
        const file = join(dir, archivedHandoverPath(name, task));
        if (!TASK_RE.test(task) || !existsSync(file))
          throw new Error(`${join(tDir, task)}: the archive holds a folder per task named like task-001 with its handover.md`);
        return { task, text: readText(file, 'an archived handover') };
      });
      return { name, ledger: existsSync(ledgerPath) ? readText(ledgerPath, 'an archived ledger') : null, handovers };
    });
}

/** Reads and validates a generation folder. */
export function readContents(dir: string, noteLimit: number): HouseMemoryContents {
  assertOwnFiles(dir);
  const notes = HOUSE_NOTE_FILES.filter((f) => existsSync(join(dir, NOTES, f))).map((file) => ({
    file,
    text: readText(join(dir, NOTES, file), 'a house note as consolidation writes it', noteLimit),
  }));
  return { notes, maps: readMaps(dir), archive: readArchive(dir) };
}
