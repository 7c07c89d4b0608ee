/**
 * Bad input to map, slam and vln is refused with a message naming the file or flag, what was wrong
 * and what is accepted (issue 19 item 10); these were accepted silently or failed late before.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Command } from 'commander';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { registerMap } from '../../src/commands/map.js';
import { registerSlam } from '../../src/commands/slam.js';
import { registerVln } from '../../src/commands/vln.js';
import { UsageError } from '../../src/commands/options.js';
import { depthPng, rgbPng } from '../../src/image/node.js';

const ROOT = resolve(__dirname, '../..');
const base = mkdtempSync(join(tmpdir(), 'nh-bad-input-'));
afterAll(() => rmSync(base, { recursive: true, force: true }));

interface TumOptions {
  frames?: number;
  /** frame sizes; the last one repeats */
  sizes?: [number, number][];
  depth?: 'uint16' | 'rgb8';
  /** replace associations.txt */
  associations?: string;
  /** bytes of one depth file instead of the image */
  brokenDepth?: { index: number; bytes: Buffer };
}

let n = 0;
function tumFolder(o: TumOptions = {}): string {
  const dir = join(base, `tum-${n++}`);
  mkdirSync(join(dir, 'rgb'), { recursive: true });
  mkdirSync(join(dir, 'depth'), { recursive: true });
  const frames = o.frames ?? 3;
  const lines: string[] = [];
  const gt: string[] = [];
  for (let i = 0; i < frames; i++) {
    const [width, height] = (o.sizes ?? [[320, 240]])[Math.min(i, (o.sizes ?? [[320, 240]]).length - 1)];
    const rgb = new Uint8Array(width * height * 3).map((_, k) => (k * 37) % 251);
    const t = (1 + i * 0.1).toFixed(6);
    writeFileSync(join(dir, `rgb/${i}.png`), rgbPng({ width, height, rgb }));
    const depthBytes =
      o.depth === 'rgb8' ? rgbPng({ width, height, rgb }) : depthPng({ width, height, depth: new Float32Array(width * height).fill(1.5) }, 5000);
    writeFileSync(join(dir, `depth/${i}.png`), o.brokenDepth?.index === i ? o.brokenDepth.bytes : depthBytes);
    lines.push(`${t} rgb/${i}.png ${t} depth/${i}.png`);
    gt.push(`${t} ${i * 0.05} 0 0 0 0 0 1`);
  }
  writeFileSync(join(dir, 'associations.txt'), o.associations ?? lines.join('\n') + '\n');
  writeFileSync(join(dir, 'groundtruth.txt'), gt.join('\n') + '\n');
  return dir;
}

async function run(args: string[]): Promise<void> {
  const p = new Command('navharness').exitOverride();
  registerMap(p);
  registerSlam(p);
  registerVln(p);
  const spy = vi.spyOn(console, 'log').mockImplementation(() => undefined);
  const err = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  try {
    await p.parseAsync(['node', 'navharness', ...args]);
  } finally {
    spy.mockRestore();
    err.mockRestore();
  }
}

async function refused(args: string[], message: RegExp): Promise<void> {
  const e = await run(args).then(
    () => null,
    (x: unknown) => x,
  );
  expect(e, 'the command was accepted').toBeInstanceOf(UsageError);
  expect((e as Error).message).toMatch(message);
}

const K_SMALL = '260,260,159.5,119.5';
const out = (name: string) => join(base, name);

describe('map: bad input', () => {
  it('320×240 frames with 640×480 intrinsics', async () => {
    await refused(['map', tumFolder(), '--out', out('m1.png')], /--intrinsics.*principal point.*320×240/s);
    expect(existsSync(out('m1.png'))).toBe(false);
  });

  it('an 8-bit RGB PNG as depth', async () => {
    await refused(['map', tumFolder({ depth: 'rgb8' }), '--intrinsics', K_SMALL, '--out', out('m2.png')], /depth[/\\]0\.png.*8-bit.*16-bit/s);
  });

  it('a frame size changing mid-sequence names the file', async () => {
    await refused(
      [
        'map',
        tumFolder({
          sizes: [
            [320, 240],
            [320, 240],
            [160, 120],
          ],
        }),
        '--intrinsics',
        K_SMALL,
        '--out',
        out('m3.png'),
      ],
      /rgb[/\\]2\.png.*160×120.*320×240/s,
    );
  });
});

