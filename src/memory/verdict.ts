/**
 * The judge's verdict as recorded in the journal: the label, the evidence, the places searched and a
 * confidence. Memory stores it; the judge (harness/verdict-parse.ts) reads a reply into it.
 */
import { z } from 'zod';
import { EVIDENCE_LIMIT_CHARS, modelProse, PLACE_NAME_LIMIT_CHARS, SEARCHED_PLACES_LIMIT } from './model-text.js';

export const VERDICTS = ['complete', 'incomplete', 'unknown'] as const;
export type VerdictLabel = (typeof VERDICTS)[number];

export const JudgeVerdictSchema = z.object({
  verdict: z.preprocess((v) => (typeof v === 'string' ? v.trim().toLowerCase() : v), z.enum(VERDICTS)),
  // model-written: capped (paper 001 §3.1) and scrubbed of coordinates; a longer reply is cut, not refused
  evidence: z
    .string()
    .trim()
    .min(1, 'evidence must state what the views show')
    .transform((s) => modelProse(s, EVIDENCE_LIMIT_CHARS)),
  searched_places: z
    .preprocess(
      (v) => (Array.isArray(v) ? v.slice(0, SEARCHED_PLACES_LIMIT) : v),
      z.array(
        z
          .string()
          .trim()
          .min(1)
          .transform((s) => modelProse(s, PLACE_NAME_LIMIT_CHARS)),
      ),
    )
    .default([]),
  confidence: z.number().min(0).max(1),
});
export type JudgeVerdict = z.infer<typeof JudgeVerdictSchema>;
