/**
 * The judge's rule for reading a verdict reply: parse the reply; if it cannot be parsed, ask the same
 * checking conversation once for the JSON alone; if that fails too, the verdict is `unknown`. Pure
 * functions: the judge owns the model calls.
 */
import { JudgeVerdictSchema, type JudgeVerdict } from '../memory/index.js';

export type VerdictParse = { ok: true; verdict: JudgeVerdict } | { ok: false; error: string };

/** Candidate JSON texts in a reply: fenced blocks first, then the outermost brace span, then the whole reply. */
function candidates(reply: string): string[] {
  const out: string[] = [];
  for (const m of reply.matchAll(/```(?:json)?\s*([\s\S]*?)```/gi)) out.push(m[1]);
  const first = reply.indexOf('{');
  const last = reply.lastIndexOf('}');
  if (first >= 0 && last > first) out.push(reply.slice(first, last + 1));
  out.push(reply);
  return out;
}

export function parseVerdict(reply: string): VerdictParse {
  let lastError = 'the reply contains no JSON object';
  for (const c of candidates(reply)) {
    let json: unknown;
    try {
      json = JSON.parse(c.trim());
    } catch {
      continue;
    }
    const r = JudgeVerdictSchema.safeParse(json);
    if (r.success) return { ok: true, verdict: r.data };
    lastError = r.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ');
  }
  return { ok: false, error: lastError };
}

export type JudgeStep =
  | { kind: 'verdict'; verdict: JudgeVerdict; source: 'first-reply' | 'json-reprompt' }
  | { kind: 'reprompt'; error: string }
  | { kind: 'unresolved'; verdict: JudgeVerdict; error: string };

/** The recorded verdict when a check fails or stays unparseable: unknown, never incomplete. */
export function unresolvedVerdict(reason: string): JudgeVerdict {
  return { verdict: 'unknown', evidence: `unresolved check: ${reason}`, searched_places: [], confidence: 0 };
}

/**
 * The next step of a check given the judge's replies so far (one or two): a verdict, a request to
 * prompt once more for the JSON alone, or the unresolved `unknown`.
 */
export function judgeStep(replies: readonly string[]): JudgeStep {
  if (replies.length === 0 || replies.length > 2) {
    throw new RangeError(`judgeStep takes the first reply and at most one re-prompted reply, got ${replies.length}`);
  }
  const parsed = parseVerdict(replies[replies.length - 1]);
  if (parsed.ok) return { kind: 'verdict', verdict: parsed.verdict, source: replies.length === 1 ? 'first-reply' : 'json-reprompt' };
  if (replies.length === 1) return { kind: 'reprompt', error: parsed.error };
  return { kind: 'unresolved', verdict: unresolvedVerdict(`judge reply unparseable after one re-prompt (${parsed.error})`), error: parsed.error };
}