describe('slam: bad input', () => {
  it('an 8-bit RGB PNG as depth', async () => {
    await refused(['slam', tumFolder({ depth: 'rgb8' }), '--intrinsics', K_SMALL, '--out', out('s1.txt')], /depth[/\\]0\.png.*8-bit.*16-bit/s);
    expect(existsSync(out('s1.txt'))).toBe(false);
  });

  it('no tracked frame ends with a message and writes no trajectory', async () => {
    const dir = tumFolder({ frames: 3 });
    // zero depth everywhere: nothing can be tracked
    for (let i = 0; i < 3; i++) writeFileSync(join(dir, `depth/${i}.png`), depthPng({ width: 320, height: 240, depth: new Float32Array(320 * 240) }, 5000));
    await expect(run(['slam', dir, '--intrinsics', K_SMALL, '--out', out('s2.txt')])).rejects.toThrow(/no frame was tracked/);
    expect(existsSync(out('s2.txt'))).toBe(false);
  });

  it('--out into a missing folder is refused before tracking', async () => {
    await refused(
      ['slam', tumFolder(), '--intrinsics', K_SMALL, '--out', join(base, 'no/such/folder/t.txt')],
      /--out.*no[/\\]such[/\\]folder.*does not exist/s,
    );
  });

  it('640×480 intrinsics on 320×240 frames', async () => {
    await refused(['slam', tumFolder(), '--intrinsics', '535.4,539.2,320.1,247.6', '--out', out('s3.txt')], /--intrinsics.*principal point.*320×240/s);
  });

  it('a truncated depth PNG names the file', async () => {
    const good = depthPng({ width: 320, height: 240, depth: new Float32Array(320 * 240).fill(1) }, 5000);
    await refused(
      ['slam', tumFolder({ brokenDepth: { index: 1, bytes: good.subarray(0, 60) } }), '--intrinsics', K_SMALL, '--out', out('s4.txt')],
      /depth[/\\]1\.png.*PNG/s,
    );
  });

  it('a 0-byte PNG names the file', async () => {
    await refused(
      ['slam', tumFolder({ brokenDepth: { index: 2, bytes: Buffer.alloc(0) } }), '--intrinsics', K_SMALL, '--out', out('s5.txt')],
      /depth[/\\]2\.png.*empty/s,
    );
  });

  it('a NaN timestamp in associations.txt names the file and line', async () => {
    const assoc = '1.000000 rgb/0.png 1.000000 depth/0.png\nNaN rgb/1.png 1.1 depth/1.png\n';
    await refused(['slam', tumFolder({ associations: assoc }), '--intrinsics', K_SMALL, '--out', out('s6.txt')], /associations\.txt:2.*NaN.*timestamp/s);
  });

  it('a frame size changing mid-sequence names the file', async () => {
    await refused(
      [
        'slam',
        tumFolder({
          sizes: [
            [320, 240],
            [160, 120],
          ],
        }),
        '--intrinsics',
        K_SMALL,
        '--out',
        out('s7.txt'),
      ],
      /rgb[/\\]1\.png.*160×120.*320×240/s,
    );
  });

  it('exits 2 from the command line', () => {
    const r = spawnSync(
      join(ROOT, 'node_modules/.bin/tsx'),
      [join(ROOT, 'src/cli.ts'), 'slam', tumFolder(), '--intrinsics', K_SMALL, '--out', join(base, 'missing/t.txt')],
      { cwd: ROOT, encoding: 'utf8', timeout: 60_000 },
    );
    expect(r.status, r.stderr).toBe(2);
    expect(r.stderr).toMatch(/--out/);
  }, 70_000);
});

describe('vln: bad input', () => {
  it('an empty episode list is refused and writes nothing', async () => {
    const file = join(base, 'empty.json');
    writeFileSync(file, JSON.stringify({ version: 1, kind: 'instruction', seed: 0, episodes: [] }));
    await refused(['vln', '--episodes', file, '--agent', 'scripted', '--config', 'native', '--out', out('vln')], /--episodes.*no episode/s);
    expect(existsSync(out('vln'))).toBe(false);
  });
});
