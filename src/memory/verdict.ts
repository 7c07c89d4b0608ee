/**
 * The judge's verdict as recorded in the journal: the label, the evidence, the places searched and a
 * confidence. Memory stores it; the judge (harness/verdict-parse.ts) reads a reply into it.
 */
import { z } from 'zod';

export const VERDICTS = ['complete', 'incomplete', 'unknown'] as const;
export type VerdictLabel = (typeof VERDICTS)[number];

export const JudgeVerdictSchema = z.object({
  verdict: z.preprocess((v) => (typeof v === 'string' ? v.trim().toLowerCase() : v), z.enum(VERDICTS)),
  evidence: z.string().trim().min(1, 'evidence must state what the views show'),
  searched_places: z.array(z.string().trim().min(1)).max(50).default([]),
  confidence: z.number().min(0).max(1),
});
export type JudgeVerdict = z.infer<typeof JudgeVerdictSchema>;
