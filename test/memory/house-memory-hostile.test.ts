/**
 * Issue 38: a house memory that a kill, a hand edit or a forged file left wrong is refused when it is
 * opened or loaded, naming the file and what was expected, and the memory is left as it was: a kill
 * during the first commit, a manifest whose generation or runs do not match the generations on disk,
 * duplicated runs, links inside the memory, a damaged tracker map, and values beyond the bounds a run
 * can use (origins, layer sizes, place names, anchors, view sizes, trails).
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import { afterAll, describe, expect, it } from 'vitest';
import { HOUSE_MEMORY_MANIFEST, HouseMemory, type HouseMemoryContents } from '../../src/memory/index.js';
import type { NavigatorMemory } from '../../src/navigator/index.js';
import { emptyMapFile } from '../helpers/map-file-forge.js';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
function newDir(): string {
  const d = mkdtempSync(join(tmpdir(), 'house-mem-hostile-'));
  dirs.push(d);
  return join(d, 'hm');
}

const WHO = { house: 'seed:3', poseSource: 'slam' };
const DEPLOYMENT = '0123456789abcdef';
const ANCHOR = Float64Array.from([1, 0, 0, 2, 0, 1, 0, 0, 0, 0, 1, -3, 0, 0, 0, 1]);

function navigatorMemory(): NavigatorMemory {
  const view = { width: 2, height: 1, rgb: new Uint8Array([10, 20, 30, 40, 50, 60]), pose: { x: 1, z: 2, yaw: 0.5 }, floor: 0, time: 3 };
  return {
    pose: Float64Array.from({ length: 16 }, (_, i) => (i % 5 === 0 ? 1 : 0)),
    floor: 0,
    layers: [{ floorUp: 0, frames: 7, grid: { originX: -2, originZ: -1, width: 4, height: 3, cells: new Uint8Array(12) } }],
    places: [{ name: 'kitchen door', pose: { x: 1, z: 2, yaw: 0.5 }, floor: 0, seq: 0, moves: 0, views: [view] }],
    trails: [
      [
        { x: 0, z: 0 },
        { x: 1, z: 2 },
      ],
    ],
  };
}

function contents(runs: number, bytes = emptyMapFile(3)): HouseMemoryContents {
  return {
    notes: [{ file: 'overview.md', text: `notes after ${runs} runs` }],
    maps: { poseMap: { bytes, anchor: ANCHOR, mapId: 3 }, navigator: navigatorMemory(), placeGraph: null },
    archive: Array.from({ length: runs }, (_, i) => ({ name: `run-00${i + 1}`, ledger: `- task-001 · run ${i + 1}\n`, handovers: [] })),
  };
}
const entry = (index: number) => ({ name: `run-00${index}`, deployment: DEPLOYMENT, index, tasks: 1, consolidated: true, saved_maps: true });

/** A memory with `runs` committed runs, released. */
function memoryWith(runs: number): string {
  const dir = newDir();
  const hm = HouseMemory.open(dir, WHO);
  for (let k = 1; k <= runs; k++) hm.commit(entry(k), contents(k));
  hm.release();
  return dir;
}

const manifestPath = (dir: string) => join(dir, HOUSE_MEMORY_MANIFEST);
const manifest = (dir: string) => JSON.parse(readFileSync(manifestPath(dir), 'utf8'));
const generations = (dir: string) =>
  readdirSync(dir)
    .filter((f) => f.startsWith('gen-'))
    .sort();

/** Opening and loading `dir` is refused with `message`; the generations on disk stay as they were. */
function refused(dir: string, message: RegExp): void {
  const before = generations(dir);
  expect(() => {
    const hm = HouseMemory.open(dir, WHO);
    try {
      hm.load();
    } finally {
      hm.release();
    }
  }).toThrow(message);
  expect(generations(dir)).toEqual(before);
}

