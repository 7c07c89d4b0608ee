/**
 * Memory-layer costs per task boundary: scrubbing a full-size (6,000-character) handover, an atomic
 * write (temp + fsync + rename) against a plain writeFileSync baseline measured in the same run, and
 * rebuilding a 100-task ledger from its records.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { atomicWriteFile, formatLedger, scrubCoordinates, taskId, type TaskRecord } from '../src/memory/index.js';
import type { BenchOptions, BenchResult } from './run.js';
import { medians } from './stats.js';

const PARAGRAPH =
  'Goal: find a potted plant. Started in the hallway at (0.0, 0.0) facing the front door. Visited the living room (3 sofas, a TV) and the kitchen; marked kitchen_door at x=2.4 z=-1.1. Turned 45 degrees right to confirm the plant in the stop views; about 1.5 m ahead of the sofa. ';

function records(n: number): TaskRecord[] {
  return Array.from({ length: n }, (_, k) => ({
    task_id: taskId(k + 1),
    index: k + 1,
    goal: { kind: 'description' as const, text: `find the wooden chair with a blue cushion next to the dining table ${k}` },
    status: 'complete' as const,
    claim: { claim: 'complete' as const, evidence: 'chair visible' },
    verdict: null,
    termination_reason: 'closed by the session',
    searched_regions: ['dining room'],
    markers: ['dining', 'kitchen_door', 'hallway'],
    steps: 40,
    step_budget: 500,
    model_turns: 12,
    handover: null,
    recovery_notes: [],
  }));
}

export async function run(opts: BenchOptions): Promise<BenchResult> {
  const handover = PARAGRAPH.repeat(Math.ceil(6000 / PARAGRAPH.length)).slice(0, 6000);
  const dir = mkdtempSync(join(tmpdir(), 'navharness-bench-'));
  const recs = records(100);
  const time = opts.quick ? 150 : 500;
  try {
    const m = await medians(
      {
        'scrub 6,000-char handover': () => scrubCoordinates(handover),
        'plain writeFileSync (baseline)': () => writeFileSync(join(dir, 'plain.md'), handover),
        'atomic write (temp+fsync+rename)': () => atomicWriteFile(join(dir, 'atomic.md'), handover),
        'format 100-task ledger': () => formatLedger(recs),
      },
      { time },
    );
    const ratio = m['atomic write (temp+fsync+rename)'] / m['plain writeFileSync (baseline)'];
    return {
      table: Object.entries(m).map(([name, ms]) => ({ name, 'median ms': Number(ms.toFixed(4)) })),
      summary: {
        scrub_6000_ms: m['scrub 6,000-char handover'],
        atomic_write_ms: m['atomic write (temp+fsync+rename)'],
        plain_write_ms: m['plain writeFileSync (baseline)'],
        atomic_over_plain: ratio,
        ledger_100_ms: m['format 100-task ledger'],
      },
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
