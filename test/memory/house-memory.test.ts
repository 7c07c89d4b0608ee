/**
 * The house memory (issue 16): a versioned, locked directory of house notes, saved maps and an
 * experience archive, replaced as a whole at each commit. A crash between writing a generation and
 * naming it leaves the previous one; a memory of another house, pose source or version is refused.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { HOUSE_MEMORY_MANIFEST, HouseMemory, type HouseMemoryContents, lastArchivedHandover, seedRunHouse } from '../../src/memory/index.js';
import type { NavigatorMemory } from '../../src/navigator/index.js';
import { emptyMapFile } from '../helpers/map-file-forge.js';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
function tempDir(): string {
  const d = mkdtempSync(join(tmpdir(), 'house-mem-'));
  dirs.push(d);
  return d;
}

const WHO = { house: 'seed:3', poseSource: 'slam' };
const DEPLOYMENT = '0123456789abcdef';

function navigatorMemory(): NavigatorMemory {
  const cells = new Uint8Array(12).fill(0);
  cells[3] = 1;
  cells[4] = 2;
  const view = { width: 2, height: 1, rgb: new Uint8Array([10, 20, 30, 40, 50, 60]), pose: { x: 1, z: 2, yaw: 0.5 }, floor: 0, time: 3 };
  return {
    pose: Float64Array.from({ length: 16 }, (_, i) => (i % 5 === 0 ? 1 : 0)),
    floor: 0,
    layers: [{ floorUp: 0, frames: 7, grid: { originX: -2, originZ: -1, width: 4, height: 3, cells } }],
    places: [{ name: 'kitchen door', pose: { x: 1, z: 2, yaw: 0.5 }, floor: 0, seq: 0, moves: 0, views: [view] }],
    trails: [
      [
        { x: 0, z: 0 },
        { x: 1, z: 2 },
      ],
    ],
  };
}

function contents(note: string, runs: number): HouseMemoryContents {
  return {
    notes: [{ file: 'overview.md', text: note }],
    maps: {
      poseMap: { bytes: emptyMapFile(3), anchor: ANCHOR, mapId: 3 },
      navigator: navigatorMemory(),
      placeGraph: { places: [{ name: 'kitchen door', room: 'kitchen', floor: 0, registered: 1 }], edges: [], last: 'kitchen door', sequence: 1 },
    },
    archive: Array.from({ length: runs }, (_, i) => ({
      name: `run-00${i + 1}`,
      ledger: `- task-001 · run ${i + 1}\n`,
      handovers: [{ task: 'task-001', text: `handover of run ${i + 1}` }],
    })),
  };
}

/** a rigid anchor: a quarter turn about y and a shift */
const ANCHOR = Float64Array.from([0, 0, 1, 2, 0, 1, 0, 0, -1, 0, 0, -3, 0, 0, 0, 1]);

const entry = (index: number, name: string) => ({ name, deployment: DEPLOYMENT, index, tasks: 2, consolidated: true, saved_maps: true });