describe('a house memory after a kill or a hand edit', () => {
  it('a kill during the first commit (after the rename, before the manifest) leaves a memory that opens as new', () => {
    const dir = newDir();
    const hm = HouseMemory.open(dir, WHO);
    expect(() =>
      hm.commit(entry(1), contents(1), {
        afterRename: () => {
          throw new Error('killed');
        },
      }),
    ).toThrow('killed');
    hm.release();
    expect(existsSync(manifestPath(dir))).toBe(false);
    const again = HouseMemory.open(dir, WHO);
    expect(again.manifest.generation).toBe(0);
    expect(generations(dir)).toEqual([]);
    again.commit(entry(1), contents(1));
    expect(again.load().notes[0].text).toBe('notes after 1 runs');
    again.release();
  });

  it('a kill while the first generation was being written (a partial folder) leaves a memory that opens as new', () => {
    const dir = newDir();
    HouseMemory.open(dir, WHO).release();
    writeFileSync(join(dir, 'gen-000001.partial-0a1b2c3d4e5f'), 'half');
    const hm = HouseMemory.open(dir, WHO);
    expect(hm.manifest.generation).toBe(0);
    expect(generations(dir)).toEqual([]);
    hm.release();
  });

  it('"generation": 0 in the manifest is refused and the saved generation kept', () => {
    const dir = memoryWith(1);
    writeFileSync(manifestPath(dir), JSON.stringify({ ...manifest(dir), generation: 0, runs: [] }));
    refused(dir, /house-memory.json is malformed: generation/);
    expect(existsSync(join(dir, 'gen-000001', 'archive', 'run-001'))).toBe(true);
  });

  it('"runs": [] is refused: the archived runs are not overwritten', () => {
    const dir = memoryWith(2);
    const m = manifest(dir);
    writeFileSync(manifestPath(dir), JSON.stringify({ ...m, runs: [] }));
    refused(dir, /names generation 2 but lists 0 committed runs/);
    writeFileSync(manifestPath(dir), JSON.stringify({ ...m, generation: 1, runs: [] }));
    refused(dir, /names generation 1 but lists 0 committed runs/);
    writeFileSync(manifestPath(dir), JSON.stringify({ ...m, generation: 1, runs: m.runs.slice(0, 1) }));
    refused(dir, /names gen-000001, which is missing/);
  });

  it('a run listed twice is refused, and a commit of a committed run too', () => {
    const dir = memoryWith(2);
    const m = manifest(dir);
    writeFileSync(manifestPath(dir), JSON.stringify({ ...m, runs: [m.runs[0], { ...m.runs[0], name: 'run-002' }] }));
    refused(dir, /run 1 of deployment 0123456789abcdef is listed twice/);
    writeFileSync(manifestPath(dir), JSON.stringify({ ...m, runs: [m.runs[0], { ...m.runs[1], name: 'run-007' }] }));
    refused(dir, /committed run 2 is named run-007, expected run-002/);
    writeFileSync(manifestPath(dir), JSON.stringify(m));
    const hm = HouseMemory.open(dir, WHO);
    expect(() => hm.commit({ ...entry(2), name: 'run-003' }, contents(3))).toThrow(/run 2 of deployment 0123456789abcdef is already committed/);
    expect(() => hm.commit(entry(3), contents(2))).toThrow(/must archive run-001, run-002, run-003/);
    expect(generations(dir)).toEqual(['gen-000002']);
    hm.release();
  });

  it('a manifest whose runs do not match the archive on disk, or a generation folder no crash can leave, is refused', () => {
    const dir = memoryWith(2);
    rmSync(join(dir, 'gen-000002', 'archive', 'run-002'), { recursive: true });
    refused(dir, /gen-000002\/archive holds run-001, the manifest lists run-001, run-002/);
    const other = memoryWith(1);
    writeFileSync(join(other, 'gen-000005'), 'x');
    refused(other, /gen-000005 is not a folder/);
  });

  it('links inside a memory are refused, not followed', () => {
    const dir = memoryWith(1);
    const secret = join(dir, '..', 'secret.txt');
    writeFileSync(secret, 'a file outside the memory');
    const note = join(dir, 'gen-000001', 'notes', 'overview.md');
    unlinkSync(note);
    symlinkSync(secret, note);
    refused(dir, /overview.md is a symbolic link; a house memory holds only its own folders and files/);
    unlinkSync(note);
    writeFileSync(note, 'notes');
    symlinkSync(secret, join(dir, 'gen-000001', 'archive', 'run-001', 'ledger.md.bak'));
    refused(dir, /ledger.md.bak is a symbolic link/);
  });

  it('a damaged tracker map is neither committed nor loaded', () => {
    const dir = memoryWith(1);
    const hm = HouseMemory.open(dir, WHO);
    const damaged = emptyMapFile(3);
    damaged[90] ^= 1;
    expect(() => hm.commit(entry(2), contents(2, damaged))).toThrow(/cannot be kept: map file checksum does not match/);
    expect(() =>
      hm.commit(entry(2), {
        ...contents(2),
        maps: { ...contents(2).maps!, poseMap: { bytes: emptyMapFile(3), anchor: Float64Array.from({ length: 16 }, (_, i) => i), mapId: 3 } },
      }),
    ).toThrow(/anchor: not a rigid transform/);
    expect(hm.manifest.generation).toBe(1);
    expect(generations(dir)).toEqual(['gen-000001']);
    hm.release();
    writeFileSync(join(dir, 'gen-000001', 'maps', 'pose-map.bin'), damaged);
    refused(dir, /pose-map.bin: map file checksum does not match its bytes/);
  });
});

