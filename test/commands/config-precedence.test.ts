/**
 * Issue 40: a flag's default no longer overrides a `--config` file. The order is the harness's
 * defaults < the `--config` file < the flags actually given, on run, eval and deploy alike, and
 * `--print-config` prints what that resolves to (metrics.json's `settings`) and exits 0. Before, a
 * config of `{"policy":"single","prestopVerification":false}` printed policy navharness and pre-stop on.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { main } from '../../src/commands/main.js';

const dir = mkdtempSync(join(tmpdir(), 'config-precedence-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const config = join(dir, 'harness.json');
writeFileSync(config, JSON.stringify({ policy: 'single', prestopVerification: false }));

async function printed(...args: string[]): Promise<{ code: number; settings: Record<string, unknown> & { ablations: Record<string, unknown> }; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const log = vi.spyOn(console, 'log').mockImplementation((s: unknown) => void out.push(String(s)));
  try {
    const code = await main(['node', 'navharness', ...args, '--print-config'], { err: (t) => err.push(t) });
    return { code, settings: out.length ? JSON.parse(out.join('\n')) : null, err: err.join('\n') };
  } finally {
    log.mockRestore();
  }
}

const COMMANDS: [string, string[]][] = [
  ['run', ['run', '--house', 'seed:7', '--agent', 'scripted', '--out', join(dir, 'run')]],
  ['eval', ['eval', '--houses', '0..1', '--agent', 'scripted', '--out', join(dir, 'eval')]],
  ['deploy', ['deploy', '--house', 'seed:7', '--runs', '2', '--agent', 'scripted', '--out', join(dir, 'deploy')]],
];

describe('--config against the flags', () => {
  it.each(COMMANDS)('%s: the config file gives single and no pre-stop', async (_name, args) => {
    const r = await printed(...args, '--config', config);
    expect(r.code, r.err).toBe(0);
    expect(r.settings.policy).toBe('single');
    expect(r.settings.ablations.prestop_verification).toBe(false);
  });

  it.each(COMMANDS)("%s: --policy navharness given wins over the file; what it does not give stays the file's", async (_name, args) => {
    const r = await printed(...args, '--config', config, '--policy', 'navharness');
    expect(r.code, r.err).toBe(0);
    expect(r.settings.policy).toBe('navharness');
    expect(r.settings.ablations.prestop_verification).toBe(false);
  });

  it.each(COMMANDS)('%s: --print-config needs no --out (it writes nothing), and without it a run asks for --out', async (_name, args) => {
    const noOut = args.filter((a, i) => a !== '--out' && args[i - 1] !== '--out');
    const r = await printed(...noOut, '--config', config);
    expect(r.code, r.err).toBe(0);
    expect(r.settings.policy).toBe('single');
    const err: string[] = [];
    expect(await main(['node', 'navharness', ...noOut], { err: (t) => err.push(t) })).toBe(2);
    expect(err.join('\n')).toMatch(/--out <dir> is required/);
  });

  it('without a file the harness defaults stand, and a flag given sets its switch', async () => {
    const [, args] = COMMANDS[0];
    const plain = await printed(...args);
    expect(plain.settings).toMatchObject({ policy: 'navharness', pose: 'slam', judge: 'auto', success_definition: 'papers-1m' });
    expect(plain.settings.ablations.prestop_verification).toBe(true);
    const off = await printed(...args, '--no-prestop', '--policy', 'independent');
    expect(off.settings.policy).toBe('independent');
    expect(off.settings.ablations.prestop_verification).toBe(false);
  });

  it('a config file that is not JSON, or names a switch that does not exist, exits 2 naming --config', async () => {
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, '{ policy: single');
    const r = await printed(...COMMANDS[0][1], '--config', bad);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/--config: cannot read '.*bad\.json' as JSON/);
    const unknown = join(dir, 'unknown.json');
    writeFileSync(unknown, JSON.stringify({ policy: 'single', prestop: false }));
    const u = await printed(...COMMANDS[0][1], '--config', unknown);
    expect(u.code).toBe(2);
    expect(u.err).toMatch(/navharness run: invalid harness configuration/);
  });
});
