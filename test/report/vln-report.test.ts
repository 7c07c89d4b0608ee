/** The VLN report over a folder written by the same code `navharness vln` uses (writeRunOutputs). */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { PNG } from 'pngjs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeRunOutputs } from '../../src/eval/index.js';
import { isEvalDirectory, isVlnDirectory, RunReadError, writeVlnReport } from '../../src/report/index.js';

let dir: string;
beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'nh-vln-report-'))));
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const tokens = (decisions: number, total: number) => ({
  decisions,
  externalDecisions: decisions,
  inputTokens: total - 100,
  cachedTokens: 0,
  outputTokens: 100,
  totalTokens: total,
  imagesPerDecision: 1,
  textKCharsPerDecision: 2,
});
const decision = (episode: string, n: number, input: number) => ({
  episode,
  decision: n,
  role: 'visuomotor' as const,
  inputTokens: input,
  cachedTokens: 0,
  outputTokens: 10,
  images: 1,
  textChars: 500,
});

const path = (n: number, dx: number): [number, number, number][] => Array.from({ length: n }, (_, i) => [i * dx, 0, -i * 0.5]);
const mapPng = (): Uint8Array => {
  const p = new PNG({ width: 8, height: 6 });
  p.data.fill(200);
  return new Uint8Array(PNG.sync.write(p));
};

async function writeVln(): Promise<void> {
  await writeRunOutputs(dir, {
    metrics: {
      config: 'goal',
      agent: 'scripted',
      episodes: 2,
      stop_rate: 1,
      NE: 1.5,
      OSR: 1,
      SR: 0.5,
      SPL: 0.42,
      nDTW: 0.61,
      sDTW: 0.35,
      input_tokens: 3000,
      cached_tokens: 0,
      output_tokens: 200,
      total_tokens: 3200,
      decisions_per_episode: 3,
      external_decisions_per_episode: 3,
      images_per_decision: 1,
      text_kchars_per_decision: 0.5,
      actions_per_episode: 40,
      goals_verified_per_episode: 2,
      revisions_per_episode: 0,
      token_counts: 'estimated (scripted agents: 4 chars/token, 765 tokens/image, simulated prefix cache)',
    },
    outcomes: [
      {
        id: 'ep-<1>',
        scores: { ne: 0.8, sr: 1, osr: 1, spl: 0.84, ndtw: 0.7, sdtw: 0.7, pathLength: 9 },
        stopped: true,
        endReason: 'stop',
        actions: 38,
        goals: { set: 2, verified: 2, revisions: 0, compressions: 1 },
        problems: 0,
        tokens: tokens(3, 3100),
        paths: { agent: path(12, 0.1), reference: path(8, 0) },
        map: 'maps/episode-0001.png',
      },
      {
        id: 'ep-2',
        scores: { ne: 2.2, sr: 0, osr: 1, spl: 0, ndtw: 0.52, sdtw: 0, pathLength: 12 },
        stopped: true,
        endReason: 'stop',
        actions: 42,
        goals: { set: 2, verified: 2, revisions: 0, compressions: 1 },
        problems: 0,
        tokens: tokens(3, 3300),
        paths: { agent: path(10, -0.2), reference: path(9, 0) },
      },
    ],
    trace: [
      decision('ep-<1>', 1, 900),
      decision('ep-<1>', 2, 1000),
      decision('ep-<1>', 3, 1100),
      decision('ep-2', 1, 950),
      decision('ep-2', 2, 1100),
      decision('ep-2', 3, 1150),
    ],
    maps: new Map([['maps/episode-0001.png', mapPng()]]),
  });
}

