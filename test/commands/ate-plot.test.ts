import { afterEach, describe, expect, it, vi } from 'vitest';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { registerAte } from '../../src/commands/ate.js';
import { formatTumTrajectory, type TumPose } from '../../src/eval/index.js';
import { fromQuatTranslation } from '../../src/geometry/pose.js';
import { runProgram } from '../helpers/run-program.js';

const run = (args: string[]): Promise<string[]> => runProgram([registerAte], args);

afterEach(() => vi.restoreAllMocks());

/** A circle walked at 1.5 m height (z up), and a scaled, shifted, slightly noisy copy of it. */
function trajectories(dir: string): { gt: string; est: string } {
  const gt: TumPose[] = [],
    est: TumPose[] = [];
  for (let i = 0; i < 50; i++) {
    const a = i * 0.12,
      t = 10 + i / 30;
    const h = Math.sin(a / 2),
      c = Math.cos(a / 2);
    gt.push({ time: t, pose: fromQuatTranslation([0, 0, h, c], [2 * Math.cos(a), 2 * Math.sin(a), 1.5]) });
    const wobble = 0.01 * Math.sin(i * 1.7);
    est.push({ time: t + 0.002, pose: fromQuatTranslation([0, 0, h, c], [0.5 * (2 * Math.cos(a) + wobble) + 3, 0.5 * 2 * Math.sin(a) - 1, 0.75]) });
  }
  const g = join(dir, 'gt.txt'),
    e = join(dir, 'est.txt');
  writeFileSync(g, formatTumTrajectory(gt));
  writeFileSync(e, formatTumTrajectory(est));
  return { gt: g, est: e };
}

/** Well-formed enough for a viewer: one <svg> root, every opened element closed in order. */
function checkSvg(text: string): void {
  expect(text.startsWith('<svg')).toBe(true);
  expect(text).toContain('xmlns="http://www.w3.org/2000/svg"');
  const stack: string[] = [];
  for (const m of text.matchAll(/<(\/?)([a-zA-Z][\w:-]*)[^>]*?(\/?)>/g)) {
    const [, close, name, selfClose] = m;
    if (selfClose) continue;
    if (close) expect(stack.pop()).toBe(name);
    else stack.push(name);
  }
  expect(stack).toEqual([]);
}

describe('navharness ate --plot, --align, --delta', () => {
  it('writes one SVG with both trajectories from above and the error over time', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'nh-ate-'));
    const { gt, est } = trajectories(dir);
    const svg = join(dir, 'ate.svg');
    const out = await run(['ate', gt, est, '--align', 'sim3', '--plot', svg, '--json']);
    const s = JSON.parse(out.at(-1)!);
    expect(s.plot).toBe(svg);
    const text = readFileSync(svg, 'utf8');
    checkSvg(text);
    expect(text).toContain('reference');
    expect(text).toContain('estimate, Sim(3) aligned');
    expect(text).toContain('position error (m)');
    // the top view of a z-up circle shows x and y
    expect(text).toContain('x (m)');
    expect(text).toContain('y (m)');
    expect(text).toContain(`rmse ${s.ate_m.rmse.toFixed(4)} m`);
  });

  it('Sim(3) recovers the scale of a half-size estimate; SE(3) leaves metres of error', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'nh-ate-'));
    const { gt, est } = trajectories(dir);
    const sim = JSON.parse((await run(['ate', gt, est, '--align', 'sim3', '--json'])).at(-1)!);
    const se = JSON.parse((await run(['ate', gt, est, '--json'])).at(-1)!);
    expect(sim.scale).toBeGreaterThan(1.95);
    expect(sim.scale).toBeLessThan(2.05);
    expect(sim.rmse_m).toBeLessThan(0.02);
    expect(se.scale).toBe(1);
    expect(se.rmse_m).toBeGreaterThan(0.5);
    for (const k of ['rmse', 'mean', 'median', 'std', 'min', 'max']) expect(typeof sim.ate_m[k]).toBe('number');
    const d5 = JSON.parse((await run(['ate', gt, est, '--delta', '5', '--json'])).at(-1)!);
    expect(d5.rpe_delta).toBe(5);
    expect(d5.rpe_pairs).toBe(45);
  });

  it('rejects bad flags, naming each and what is accepted, and writes no plot', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'nh-ate-'));
    const { gt, est } = trajectories(dir);
    await expect(run(['ate', gt, est, '--align', 'affine', '--delta', '0', '--plot', join(dir, 'a.png'), '--plane', 'top'])).rejects.toThrow(
      /--align: expected 'se3'[\s\S]*--delta: must be at least 1[\s\S]*--plot: expected a file name ending in \.svg[\s\S]*--plane: expected 'auto'/,
    );
    await expect(run(['ate', gt, est, '--delta', '2.5'])).rejects.toThrow(/--delta: must be a whole number/);
    await expect(run(['ate', gt, est, '--plot', join(dir, 'missing', 'a.svg')])).rejects.toThrow(/--plot: its folder does not exist/);
    expect(existsSync(join(dir, 'a.png'))).toBe(false);
  });
});
