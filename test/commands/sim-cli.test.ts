import { describe, expect, it } from 'vitest';
import { Command } from 'commander';
import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import { registerSim } from '../../src/commands/sim.js';
import { parseEpisodeJson } from '../../src/sim/episodes/schema.js';

function program(): Command {
  const p = new Command('navharness').exitOverride();
  registerSim(p);
  return p;
}

describe('navharness sim', () => {
  it('renders RGB, 16-bit millimetre depth and instance images at the house start', async () => {
    const out = mkdtempSync(join(tmpdir(), 'simcli-'));
    await program().parseAsync(['node', 'navharness', 'sim', 'render', '--house', 'seed:7', '--out', out, '--width', '160', '--height', '120']);
    for (const f of ['rgb.png', 'depth.png', 'instances.png', 'view.json']) expect(existsSync(join(out, f))).toBe(true);
    const rgb = PNG.sync.read(readFileSync(join(out, 'rgb.png')));
    expect([rgb.width, rgb.height]).toEqual([160, 120]);
    const depth = PNG.sync.read(readFileSync(join(out, 'depth.png')), { skipRescale: true } as never) as unknown as { data: Uint16Array; width: number };
    const mm = Array.from({ length: 160 * 120 }, (_, i) => depth.data[i * 4]);
    expect(Math.min(...mm)).toBeGreaterThan(300);
    expect(Math.max(...mm)).toBeLessThan(16000);
    const view = JSON.parse(readFileSync(join(out, 'view.json'), 'utf8'));
    expect(view.intrinsics.width).toBe(160);
  });

  it('writes a valid episode dataset and rejects bad flags with the flag named', async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'simcli-')), 'eps.json');
    await program().parseAsync([
      'node',
      'navharness',
      'sim',
      'episodes',
      '--kind',
      'instruction',
      '--houses',
      '1',
      '--per-house',
      '2',
      '--seed',
      '4',
      '--out',
      out,
    ]);
    const ds = parseEpisodeJson(readFileSync(out, 'utf8'));
    expect(ds.episodes.length).toBe(2);
    await expect(
      program().parseAsync(['node', 'navharness', 'sim', 'episodes', '--kind', 'maze', '--houses', '1', '--per-house', '2', '--out', out]),
    ).rejects.toThrow(/kind/);
    await expect(program().parseAsync(['node', 'navharness', 'sim', 'render', '--house', 'house7', '--out', out])).rejects.toThrow(/seed:N/);
  });
});
