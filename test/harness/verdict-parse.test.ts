import { describe, expect, it } from 'vitest';
import { judgeStep, parseVerdict, unresolvedVerdict } from '../../src/harness/verdict-parse.js';

const GOOD = '{"verdict": "complete", "evidence": "a red sofa fills the second stop view", "searched_places": ["living room"], "confidence": 0.85}';

describe('verdict parsing', () => {
  it('reads a bare JSON verdict', () => {
    expect(parseVerdict(GOOD)).toEqual({
      ok: true,
      verdict: { verdict: 'complete', evidence: 'a red sofa fills the second stop view', searched_places: ['living room'], confidence: 0.85 },
    });
  });

  it('reads JSON in a fenced block or surrounded by prose, and normalises the label case', () => {
    expect(parseVerdict('Here is my verdict:\n```json\n' + GOOD.replace('"complete"', '"Complete"') + '\n```').ok).toBe(true);
    expect(parseVerdict('After looking at the views: ' + GOOD + ' That is all.').ok).toBe(true);
    const noPlaces = parseVerdict('{"verdict":"unknown","evidence":"views are dark","confidence":0.2}');
    expect(noPlaces.ok && noPlaces.verdict.searched_places).toEqual([]);
  });

  const bad: [string, RegExp][] = [
    ['The sofa is there, so complete.', /no JSON/],
    ['{"verdict": "done", "evidence": "x", "confidence": 0.5}', /verdict/],
    ['{"verdict": "complete", "evidence": "", "confidence": 0.5}', /evidence/],
    ['{"verdict": "complete", "evidence": "x", "confidence": 1.5}', /confidence/],
    ['{"verdict": "complete", "evidence": "x"}', /confidence/],
    ['{"verdict": "complete", "evidence": "x", "confidence": 0.5, "searched_places": "kitchen"}', /searched_places/],
    ['{verdict: complete}', /no JSON/],
  ];
  for (const [reply, why] of bad) {
    it(`rejects ${reply.slice(0, 50)}`, () => {
      const r = parseVerdict(reply);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error).toMatch(why);
    });
  }
});

describe('unparseable → ask once → unknown', () => {
  const table: { replies: string[]; kind: string; verdict?: string; source?: string }[] = [
    { replies: [GOOD], kind: 'verdict', verdict: 'complete', source: 'first-reply' },
    { replies: ['I think it is done.'], kind: 'reprompt' },
    { replies: ['I think it is done.', GOOD], kind: 'verdict', verdict: 'complete', source: 'json-reprompt' },
    { replies: ['I think it is done.', 'Still prose.'], kind: 'unresolved', verdict: 'unknown' },
    { replies: ['{"verdict":"incomplete","evidence":"no bed","confidence":0.9}'], kind: 'verdict', verdict: 'incomplete', source: 'first-reply' },
  ];
  for (const row of table) {
    it(`${row.replies.length} repl${row.replies.length === 1 ? 'y' : 'ies'} → ${row.kind}`, () => {
      const s = judgeStep(row.replies);
      expect(s.kind).toBe(row.kind);
      if (s.kind === 'verdict') {
        expect(s.verdict.verdict).toBe(row.verdict);
        expect(s.source).toBe(row.source);
      }
      if (s.kind === 'unresolved') {
        expect(s.verdict.verdict).toBe('unknown');
        expect(s.verdict.evidence).toMatch(/unparseable after one re-prompt/);
      }
      if (s.kind === 'reprompt') expect(s.error).toMatch(/no JSON/);
    });
  }

  it('never asks more than once', () => {
    expect(() => judgeStep([])).toThrow(RangeError);
    expect(() => judgeStep(['a', 'b', 'c'])).toThrow(RangeError);
  });

  it('a failed check is recorded as unknown, not incomplete', () => {
    expect(unresolvedVerdict('timeout')).toEqual({ verdict: 'unknown', evidence: 'unresolved check: timeout', searched_places: [], confidence: 0 });
  });
});
