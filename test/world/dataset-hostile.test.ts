/**
 * Issue 38: benchmark files written to break the loaders. A 408 KB .json.gz holding a 200-million
 * element array killed Node (the text is now bounded while it streams, before JSON.parse); episode
 * ids `__proto__` and `constructor` crashed the _gt lookup; a scene_id with `../` loaded a scene from
 * outside --scenes.
 */
import { createWriteStream, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip, gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { inspectSplit, loadR2rSplit, openBenchmarkPath } from '../../src/world/node.js';
import { readJsonFile } from '../../src/world/datasets/read-json.js';
import { sceneHouseRef } from '../../src/world/datasets/scenes.js';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
const tmp = () => {
  const d = mkdtempSync(join(tmpdir(), 'nh-dataset-hostile-'));
  dirs.push(d);
  return d;
};
const gz = (path: string, data: unknown) => writeFileSync(path, gzipSync(JSON.stringify(data)));

const ep = (id: string, extra: Record<string, unknown> = {}) => ({
  episode_id: id,
  trajectory_id: 4,
  scene_id: 'mp3d/S/S.glb',
  start_position: [1, 0, 2],
  start_rotation: [0, 0, 0, 1],
  goals: [{ position: [3, 0, 2], radius: 3 }],
  reference_path: [
    [1, 0, 2],
    [3, 0, 2],
  ],
  instruction: { instruction_text: 'go', instruction_tokens: [1] },
  ...extra,
});

/** An R2R-CE split folder `val_seen` holding `episodes` (and a _gt file for episode 1). */
function r2rSplit(episodes: unknown[]): string {
  const d = join(tmp(), 'val_seen');
  mkdirSync(d);
  gz(join(d, 'val_seen.json.gz'), { episodes, instruction_vocab: { word_list: ['<PAD>', 'go'] } });
  gz(join(d, 'val_seen_gt.json.gz'), {
    1: {
      locations: [
        [1, 0, 2],
        [2, 0, 2],
      ],
      actions: [1, 0],
    },
  });
  return d;
}

describe('benchmark loaders against hostile files', () => {
  it('a small .json.gz that decompresses to a 30-million element array is refused while it streams', async () => {
    const path = join(tmp(), 'bomb.json.gz');
    const chunk = '0,'.repeat(1_000_000);
    async function* text() {
      yield '[';
      for (let i = 0; i < 30; i++) yield chunk;
      yield '0]';
    }
    await pipeline(Readable.from(text()), createGzip({ level: 9 }), createWriteStream(path));
    const before = process.memoryUsage().heapUsed;
    await expect(readJsonFile(path)).rejects.toThrow(
      /bomb\.json\.gz': it holds more than 20000000 JSON values \(arrays, objects, elements\), more than a benchmark file this loader accepts/,
    );
    // it stopped early: well under the 60 MB of text, let alone the array
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(400 * 1024 * 1024);
    await expect(readJsonFile(path, { maxChars: 1000, maxValues: 1e9 })).rejects.toThrow(/more than 1000 characters of JSON/);
  }, 60_000);

  it('commas, brackets and braces inside strings are not counted as values', async () => {
    const path = join(tmp(), 'strings.json');
    writeFileSync(path, JSON.stringify({ a: '[[{,,,}]]'.repeat(100), b: 'say \\"[,\\"' }));
    await expect(readJsonFile(path, { maxChars: 1e6, maxValues: 3 })).resolves.toMatchObject({ b: 'say \\"[,\\"' });
  });

  it('episode ids __proto__ and constructor load like any other', async () => {
    const d = r2rSplit([ep('__proto__'), ep('constructor'), ep('1'), ep('toString')]);
    const s = await loadR2rSplit(d);
    expect(s.episodes.map((e) => [e.id, e.gt !== null])).toEqual([
      ['__proto__', false],
      ['constructor', false],
      ['1', true],
      ['toString', false],
    ]);
    const r = inspectSplit(await openBenchmarkPath(d), null);
    expect(r.episodes).toBe(4);
  });

  it('a scene_id that leaves the scenes folder is refused, naming the field', async () => {
    for (const scene of ['../../../etc/S.glb', 'mp3d/../../S.glb', '/etc/S.glb', 'mp3d\\..\\..\\S.glb']) {
      await expect(loadR2rSplit(r2rSplit([ep('1', { scene_id: scene })]))).rejects.toThrow(
        /scene_id: expected a scene path inside the scenes folder \(relative, without \.\.\)/,
      );
    }
    expect(() => sceneHouseRef('../outside.glb', '/data/scenes')).toThrow(/scene '..\/outside.glb' is outside the scenes folder \/data\/scenes/);
    expect(sceneHouseRef('mp3d/S/S.glb', '/data/scenes')).toEqual({ kind: 'gltf', path: '/data/scenes/mp3d/S/S.glb' });
  });
});
