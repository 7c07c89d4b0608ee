/**
 * Issue 38: `deploy --resume` with another `--house-memory` than the deployment started with would
 * commit the deployment's runs again into that memory (it has none of them). The deployment's state
 * records its memory; a resume with another one is refused and the other memory stays untouched.
 */
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { deploy, type DeployOptions } from '../../src/eval/deploy.js';

const base = mkdtempSync(join(tmpdir(), 'deploy-hm-'));
afterAll(() => rmSync(base, { recursive: true, force: true }));

describe('a deployment resumed with another house memory', () => {
  it('is refused, naming the memory it was started with; the other memory gets nothing', async () => {
    const out = join(base, 'dep');
    const first = join(base, 'memory-a');
    const other = join(base, 'memory-b');
    const o: DeployOptions = {
      house: 'seed:7',
      runs: 1,
      out,
      houseMemory: first,
      agent: 'scripted',
      maxGoals: 1,
      harness: { stepBudget: 15, turnBudget: 6 } as DeployOptions['harness'],
    };
    await deploy(o);
    expect(existsSync(join(first, 'house-memory.json'))).toBe(true);
    await expect(deploy({ ...o, houseMemory: other, resume: true })).rejects.toThrow(`was started with --house-memory ${first}, not ${other}`);
    expect(existsSync(other) ? readdirSync(other).filter((f) => f !== '.navharness') : []).toEqual([]);
    // the memory it was started with is still accepted
    const again = await deploy({ ...o, resume: true });
    expect(again.metrics.per_run).toHaveLength(1);
  }, 240_000);
});
