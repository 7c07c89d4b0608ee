/**
 * One house-spec rule for every entry point: `run`, `eval`, `sim render`, `vln` (episode files), `mcp`
 * (flags and the episode options) and the web demo accept and refuse the same houses. (`sim episodes`
 * takes no house: its --seed is the dataset's.)
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { RunFlagsSchema } from '../../src/commands/run.js';
import { McpFlags } from '../../src/commands/mcp.js';
import { RenderFlagsSchema } from '../../src/commands/sim.js';
import { HouseRangeSchema } from '../../src/eval/parallel.js';
import { EpisodeOptionsSchema } from '../../src/mcp/episode.js';
import { InstructionEpisodeSchema } from '../../src/sim/episodes/schema.js';
import { HouseSpecSchema, houseSpecText } from '../../src/world/house-spec.js';
import { SeedSchema } from '../../web/session.js';

const dir = mkdtempSync(join(tmpdir(), 'house-spec-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const scene = join(dir, 'house.glb');
writeFileSync(scene, '');

const SPECS: [string, boolean][] = [
  ['seed:0', true],
  ['seed:7', true],
  ['seed:4294967295', true],
  ['seed:4294967296', false],
  ['seed:99999999999', false],
  ['seed:-1', false],
  ['seed:1.5', false],
  ['seed:', false],
  ['seed:7:aliasing', true],
  ['seed:7:alias', false],
  ['seed::aliasing', false],
  ['seed:4294967296:aliasing', false],
  ['house7', false],
  ['', false],
  [scene, true],
  [scene.replace('.glb', '.obj'), false],
];

/** Each entry point's verdict on a spec (seeds only where an entry point takes only seeds). */
const entryPoints: Record<string, (spec: string) => boolean | undefined> = {
  run: (s) => RunFlagsSchema.shape.house.safeParse(s).success,
  'sim render': (s) => RenderFlagsSchema.shape.house.safeParse(s).success,
  mcp: (s) => McpFlags.shape.house.safeParse(s).success,
  // eval and the web demo take seed numbers only (the aliasing variant is for tests and benches)
  eval: (s) => (s.startsWith('seed:') && !s.includes(':alias', 5) ? HouseRangeSchema.safeParse(s.slice(5)).success : undefined),
  web: (s) => (s.startsWith('seed:') && !s.includes(':alias', 5) ? SeedSchema.safeParse(s.slice(5)).success : undefined),
};

/** Entry points that take a house as data (an episode file, the MCP episode options): the parsed reference must pass. */
const asData: Record<string, (ref: unknown) => boolean> = {
  vln: (ref) => InstructionEpisodeSchema.shape.house.safeParse(ref).success,
  'mcp episode': (ref) => EpisodeOptionsSchema.shape.house.safeParse(ref).success,
};

describe('the house spec', () => {
  it.each(SPECS)('%j: every entry point agrees (accepted: %s)', (spec, ok) => {
    for (const [name, verdict] of Object.entries(entryPoints)) {
      const v = verdict(spec);
      if (v !== undefined) expect([name, v]).toEqual([name, ok]);
    }
    const ref = HouseSpecSchema.safeParse(spec);
    expect(ref.success).toBe(ok);
    if (ref.success) {
      for (const [name, verdict] of Object.entries(asData)) expect([name, verdict(ref.data)]).toEqual([name, true]);
      expect(houseSpecText(ref.data)).toBe(spec);
    }
  });

  it('refuses an out-of-range seed as data too', () => {
    for (const [name, verdict] of Object.entries(asData)) expect([name, verdict({ kind: 'procedural', seed: 2 ** 32 })]).toEqual([name, false]);
  });

  it('names the accepted forms when it refuses', () => {
    const r = HouseSpecSchema.safeParse('house7');
    expect(r.success ? '' : r.error.issues[0].message).toMatch(/seed:N.*4294967295.*\.glb\/\.gltf.*got 'house7'/);
    const big = HouseSpecSchema.safeParse('seed:4294967296');
    expect(big.success ? '' : big.error.issues[0].message).toMatch(/whole number from 0 to 4294967295/);
  });
});
