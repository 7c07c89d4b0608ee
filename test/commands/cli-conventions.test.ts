/**
 * The conventions every command keeps (issue 20): a bad or unknown flag exits 2 with the flag named
 * with `--` and what is accepted; `--version` prints the package version; `--json` on every command
 * that produces results; only the requested command's module is loaded; the summaries
 * `navharness --help` lists are the commands' own descriptions.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Command } from 'commander';
import { describe, expect, it, vi } from 'vitest';
import { COMMANDS } from '../../src/commands/catalog.js';
import { buildProgram, main, requestedCommand } from '../../src/commands/main.js';
import { skipReason, TEDDY } from '../../bench/support/shared-data.js';

const ROOT = resolve(__dirname, '../..');
const VERSION = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;

async function cli(...args: string[]): Promise<{ code: number; err: string; out: string }> {
  const lines: string[] = [];
  const out: string[] = [];
  // commander writes help and version to stdout, the commands print with console.log
  const write = vi.spyOn(process.stdout, 'write').mockImplementation((s: string | Uint8Array) => (out.push(String(s)), true));
  const log = vi.spyOn(console, 'log').mockImplementation((s: unknown) => void out.push(`${String(s)}\n`));
  try {
    const code = await main(['node', 'navharness', ...args], { err: (t) => lines.push(t) });
    return { code, err: lines.join('\n'), out: out.join('') };
  } finally {
    write.mockRestore();
    log.mockRestore();
  }
}

/** Each command (and sim's subcommands): its name, and the words that reach it with its arguments. */
const LEAVES: [string, string[]][] = [
  ['map', ['map', 'folder']],
  ['mcp', ['mcp']],
  ['sim render', ['sim', 'render']],
  ['sim episodes', ['sim', 'episodes']],
  ['run', ['run']],
  ['eval', ['eval']],
  ['deploy', ['deploy']],
  ['slam', ['slam', 'folder']],
  ['ate', ['ate', 'a.txt', 'b.txt']],
  ['vln', ['vln']],
  ['report', ['report', 'runs/x']],
];