describe('writeVlnReport', () => {
  it('shows the scores, one escaped row per episode and the token growth plot', async () => {
    await writeVln();
    expect(isVlnDirectory(dir)).toBe(true);
    expect(isEvalDirectory(dir)).toBe(false);
    const r = await writeVlnReport(dir, { now: new Date('2026-01-02T03:04:05Z') });
    expect(r.episodes).toBe(2);
    const html = readFileSync(r.file, 'utf8');
    expect(html).toContain('NavHarness VLN report');
    expect(html).toContain('50.0 %'); // SR
    expect(html).toContain('0.420'); // SPL
    expect(html).toContain('<td>ep-&lt;1&gt;</td><td><span class="ok">success</span></td>');
    expect(html).toContain('<td>ep-2</td><td><span class="bad">failure</span></td>');
    // the plots are files beside the page: the token growth and the episodes' NE against nDTW
    const srcs = [...html.matchAll(/src="([^"]+)"/g)].map((m) => m[1]);
    expect(srcs.slice(0, 2)).toEqual(['files/episodes.svg', 'files/input-tokens.svg']);
    expect(readFileSync(join(dir, 'report', srcs[1]), 'utf8')).toContain('cumulative input tokens');
    const episodes = readFileSync(join(dir, 'report', srcs[0]), 'utf8');
    expect(episodes).toContain('navigation error (m)');
    expect(episodes).toContain('nDTW');
    // one mark per episode, coloured by its outcome
    expect(episodes.match(/<path aria-label="[^"]*nDTW: [\d.]+[^"]*"/g)).toHaveLength(2);
  });

  it("draws each episode's path and its reference: over the navigator's map when kept, else over each other", async () => {
    await writeVln();
    expect(existsSync(join(dir, 'maps', 'episode-0001.png'))).toBe(true);
    const html = readFileSync((await writeVlnReport(dir)).file, 'utf8');
    const srcs = [...html.matchAll(/src="([^"]+)" alt="paths of ([^"]+)"/g)].map((m) => [m[1], m[2]]);
    expect(srcs).toEqual([
      ['files/maps-episode-0001.png', 'ep-&lt;1&gt; over the map'],
      ['files/paths.svg', 'ep-2'],
    ]);
    expect(existsSync(join(dir, 'report', 'files', 'maps-episode-0001.png'))).toBe(true);
    const svg = readFileSync(join(dir, 'report', 'files', 'paths.svg'), 'utf8');
    expect(svg).toContain('reference');
    expect(svg).toContain('agent');
    // a folder written before the paths were kept still reports, saying so
    const old = JSON.parse(readFileSync(join(dir, 'episodes.json'), 'utf8')).map(({ paths: _p, map: _m, ...o }: Record<string, unknown>) => o);
    writeFileSync(join(dir, 'episodes.json'), JSON.stringify(old));
    expect(readFileSync((await writeVlnReport(dir)).file, 'utf8')).toContain('ep-2: episodes.json keeps no paths');
    // a map named outside the folder's maps/ is refused by name
    writeFileSync(join(dir, 'episodes.json'), JSON.stringify(old.map((o: Record<string, unknown>) => ({ ...o, map: '../../etc/passwd' }))));
    await expect(writeVlnReport(dir)).rejects.toThrow(/episodes.json: unexpected content: 0\.map/);
  });

  it('shows the tours of a run of tours, one row per tour', async () => {
    await writeVln();
    const metrics = JSON.parse(readFileSync(join(dir, 'metrics.json'), 'utf8'));
    const per = [{ tour: 'tour-<a>', episodes: 2, SR: 0.5, SPL: 0.42, NE: 1.5, nDTW: 0.61, success: false }];
    writeFileSync(join(dir, 'metrics.json'), JSON.stringify({ ...metrics, tours: { count: 1, tour_success_rate: 0, per_tour: per } }));
    const html = readFileSync((await writeVlnReport(dir)).file, 'utf8');
    expect(html).toContain('1 tours; every instruction reached in 0.0 % of them');
    expect(html).toContain('<tr><td>tour-&lt;a&gt;</td><td class="num">2</td><td class="num">50.0 %</td>');
    expect(readFileSync((await writeVlnReport(dir, { out: join(dir, 'r2') })).file, 'utf8')).toContain('not all');
  });

  it('names a malformed file', async () => {
    await writeVln();
    writeFileSync(join(dir, 'episodes.json'), JSON.stringify([{ id: 'x' }]));
    await expect(writeVlnReport(dir)).rejects.toThrow(RunReadError);
    await expect(writeVlnReport(dir)).rejects.toThrow(/episodes.json: unexpected content: 0\.scores/);
    await writeVln();
    writeFileSync(join(dir, 'decisions.jsonl'), '{"episode": "a"}\n');
    await expect(writeVlnReport(dir)).rejects.toThrow(/decisions.jsonl:1: unexpected content/);
  });
});