describe('house memory', () => {
  it('commits a generation atomically and reads every part back, validated', () => {
    const dir = join(tempDir(), 'hm');
    const hm = HouseMemory.open(dir, WHO);
    expect(hm.manifest.generation).toBe(0);
    expect(hm.load()).toEqual({ notes: [], maps: null, archive: [] });
    expect(hm.nextRunName()).toBe('run-001');
    hm.commit(entry(1, 'run-001'), contents('first notes', 1));
    hm.commit(entry(2, 'run-002'), contents('second notes', 2));
    const back = hm.load();
    expect(back.notes).toEqual([{ file: 'overview.md', text: 'second notes' }]);
    expect(Array.from(back.maps!.poseMap.bytes)).toEqual(Array.from(emptyMapFile(3)));
    expect(Array.from(back.maps!.poseMap.anchor)).toEqual(Array.from(ANCHOR));
    expect(back.maps!.poseMap.mapId).toBe(3);
    expect(Array.from(back.maps!.navigator.layers[0].grid.cells)).toEqual(Array.from(navigatorMemory().layers[0].grid.cells));
    expect(Array.from(back.maps!.navigator.places[0].views[0].rgb)).toEqual([10, 20, 30, 40, 50, 60]);
    expect(back.maps!.placeGraph?.places[0].room).toBe('kitchen');
    expect(back.archive.map((r) => r.name)).toEqual(['run-001', 'run-002']);
    expect(back.archive[1].handovers[0].text).toBe('handover of run 2');
    expect(hm.committed(DEPLOYMENT, 2)?.name).toBe('run-002');
    expect(hm.committed(DEPLOYMENT, 3)).toBeNull();
    // only the current generation is kept
    expect(readdirSync(dir).filter((f) => f.startsWith('gen-'))).toEqual(['gen-000002']);
    const manifest = JSON.parse(readFileSync(join(dir, HOUSE_MEMORY_MANIFEST), 'utf8'));
    expect(manifest).toMatchObject({ version: 1, house: 'seed:3', pose_source: 'slam', generation: 2 });
    hm.release();
  });

  it('is locked while in use, and refuses another house, pose source or version with what it is', () => {
    const dir = join(tempDir(), 'hm');
    const hm = HouseMemory.open(dir, WHO);
    expect(() => HouseMemory.open(dir, WHO)).toThrow(/in use by another navharness/);
    hm.commit(entry(1, 'run-001'), contents('notes', 1));
    hm.release();
    expect(() => HouseMemory.open(dir, { house: 'seed:4', poseSource: 'slam' })).toThrow(/memory of house 'seed:3', not of 'seed:4'/);
    expect(() => HouseMemory.open(dir, { house: 'seed:3', poseSource: 'ground-truth' })).toThrow(/pose source 'slam'/);
    const path = join(dir, HOUSE_MEMORY_MANIFEST);
    const m = JSON.parse(readFileSync(path, 'utf8'));
    writeFileSync(path, JSON.stringify({ ...m, version: 2 }));
    expect(() => HouseMemory.open(dir, WHO)).toThrow(/format version 2; this build reads version 1/);
    writeFileSync(path, JSON.stringify({ ...m, generation: 'two' }));
    expect(() => HouseMemory.open(dir, WHO)).toThrow(/house-memory.json is malformed: generation/);
    // a refusal leaves the directory unlocked
    writeFileSync(path, JSON.stringify(m));
    HouseMemory.open(dir, WHO).release();
    // a directory with other files is not taken for a memory
    const other = tempDir();
    writeFileSync(join(other, 'notes.txt'), 'x');
    expect(() => HouseMemory.open(other, WHO)).toThrow(/not a house memory/);
  });

  it('a crash after the new generation was renamed but before the manifest named it leaves the old one', () => {
    const dir = join(tempDir(), 'hm');
    const hm = HouseMemory.open(dir, WHO);
    hm.commit(entry(1, 'run-001'), contents('old notes', 1));
    expect(() =>
      hm.commit(entry(2, 'run-002'), contents('new notes', 2), {
        afterRename: () => {
          throw new Error('crash');
        },
      }),
    ).toThrow('crash');
    hm.release();
    const again = HouseMemory.open(dir, WHO);
    expect(again.manifest.generation).toBe(1);
    expect(again.load().notes[0].text).toBe('old notes');
    expect(existsSync(join(dir, 'gen-000002'))).toBe(false);
    again.commit(entry(2, 'run-002'), contents('new notes', 2));
    expect(again.load().notes[0].text).toBe('new notes');
    again.release();
  });

  it('a corrupt saved map is refused naming the file', () => {
    const dir = join(tempDir(), 'hm');
    const hm = HouseMemory.open(dir, WHO);
    hm.commit(entry(1, 'run-001'), contents('notes', 1));
    writeFileSync(join(dir, 'gen-000001', 'maps', 'anchor.json'), JSON.stringify({ map_id: 1, anchor: [1, 2] }));
    expect(() => hm.load()).toThrow(/anchor.json is malformed: anchor/);
    writeFileSync(join(dir, 'gen-000001', 'maps', 'navigator', 'layer-0.bin'), new Uint8Array(5));
    writeFileSync(join(dir, 'gen-000001', 'maps', 'anchor.json'), JSON.stringify({ map_id: 1, anchor: Array.from(ANCHOR) }));
    expect(() => hm.load()).toThrow(/layer-0.bin holds 5 cells/);
    hm.release();
  });

  it('seeds a run house folder with the notes and a read-only copy of the archive, replacing what was there', () => {
    const house = join(tempDir(), 'house');
    seedRunHouse(house, contents('notes A', 2));
    writeFileSync(join(house, 'rooms.md'), 'written by an interrupted consolidation');
    seedRunHouse(house, contents('notes A', 2));
    expect(readdirSync(house).sort()).toEqual(['archive', 'overview.md']);
    expect(readFileSync(join(house, 'archive', 'run-002', 'tasks', 'task-001', 'handover.md'), 'utf8')).toBe('handover of run 2');
    expect(lastArchivedHandover(contents('x', 2))).toBe('house/archive/run-002/tasks/task-001/handover.md');
    expect(lastArchivedHandover(contents('x', 0))).toBeNull();
    expect(readFileSync(join(house, 'archive', 'run-001', 'ledger.md'), 'utf8')).toContain('run 1');
  });
});
