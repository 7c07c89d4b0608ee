/**
 * Between a deployment's run directory and its house memory: the pose source's map a run leaves
 * (saved after consolidation, before the run is marked finished, so that a crash before the commit
 * can still commit it), the seeding of a run from the memory, and the contents a finished run
 * commits (its consolidated notes, its maps, the archive with its ledger and handovers added).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  AnchorSchema,
  atomicWriteFile,
  HOUSE_MOUNT,
  HOUSE_NOTE_FILES,
  type HouseMemoryContents,
  Journal,
  LEDGER_FILE,
  loadNavigatorMemory,
  loadPlaceGraph,
  parseJsonFile,
  poseMapProblem,
  seedRunHouse,
  Workspace,
} from '../memory/index.js';
import type { Navigator, SavedPoseMap } from '../navigator/index.js';

const POSE_MAP_BIN = '.navharness/pose-map.bin';
const POSE_MAP_ANCHOR = '.navharness/pose-map.json';

const openRun = (runDir: string): Workspace => Workspace.open({ runDir, houseDir: join(runDir, HOUSE_MOUNT) });

/** Keeps the navigator's pose-source map and anchor in the run directory (a run's `beforeFinish`). */
export function savePoseMap(navigator: Navigator, ws: Workspace): void {
  const saved = navigator.savedPoseMap();
  if (!saved) return;
  ws.writeOwned({ kind: 'orchestrator' }, POSE_MAP_BIN, saved.bytes);
  ws.writeOwned({ kind: 'orchestrator' }, POSE_MAP_ANCHOR, JSON.stringify({ map_id: saved.mapId, anchor: Array.from(saved.anchor) }) + '\n');
}

function loadPoseMap(ws: Workspace, runDir: string): SavedPoseMap | null {
  const text = ws.readRaw(POSE_MAP_ANCHOR);
  const bin = join(runDir, POSE_MAP_BIN);
  if (text === null || !existsSync(bin)) return null;
  const a = parseJsonFile(text, join(runDir, POSE_MAP_ANCHOR), AnchorSchema);
  // bytes, not text: Workspace.readRaw would decode them
  return { bytes: new Uint8Array(readFileSync(bin)), anchor: Float64Array.from(a.anchor), mapId: a.map_id };
}

/** True when the run directory holds a closed task (its place graph is then its own, not the memory's). */
export function hasClosedTask(runDir: string): boolean {
  const tasks = join(runDir, 'tasks');
  return existsSync(tasks) && readdirSync(tasks).some((d) => existsSync(join(tasks, d, 'record.json')));
}

/**
 * Prepares run directory `runDir` from the memory: notes and archive into its `house/` folder
 * (always: only consolidation writes there, at the end), the place graph only before its first task closed.
 */
export function seedRun(runDir: string, c: HouseMemoryContents, savedMaps: boolean): void {
  seedRunHouse(join(runDir, HOUSE_MOUNT), c);
  const graph = c.maps?.placeGraph;
  if (savedMaps && graph && !hasClosedTask(runDir)) atomicWriteFile(join(runDir, 'places', 'graph.json'), JSON.stringify(graph, null, 2) + '\n');
}

/**
 * What the house memory holds after run `runDir` (finished): its notes, its maps (or the previous
 * ones when it left none, or none with saved maps off) and the archive with the run added as `name`.
 */
export function contentsAfterRun(runDir: string, before: HouseMemoryContents, name: string, savedMaps: boolean): HouseMemoryContents {
  const ws = openRun(runDir);
  const journal = new Journal(ws);
  const notes = HOUSE_NOTE_FILES.flatMap((file) => {
    const text = ws.readRaw(`${HOUSE_MOUNT}/${file}`);
    return text === null ? [] : [{ file, text }];
  });
  const ids = journal.closedTaskIds();
  let maps = savedMaps ? before.maps : null;
  const last = ids.at(-1);
  let poseMap: SavedPoseMap | null = null;
  let damaged: string | null = null;
  try {
    poseMap = savedMaps && last ? loadPoseMap(ws, runDir) : null;
    damaged = poseMap && poseMapProblem(poseMap);
  } catch (e) {
    damaged = (e as Error).message;
  }
  if (damaged) {
    // a damaged map committed would fail every later run's load: the memory keeps the maps it had
    process.emitWarning(`${join(runDir, POSE_MAP_BIN)} is not kept in the house memory: ${damaged}; the memory keeps its earlier maps`);
    poseMap = null;
  }
  const navigator = poseMap && last ? loadNavigatorMemory(ws, last) : null;
  if (poseMap && navigator) maps = { poseMap, navigator, placeGraph: loadPlaceGraph(ws) };
  const handovers = ids.flatMap((task) => {
    const text = journal.readHandover(task);
    return text === null ? [] : [{ task, text }];
  });
  const archive = [...before.archive.filter((r) => r.name !== name), { name, ledger: ws.readRaw(LEDGER_FILE), handovers }];
  return { notes, maps, archive };
}
