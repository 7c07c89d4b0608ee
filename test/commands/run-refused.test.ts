/**
 * A run refused at start leaves nothing behind (issue 19 item 2): a bad --agent, a bad --script or a
 * missing house file ends with exit 2 and a message naming the flag, before the run directory, its
 * run state or its ledger exist, so the corrected command is not blocked.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = resolve(__dirname, '../..');
const TSX = join(ROOT, 'node_modules/.bin/tsx');
const CLI = join(ROOT, 'src/cli.ts');
const base = mkdtempSync(join(tmpdir(), 'run-refused-'));
afterAll(() => rmSync(base, { recursive: true, force: true }));

const COMMON = ['--sequence', '1', '--max-goals', '1', '--step-budget', '5', '--json'];
const badScript = join(base, 'bad-script.json');
writeFileSync(badScript, '{"not": "a list"');

const cases: [string, string[], RegExp][] = [
  ['an unknown --agent', ['--house', 'seed:7', '--agent', 'bogus-model'], /--agent.*bogus-model.*accepted/s],
  ['a hosted --agent without its key', ['--house', 'seed:7', '--agent', 'openai:gpt-test'], /--agent.*OPENAI_API_KEY/s],
  ['a missing --script', ['--house', 'seed:7', '--agent', 'scripted', '--script', join(base, 'nope.json')], /--script.*nope\.json/s],
  ['an unreadable --script', ['--house', 'seed:7', '--agent', 'scripted', '--script', badScript], /--script.*bad-script\.json/s],
  ['a missing house file', ['--house', join(base, 'missing.glb'), '--agent', 'scripted'], /--house.*missing\.glb/s],
];

describe('navharness run refused at start', () => {
  it.each(cases)(
    '%s: exit 2, a message naming the flag, nothing created',
    (_name, flags, message) => {
      const out = join(base, `out-${Math.random().toString(36).slice(2)}`);
      const env = { ...process.env, OPENAI_API_KEY: '', ANTHROPIC_API_KEY: '' };
      const r = spawnSync(TSX, [CLI, 'run', ...COMMON, ...flags, '--out', out], { cwd: ROOT, encoding: 'utf8', timeout: 60_000, env });
      expect(r.status, r.stderr).toBe(2);
      expect(r.stderr).toMatch(message);
      expect(existsSync(out) ? readdirSync(out, { recursive: true }) : []).toEqual([]);
    },
    70_000,
  );
});

describe('runSequence refused at start (library)', () => {
  it('an unreadable scene file fails before the run directory is created', async () => {
    const { runSequence } = await import('../../src/eval/index.js');
    const scene = join(base, 'garbage.glb');
    writeFileSync(scene, 'not a glTF binary');
    const out = join(base, 'out-garbage');
    await expect(runSequence({ house: scene, agent: 'scripted', out, maxGoals: 1 })).rejects.toThrow();
    expect(existsSync(out)).toBe(false);
  }, 60_000);
});