describe('values beyond what a run can use are refused at load', () => {
  /** A one-run memory whose navigator index (memory.json) `edit` changed. */
  function withIndex(edit: (index: Record<string, any>, dir: string) => void): string {
    const dir = memoryWith(1);
    const path = join(dir, 'gen-000001', 'maps', 'navigator', 'memory.json');
    const index = JSON.parse(readFileSync(path, 'utf8'));
    edit(index, join(dir, 'gen-000001', 'maps', 'navigator'));
    writeFileSync(path, JSON.stringify(index));
    return dir;
  }

  it('a layer origin of 2³¹ cells', () => {
    refused(
      withIndex((i) => (i.layers[0].origin_x = 2 ** 31)),
      /memory.json is malformed: layers.0.origin_x/,
    );
  });

  it('a 4000² layer', () => {
    refused(
      withIndex((i, nav) => {
        Object.assign(i.layers[0], { width: 4000, height: 4000 });
        writeFileSync(join(nav, 'layer-0.bin'), new Uint8Array(4000 * 4000));
      }),
      /memory.json is malformed: layers.0: a saved layer holds at most 4194304 cells/,
    );
  });

  it('a place name of a million characters', () => {
    refused(
      withIndex((i) => (i.places[0].name = 'k'.repeat(1_000_000))),
      /memory.json is malformed: places.0.name/,
    );
  });

  it('a pose that is not rigid, and a non-rigid anchor', () => {
    refused(
      withIndex((i) => (i.pose = [2, 0, 0, 0, 0, 2, 0, 0, 0, 0, 2, 0, 0, 0, 0, 1])),
      /memory.json is malformed: pose: not a rigid pose: the rotation part of the pose is not orthonormal/,
    );
    const dir = memoryWith(1);
    writeFileSync(join(dir, 'gen-000001', 'maps', 'anchor.json'), JSON.stringify({ map_id: 3, anchor: [1, 0.5, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1] }));
    refused(dir, /anchor.json is malformed: anchor: not a rigid transform/);
  });

  it('a 12000² place view: refused by the index, and by the PNG header before decoding when the index lies', () => {
    refused(
      withIndex((i) => Object.assign(i.places[0].views[0], { width: 12000, height: 12000 })),
      /memory.json is malformed: places.0.views.0: a place view has at most 4194304 pixels/,
    );
    // a PNG that declares 12000×12000 (its IHDR) behind an index that says 2×1: never decoded
    const big = new PNG({ width: 1, height: 1 });
    const png = PNG.sync.write(big);
    png.writeUInt32BE(12000, 16);
    png.writeUInt32BE(12000, 20);
    refused(
      withIndex((i, nav) => writeFileSync(join(nav, i.places[0].views[0].file), png)),
      /declares 12000×12000 pixels; at most 2 pixels and 2 per side are decoded/,
    );
  });

  it('a million and one trail points', () => {
    refused(
      withIndex((i) => (i.trails = [Array.from({ length: 1_000_001 }, (_, k) => ({ x: k * 1e-3, z: 0 }))])),
      /memory.json is malformed: trails: the trails hold at most 1000000 points/,
    );
  });
});
