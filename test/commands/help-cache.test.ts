/**
 * `--help` from the build's cache (issue 41: every command's help within 3× bare Node): the cached
 * text is exactly what commander prints with the command's module loaded, for every command and
 * subcommand, in both forms (`X --help`, `help X`); only a command line that asks for help alone is
 * served from it; a missing or malformed cache falls back to loading the module.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { helpRequestKey, readHelpCache, type HelpTexts } from '../../src/commands/help-cache.js';
import { allHelpTexts, main } from '../../src/commands/main.js';

async function stdoutOf(args: string[], cache: HelpTexts | null): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const write = vi.spyOn(process.stdout, 'write').mockImplementation((s: string | Uint8Array) => (out.push(String(s)), true));
  try {
    const code = await main(['node', 'navharness', ...args], { err: (t) => err.push(t) }, cache);
    return { code, out: out.join(''), err: err.join('\n') };
  } finally {
    write.mockRestore();
  }
}

const dir = mkdtempSync(join(tmpdir(), 'help-cache-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('help cache', () => {
  it('holds the program and every command and subcommand, each exactly as commander prints it with the module loaded', async () => {
    const texts = await allHelpTexts();
    expect(texts['']).toMatch(/^Usage: navharness \[options\] \[command\]\n[\s\S]*Commands:[\s\S]*report/);
    for (const key of ['run', 'eval', 'deploy', 'sim render', 'scene inspect', 'ate', 'report']) expect(texts[key]).toBeDefined();
    for (const [key, text] of Object.entries(texts)) {
      const words = key === '' ? [] : key.split(' ');
      const live = await stdoutOf([...words, '--help'], null);
      expect(live.code).toBe(0);
      expect(live.out, key).toBe(text);
      expect(await stdoutOf([...words, '--help'], texts)).toEqual({ code: 0, out: text, err: '' });
      expect((await stdoutOf(['help', ...words], texts)).out).toBe(text);
    }
  }, 120_000);

  it('serves only a command line that asks for help alone', () => {
    expect(helpRequestKey(['--help'])).toBe('');
    expect(helpRequestKey(['run', '-h'])).toBe('run');
    expect(helpRequestKey(['sim', 'render', '--help'])).toBe('sim render');
    expect(helpRequestKey(['help', 'sim', 'render'])).toBe('sim render');
    expect(helpRequestKey(['help'])).toBe('');
    // a flag or a flag's value before --help: parsed as usual, so a refusal names what was wrong
    expect(helpRequestKey(['run', '--house', 'seed:1', '--help'])).toBeNull();
    expect(helpRequestKey(['run', '--help', '--house'])).toBeNull();
    expect(helpRequestKey(['run'])).toBeNull();
    expect(helpRequestKey([])).toBeNull();
  });

  it('a command line the cache does not hold is answered as without it', async () => {
    const cache = { run: 'cached run help\n' };
    for (const args of [['bogus', '--help'], ['--help'], ['run', '--bogus-flag', '--help'], ['run', '--house', 'seed:1', '--help']])
      expect(await stdoutOf(args, cache), args.join(' ')).toEqual(await stdoutOf(args, null));
  });

  it('a missing or malformed cache reads as none', () => {
    const file = (name: string, text: string): URL => {
      writeFileSync(join(dir, name), text);
      return pathToFileURL(join(dir, name));
    };
    expect(readHelpCache(pathToFileURL(join(dir, 'absent.json')))).toBeNull();
    expect(readHelpCache(file('truncated.json', '{"run": "Usage'))).toBeNull();
    expect(readHelpCache(file('array.json', '["a"]'))).toBeNull();
    expect(readHelpCache(file('number.json', '{"run": 3}'))).toBeNull();
    expect(readHelpCache(file('good.json', '{"run": "Usage: navharness run\\n"}'))).toEqual({ run: 'Usage: navharness run\n' });
  });
});
