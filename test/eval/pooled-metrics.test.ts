/**
 * Issue 38: the pooled metrics.json of an eval comes from finished runs only, and an execution in which
 * none finished writes nothing (it used to replace the last good file with one of zero tasks).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type TaskRow, writeEvalMetrics } from '../../src/eval/index.js';

const dir = mkdtempSync(join(tmpdir(), 'pooled-metrics-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const zero = { uncachedInput: 0, cachedInput: 0, output: 0 };
const prices = { uncachedInput: 0, cachedInput: 0, output: 0 };
const row = (success: boolean): TaskRow => ({
  status: success ? 'complete' : 'stop',
  claim: success ? 'complete' : null,
  success,
  spl: success ? 0.5 : 0,
  shortest: 1,
  walked: 2,
  usage: { uncachedInput: 10, cachedInput: 0, output: 2 },
  navigation: { uncachedInput: 10, cachedInput: 0, output: 2 },
  auxiliary: zero,
  peakPromptTokens: 10,
  tokenSource: 'estimate',
  successDefinition: 'papers-1m',
  failure: success ? null : 'budget',
});

describe('the pooled metrics.json', () => {
  it('is pooled from the finished runs; the unfinished are listed with their error', () => {
    const m = writeEvalMetrics(
      dir,
      [
        { house: 1, error: null, rows: [row(true), row(false)], extra: zero },
        { house: 2, error: 'worker exited with code 1', rows: [], extra: zero },
      ],
      prices,
      4,
    );
    expect(m).toMatchObject({ tasks: 2, sequences: 1 });
    const file = JSON.parse(readFileSync(join(dir, 'metrics.json'), 'utf8'));
    expect(file.tasks).toBe(2);
    expect(file.runs).toEqual([
      { house: 1, error: null },
      { house: 2, error: 'worker exited with code 1' },
    ]);
  });

  it('is not written when no run finished: the last good file stays', () => {
    writeFileSync(join(dir, 'metrics.json'), '{"tasks": 2}\n');
    const m = writeEvalMetrics(
      dir,
      [
        { house: 1, error: 'already holds a run', rows: [], extra: zero },
        { house: 2, error: 'already holds a run', rows: [], extra: zero },
      ],
      prices,
      4,
    );
    expect(m).toBeNull();
    expect(readFileSync(join(dir, 'metrics.json'), 'utf8')).toBe('{"tasks": 2}\n');
  });
});
