/**
 * An offline judge of instruction tasks (IR2R-CE tours through the harness) for runs without a model
 * service: a GROUND-TRUTH BASELINE, not a vision judge. It checks what the benchmark's success checks,
 * whether the body stands within the episode's success distance of where the instruction ends, from
 * the simulator's true position (privileged: no model judge has it). Its evidence names no distance
 * or position: it goes back to the acting session when it contradicts a claim.
 */
import { ZERO_USAGE } from '../models/index.js';
import type { Judge, JudgeEvidence, JudgeResult } from '../harness/index.js';

export class InstructionEndJudge implements Judge {
  readonly id = 'ground-truth-instruction-end';

  /** `distanceToEnd`: the geodesic from the body's true position to the instruction's end, metres, at check time (null: none known) */
  constructor(
    private readonly distanceToEnd: () => number | null,
    private readonly successM: () => number,
  ) {}

  async check(e: JudgeEvidence): Promise<JudgeResult> {
    const d = this.distanceToEnd();
    const searched = [...e.record.markerNames];
    const verdict =
      d === null || !Number.isFinite(d)
        ? {
            verdict: 'unknown' as const,
            evidence: 'the stopping point cannot be related to the end of the instruction (no route from it)',
            searched_places: searched,
            confidence: 0,
          }
        : d <= this.successM()
          ? {
              verdict: 'complete' as const,
              evidence: 'the stopping point is where the instruction ends, within its success distance',
              searched_places: searched,
              confidence: 0.95,
            }
          : {
              verdict: 'incomplete' as const,
              evidence: 'the stopping point is not where the instruction ends: the route it describes ends elsewhere',
              searched_places: searched,
              confidence: 0.9,
            };
    return { verdict, usage: { ...ZERO_USAGE }, source: 'ground-truth-perception' };
  }
}
