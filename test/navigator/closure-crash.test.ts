/**
 * A crash at any moment of a re-integration after a loop closure, or of the commit of the corrected
 * map, leaves the house memory's saved map whole: the old one or the new one, never a mix. A child
 * process (fixtures/closure-commit-child.ts) is killed by SIGKILL while the floor is being re-integrated,
 * between the new generation's rename and its manifest, and at spread moments of the commit.
 */
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { HouseMemory } from '../../src/memory/index.js';

const CHILD = join(import.meta.dirname, 'fixtures', 'closure-commit-child.ts');
const WHO = { house: 'seed:7', poseSource: 'slam' };
const root = mkdtempSync(join(tmpdir(), 'closure-crash-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function child(mode: string, dir: string): { status: number | null; signal: NodeJS.Signals | null; stderr: string } {
  const r = spawnSync(process.execPath, ['--import', 'tsx', CHILD, mode, dir], { encoding: 'utf8', timeout: 120_000 });
  return { status: r.status, signal: r.signal, stderr: r.stderr };
}

/** The child in `commit` mode, killed `delayMs` after it says it is committing (or left to finish). */
function killedInCommit(dir: string, delayMs: number): Promise<NodeJS.Signals | null> {
  return new Promise((resolve, reject) => {
    const p = spawn(process.execPath, ['--import', 'tsx', CHILD, 'commit', dir], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '',
      err = '';
    p.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes('committing\n') && !out.includes('committed')) setTimeout(() => p.kill('SIGKILL'), delayMs);
    });
    p.stderr.on('data', (d: Buffer) => (err += d.toString()));
    p.on('error', reject);
    p.on('exit', (code, signal) => (signal || code === 0 ? resolve(signal) : reject(new Error(`child failed (${code}): ${err}`))));
  });
}

/** What the memory in `dir` holds: its generation, notes and the first floor's saved cells. */
function saved(dir: string): { generation: number; note: string; cells: number[] } {
  const hm = HouseMemory.open(dir, WHO);
  try {
    const c = hm.load();
    return { generation: hm.manifest.generation, note: c.notes[0].text, cells: Array.from(c.maps!.navigator.layers[0].grid.cells) };
  } finally {
    hm.release();
  }
}

describe('a crash during a re-integration or its commit', () => {
  it('leaves the old saved map or the new one whole', async () => {
    const base = join(root, 'base');
    expect(child('first', base).status).toBe(0);
    const old = saved(base);
    expect(old.generation).toBe(1);
    // the new map: the closure's re-integration finished and committed
    const whole = join(root, 'whole');
    cpSync(base, whole, { recursive: true });
    expect(child('commit', whole).status).toBe(0);
    const next = saved(whole);
    expect(next.generation).toBe(2);
    expect(next.cells).not.toEqual(old.cells);

    for (const mode of ['in-rebuild', 'after-rename']) {
      const dir = join(root, mode);
      cpSync(base, dir, { recursive: true });
      const r = child(mode, dir);
      expect(r.signal, r.stderr).toBe('SIGKILL');
      expect(saved(dir)).toEqual(old);
    }
    // killed at spread moments of the commit: either memory, whole
    for (const delay of [0, 2, 20]) {
      const dir = join(root, `commit-${delay}`);
      cpSync(base, dir, { recursive: true });
      await killedInCommit(dir, delay);
      const s = saved(dir);
      expect(s).toEqual(s.generation === 1 ? old : next);
    }
  }, 600_000);
});
