import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vlnCommand } from '../../src/commands/vln.js';
import { smallEpisodes } from './helpers.js';

describe('navharness vln', () => {
  let dir: string;
  let file: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'vln-cli-'));
    file = join(dir, 'episodes.json');
    await writeFile(file, JSON.stringify({ version: 1, kind: 'instruction', seed: 3, episodes: await smallEpisodes(2, 3) }));
  }, 30_000);
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('rejects bad flags naming the flag and what is accepted', async () => {
    await expect(vlnCommand({ episodes: file, agent: 'scripted', out: dir })).rejects.toThrow(
      /--config: give the VLN loop's configuration: --config native \| off \| goal/,
    );
    await expect(vlnCommand({ episodes: file, agent: 'scripted', config: 'best', out: dir })).rejects.toThrow(/--config: expected one of native, off, goal/);
    await expect(vlnCommand({ episodes: file, agent: 'gpt5', config: 'goal', out: dir })).rejects.toThrow(/--agent: expected 'scripted'.*openai:MODEL/);
    await expect(vlnCommand({ episodes: file, agent: 'scripted', config: 'goal', out: dir, limit: '0' })).rejects.toThrow(/--limit: expected at least 1/);
    await expect(vlnCommand({ agent: 'scripted', config: 'goal', out: dir })).rejects.toThrow(/--episodes: give the instruction-episode file/);
  });

  it('rejects an episode file naming the offending field', async () => {
    const bad = join(dir, 'bad.json');
    const eps = await smallEpisodes(1, 3);
    await writeFile(bad, JSON.stringify({ version: 1, kind: 'instruction', seed: 3, episodes: [{ ...eps[0], referencePath: [[0, 0]] }] }));
    await expect(vlnCommand({ episodes: bad, agent: 'scripted', config: 'off', out: dir })).rejects.toThrow(/episodes\[0\]\.referencePath/);
    await writeFile(bad, '{not json');
    await expect(vlnCommand({ episodes: bad, agent: 'scripted', config: 'off', out: dir })).rejects.toThrow(/not valid JSON/);
    await expect(vlnCommand({ episodes: join(dir, 'missing.json'), agent: 'scripted', config: 'off', out: dir })).rejects.toThrow(/cannot read --episodes/);
  }, 30_000);

  it('runs two episodes offline with goal compression and writes metrics.json and the decision trace', async () => {
    const out = join(dir, 'goal');
    const log: string[] = [];
    await vlnCommand({ episodes: file, agent: 'scripted', config: 'goal', out, budget: '60' }, (s) => log.push(s));
    const m = JSON.parse(await readFile(join(out, 'metrics.json'), 'utf8'));
    for (const k of [
      'NE',
      'OSR',
      'SR',
      'SPL',
      'nDTW',
      'episodes',
      'input_tokens',
      'cached_tokens',
      'output_tokens',
      'images_per_decision',
      'text_kchars_per_decision',
    ]) {
      expect(Number.isFinite(m[k]), k).toBe(true);
    }
    expect(m.episodes).toBe(2);
    expect(m.input_tokens).toBeGreaterThan(0);
    expect(m.images_per_decision).toBeGreaterThanOrEqual(1);
    expect(m.goals_verified_per_episode).toBeGreaterThan(0);
    const trace = (await readFile(join(out, 'decisions.jsonl'), 'utf8'))
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(trace.length).toBe(Math.round(m.decisions_per_episode * 2));
    expect(new Set(trace.map((d) => d.role))).toEqual(new Set(['goal', 'visuomotor', 'verify', 'memory']));
    expect(trace[1].cumulativeInputTokens).toBe(trace[0].inputTokens + trace[1].inputTokens);
    // seed 003 App. D: inputs of every call, divided by external (Visuomotor) decisions only
    const external = trace.filter((d) => d.role === 'visuomotor');
    expect(external.length).toBeLessThan(trace.length);
    expect(m.external_decisions_per_episode).toBeCloseTo(external.length / 2, 9);
    expect(m.images_per_decision).toBeCloseTo(trace.reduce((s, d) => s + d.images, 0) / external.length, 9);
    expect(m.text_kchars_per_decision).toBeCloseTo(trace.reduce((s, d) => s + d.textChars, 0) / external.length / 1000, 9);
    expect(log.join('\n')).toMatch(/2 episodes, config goal: NE/);
  }, 120_000);

  it('with --json prints only the metrics, as one JSON object equal to metrics.json', async () => {
    const out = join(dir, 'json');
    const log: string[] = [];
    await vlnCommand({ episodes: file, agent: 'scripted', config: 'off', out, budget: '30', limit: '1', json: true }, (s) => log.push(s));
    expect(log).toHaveLength(1);
    expect(JSON.parse(log[0])).toEqual(JSON.parse(await readFile(join(out, 'metrics.json'), 'utf8')));
  }, 120_000);
});
