import { afterEach, describe, expect, it, vi } from 'vitest';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { registerAte } from '../../src/commands/ate.js';
import { registerSlam } from '../../src/commands/slam.js';
import { parseTumTrajectory } from '../../src/eval/index.js';
import { EVO_REF, TEDDY, skipReason } from '../../bench/support/shared-data.js';
import { runProgram } from '../helpers/run-program.js';

const run = (args: string[]): Promise<string[]> => runProgram([registerSlam, registerAte], args);

afterEach(() => vi.restoreAllMocks());

describe('slam and ate commands', () => {
  it('reject bad flags with a message naming each flag', async () => {
    await expect(run(['slam', '/definitely/not/here', '--intrinsics', '1,2,3', '--depth-factor', '-5', '--out', 'x.txt'])).rejects.toThrow(
      /<tum-folder>: must be an existing folder[\s\S]*--intrinsics: expected four numbers[\s\S]*--depth-factor: must be positive/,
    );
    await expect(run(['ate', '/nope/a.txt', '/nope/b.txt', '--max-dt', 'abc'])).rejects.toThrow(/<groundtruth>: file not found[\s\S]*--max-dt/);
  });

  it.skipIf(!EVO_REF)(`ate --json prints rmse_m and pairs (${EVO_REF ? 'evo reference' : skipReason('trajectories/evo_tum_reference')})`, async () => {
    const out = await run(['ate', join(EVO_REF!, 'freiburg1_xyz-groundtruth.txt'), join(EVO_REF!, 'freiburg1_xyz-rgbdslam.txt'), '--json']);
    const r = JSON.parse(out.at(-1)!);
    expect(r.pairs).toBe(785);
    expect(r.rmse_m).toBeCloseTo(0.01347, 4);
  });

  it.skipIf(!TEDDY)(`slam --json tracks a TUM folder and writes a TUM trajectory (${TEDDY ? 'teddy' : skipReason('tum_fr3_teddy_100')})`, async () => {
    const outFile = join(mkdtempSync(join(tmpdir(), 'nh-slam-')), 'traj.txt');
    const out = await run([
      'slam',
      TEDDY!,
      '--intrinsics',
      '535.4,539.2,320.1,247.6',
      '--depth-factor',
      '5000',
      '--out',
      outFile,
      '--max-frames',
      '12',
      '--json',
    ]);
    const s = JSON.parse(out.at(-1)!);
    expect(s.frames).toBe(12);
    expect(s.tracked).toBe(12);
    expect(s.median_ms).toBeGreaterThan(0);
    const traj = parseTumTrajectory(readFileSync(outFile, 'utf8'));
    expect(traj.length).toBe(12);
    expect(traj[0].time).toBeCloseTo(1341841873.273798, 5);
  });
});
