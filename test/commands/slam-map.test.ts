/** `navharness slam --save-map F` and `--load-map F`: the map file through the command line. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { existsSync, linkSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { registerSlam } from '../../src/commands/slam.js';
import { parseTumTrajectory } from '../../src/eval/index.js';
import { TEDDY, skipReason } from '../../bench/support/shared-data.js';
import { runProgram } from '../helpers/run-program.js';

const run = (args: string[]): Promise<string[]> => runProgram([registerSlam], args);

afterEach(() => vi.restoreAllMocks());

const K = ['--intrinsics', '535.4,539.2,320.1,247.6', '--depth-factor', '5000'];

describe('slam --save-map / --load-map', () => {
  it('rejects a missing map file and a map path in a missing folder, naming the flag', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'nh-map-'));
    await expect(run(['slam', dir, ...K, '--out', join(dir, 't.txt'), '--load-map', join(dir, 'none.map')])).rejects.toThrow(
      /--load-map: must be an existing map file/,
    );
    await expect(run(['slam', dir, ...K, '--out', join(dir, 't.txt'), '--save-map', join(dir, 'no', 'such', 'x.map')])).rejects.toThrow(
      /--save-map: the folder to write the map into does not exist/,
    );
  });

  it.skipIf(!TEDDY)(
    `saves a map, then tracks in it from the first frames; a corrupt file is refused (${TEDDY ? 'teddy' : skipReason('tum_fr3_teddy_100')})`,
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'nh-map-'));
      const mapFile = join(dir, 'teddy.map');
      const first = JSON.parse((await run(['slam', TEDDY!, ...K, '--out', join(dir, 'a.txt'), '--max-frames', '30', '--save-map', mapFile, '--json'])).at(-1)!);
      expect(first.map).toBe(mapFile);
      expect(existsSync(mapFile)).toBe(true);
      const again = JSON.parse((await run(['slam', TEDDY!, ...K, '--out', join(dir, 'b.txt'), '--max-frames', '30', '--load-map', mapFile, '--json'])).at(-1)!);
      // the first frame only proposes the place; from the second on every frame is tracked in map 1
      expect(again.tracked).toBe(29);
      expect(again.maps).toBe(1);
      const a = parseTumTrajectory(readFileSync(join(dir, 'a.txt'), 'utf8'));
      const b = parseTumTrajectory(readFileSync(join(dir, 'b.txt'), 'utf8'));
      // same frame: poses of the second run match the first run's
      const last = (t: typeof a) => t.at(-1)!.pose;
      expect(Math.hypot(last(a)[3] - last(b)[3], last(a)[7] - last(b)[7], last(a)[11] - last(b)[11])).toBeLessThan(0.03);
      const bad = readFileSync(mapFile);
      bad[200] ^= 0xff;
      writeFileSync(mapFile, bad);
      await expect(run(['slam', TEDDY!, ...K, '--out', join(dir, 'c.txt'), '--max-frames', '3', '--load-map', mapFile, '--json'])).rejects.toThrow(
        /--load-map .*teddy\.map: .*truncated or corrupt/,
      );
    },
  );

  it.skipIf(!TEDDY)('replaces the map file whole (temp file and rename): a hard link to the old file keeps the old bytes', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'nh-map-'));
    const mapFile = join(dir, 'teddy.map'),
      other = join(dir, 'old.map');
    writeFileSync(mapFile, 'old map');
    linkSync(mapFile, other);
    await run(['slam', TEDDY!, ...K, '--out', join(dir, 'a.txt'), '--max-frames', '5', '--save-map', mapFile, '--json']);
    // writing in place would have changed both names' bytes; a rename leaves the old inode alone
    expect(readFileSync(other, 'utf8')).toBe('old map');
    expect(readFileSync(mapFile).subarray(0, 7).toString('latin1')).toBe('NAVTMAP');
    expect(readdirSync(dir).sort()).toEqual(['a.txt', 'old.map', 'teddy.map']);
  });
});
