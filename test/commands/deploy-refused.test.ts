/**
 * `navharness deploy` refuses bad flags with exit 2 naming the flag, and a house memory of another
 * house with a message saying whose it is, before any run starts.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = resolve(__dirname, '../..');
const TSX = join(ROOT, 'node_modules/.bin/tsx');
const CLI = join(ROOT, 'src/cli.ts');
const base = mkdtempSync(join(tmpdir(), 'deploy-refused-'));
afterAll(() => rmSync(base, { recursive: true, force: true }));

const deploy = (...args: string[]) => spawnSync(TSX, [CLI, 'deploy', ...args], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });

describe('navharness deploy refused', () => {
  it('--runs 0 and --task-starts elsewhere: exit 2 naming each flag', () => {
    const r = deploy('--house', 'seed:7', '--agent', 'scripted', '--out', join(base, 'a'), '--runs', '0', '--task-starts', 'elsewhere');
    expect(r.status, r.stderr).toBe(2);
    expect(r.stderr).toContain('--runs: --runs is at least 1');
    expect(r.stderr).toContain('--task-starts: --task-starts is continue or episode');
  }, 70_000);

  it('a house memory of another house: the message names both houses; no run directory is made', () => {
    const hm = join(base, 'hm');
    mkdirSync(hm, { recursive: true });
    writeFileSync(join(hm, 'house-memory.json'), JSON.stringify({ version: 1, house: 'seed:3', pose_source: 'slam', generation: 0, runs: [] }));
    const out = join(base, 'b');
    const r = deploy('--house', 'seed:7', '--agent', 'scripted', '--out', out, '--runs', '1', '--house-memory', hm);
    expect(r.status).not.toBe(0);
    expect(r.stderr).toContain("is the memory of house 'seed:3', not of 'seed:7'");
    expect(existsSync(join(out, 'run-001'))).toBe(false);
  }, 70_000);
});