describe('navharness conventions', () => {
  it.each(LEAVES)('%s: an unknown flag exits 2, naming it and listing the accepted flags', async (name, words) => {
    const r = await cli(...words, '--bogus-flag', '1');
    expect(r.code).toBe(2);
    expect(r.err.startsWith(`navharness ${name}: unknown flag --bogus-flag; accepted:\n  --`)).toBe(true);
  });

  it('a flag with a bad value exits 2, naming the flag and its accepted values', async () => {
    const r = await cli('sim', 'render', '--house', 'seed:1', '--out', 'x', '--width', '3');
    expect(r.code).toBe(2);
    expect(r.err).toMatch(
      /^navharness sim render: invalid arguments\n {2}--width: --width must be at least 16\naccepted:\n {2}--width <px> {2}image width \(default 320\)/,
    );
    const ate = await cli('ate', '/nope/a.txt', '/nope/b.txt', '--max-dt', 'abc');
    expect(ate.code).toBe(2);
    expect(ate.err).toMatch(/<groundtruth>: file not found[\s\S]*--max-dt: must be a number[\s\S]*accepted:\n {2}--max-dt <s>/);
    const map = await cli('map', '/nope/folder', '--zoom', '99');
    expect(map.code).toBe(2);
    expect(map.err).toMatch(/<tum-folder>: folder not found[\s\S]*--zoom:/);
  });

  it('a missing required flag, a missing value, a missing argument and an unknown command exit 2', async () => {
    expect(await cli('slam', 'f', '--out', 't.txt')).toMatchObject({
      code: 2,
      err: expect.stringMatching(/^navharness slam: --intrinsics <fx,fy,cx,cy> is required; accepted:/),
    });
    expect(await cli('ate', 'a.txt', 'b.txt', '--max-dt')).toMatchObject({
      code: 2,
      err: expect.stringMatching(/^navharness ate: --max-dt <s> needs a value/),
    });
    expect(await cli('ate')).toMatchObject({ code: 2, err: expect.stringMatching(/^navharness ate: the argument <groundtruth> is required/) });
    expect(await cli('fly')).toMatchObject({ code: 2, err: expect.stringMatching(/^navharness: unknown command 'fly'; commands: map, mcp, sim/) });
    expect(await cli('sim', 'paint')).toMatchObject({
      code: 2,
      err: expect.stringMatching(/^navharness sim: unknown command 'paint'; commands: render, episodes/),
    });
  });

  it('--version prints the package version and --help lists every command', async () => {
    expect(await cli('--version')).toMatchObject({ code: 0, out: `${VERSION}\n` });
    expect(await cli('-V')).toMatchObject({ code: 0, out: `${VERSION}\n` });
    const help = await cli('--help');
    expect(help.code).toBe(0);
    for (const c of COMMANDS) expect(help.out).toContain(c.name);
  });

  it('`help` and `help <command>` print the help and exit 0; no command at all exits 2 (issue 38)', async () => {
    const help = await cli('help');
    expect(help.code).toBe(0);
    for (const c of COMMANDS) expect(help.out).toContain(c.name);
    const run = await cli('help', 'run');
    expect(run.code).toBe(0);
    expect(run.out).toContain('--house');
    const sim = await cli('help', 'sim');
    expect(sim.code).toBe(0);
    expect(sim.out).toContain('render');
    const none = await cli();
    expect(none.code).toBe(2);
  });

  it('every command that produces results takes --json', async () => {
    for (const leaf of [['map'], ['sim', 'render'], ['sim', 'episodes'], ['run'], ['eval'], ['deploy'], ['slam'], ['ate'], ['vln']]) {
      const program = await buildProgram(leaf);
      let cmd: Command = program;
      for (const w of leaf) cmd = cmd.commands.find((c) => c.name() === w) as Command;
      expect(
        cmd.options.map((o) => o.long),
        leaf.join(' '),
      ).toContain('--json');
    }
  });

  it('the catalog holds every command module of src/commands/', () => {
    const registering = readdirSync(join(ROOT, 'src/commands'))
      .filter((f) => /export function register[A-Z]\w*\(program: Command\)/.test(readFileSync(join(ROOT, 'src/commands', f), 'utf8')))
      .map((f) => f.replace(/\.ts$/, ''));
    const catalogue = readFileSync(join(ROOT, 'src/commands/catalog.ts'), 'utf8');
    expect(registering.length).toBeGreaterThanOrEqual(COMMANDS.length);
    for (const m of registering) expect(catalogue, `src/commands/${m}.ts registers a command that catalog.ts does not load`).toContain(`import('./${m}.js')`);
  });

  it("loads only the requested command; each summary is that command's description", async () => {
    expect(requestedCommand(['--json', 'slam', 'f'])).toBe('slam');
    expect(requestedCommand(['help', 'ate'])).toBe('ate');
    const listing = await buildProgram([]);
    expect(listing.commands.every((c) => c.options.length === 0 && c.commands.length === 0)).toBe(true);
    for (const c of COMMANDS) {
      const program = new Command('navharness');
      (await c.load())(program);
      expect(program.commands.map((x) => x.name())).toEqual([c.name]);
      expect(program.commands[0].description()).toBe(c.summary);
    }
  });

  it('sim render --json prints the written files and the view as one JSON object', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'nh-render-json-'));
    const r = await cli('sim', 'render', '--house', 'seed:3', '--out', dir, '--width', '64', '--height', '48', '--json');
    expect(r.code).toBe(0);
    const lines = r.out.trim().split('\n');
    expect(lines).toHaveLength(1);
    const j = JSON.parse(lines[0]) as { files: string[]; view: object };
    expect(j.files).toEqual(['rgb.png', 'depth.png', 'instances.png', 'view.json'].map((f) => join(dir, f)));
    expect(j.view).toEqual(JSON.parse(readFileSync(join(dir, 'view.json'), 'utf8')));
    rmSync(dir, { recursive: true, force: true });
  });

  it.skipIf(!TEDDY)(`slam writes its \\r progress line only when stderr is a terminal (${TEDDY ? 'teddy' : skipReason('tum_fr3_teddy_100')})`, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'nh-slam-progress-'));
    const progressWith = async (tty: boolean): Promise<string> => {
      const written: string[] = [];
      const was = process.stderr.isTTY;
      process.stderr.isTTY = tty;
      const spy = vi.spyOn(process.stderr, 'write').mockImplementation((s: string | Uint8Array) => (written.push(String(s)), true));
      try {
        const r = await cli('slam', TEDDY!, '--intrinsics', '535.4,539.2,320.1,247.6', '--out', join(dir, `t-${tty}.txt`), '--max-frames', '25');
        expect(r.code).toBe(0);
      } finally {
        spy.mockRestore();
        process.stderr.isTTY = was;
      }
      return written.join('');
    };
    expect(await progressWith(false)).toBe('');
    expect(await progressWith(true)).toMatch(/\rframe 25\/25 /);
    rmSync(dir, { recursive: true, force: true });
  });

  it('the process exits with the code main() returns (tsx on the sources)', () => {
    const r = spawnSync(join(ROOT, 'node_modules/.bin/tsx'), [join(ROOT, 'src/cli.ts'), 'report', 'x', '--price-input', 'free'], {
      cwd: ROOT,
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/--price-input: --price-input must be a number/);
  });
});
