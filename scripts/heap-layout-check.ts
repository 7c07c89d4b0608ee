/**
 * Evaluation-only (issue 41): does the tracker give the same poses whatever its heap layout? Drives the
 * body a lap through a house's ground floor, keeps the frames, and tracks them twice with the
 * navigator's tracker settings, the second time with the heap scattered before every frame
 * (bench/support/heap-layout.ts). Prints the first frame whose status or pose differs in any bit.
 *   npx tsx scripts/heap-layout-check.ts --house 0 --frames 1200 [--wasm build/tracker.wasm]
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { heapLayoutCheck } from '../bench/support/heap-layout.js';

const FlagsSchema = z.object({
  house: z.coerce.number().int().min(0).default(0),
  frames: z.coerce.number().int().min(2).default(1200),
  wasm: z.string().optional(),
});

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { house: { type: 'string' }, frames: { type: 'string' }, wasm: { type: 'string' } } });
  const flags = FlagsSchema.parse(values);
  const bytes = flags.wasm ? new Uint8Array(readFileSync(flags.wasm)) : undefined;
  const r = await heapLayoutCheck(flags.house, flags.frames, bytes);
  const head = `house ${flags.house}, ${r.frames} frames (${r.lost} without a pose): `;
  console.log(
    head +
      (r.firstDifference < 0
        ? 'every status and pose bit-identical'
        : `FIRST DIFFERENCE at frame ${r.firstDifference}\n  plain     ${r.plain}\n  scattered ${r.scattered}`),
  );
  if (r.firstDifference >= 0) process.exitCode = 1;
}

await main();
