import { describe, expect, it } from 'vitest';
import { RecoveryConfigSchema } from '../../src/harness/config.js';
import { decideRecovery, evidenceGain, progressed, type RecoveryProposal, type RecoverySignals } from '../../src/harness/recovery-rules.js';
import { signals } from '../../src/harness/recovery-flow.js';

const cfg = RecoveryConfigSchema.parse({ minTurns: 6, maxRecoveries: 3, maxScope: 'house', fallbackTurns: 30 });
// no progress, enough turns, nothing lost: a proposal is granted as asked unless a rule says otherwise
const quiet: RecoverySignals = {
  attemptTurns: 10,
  newArea: 0,
  newFrames: 0,
  newMarkers: 0,
  trackingLost: false,
  floorMismatch: false,
  previousScope: null,
  recoveriesUsed: 0,
};
const ask = (scope: RecoveryProposal['scope'], fallback = false): RecoveryProposal => ({ scope, fallback, confidence: 0.4 });

describe('paper 001 §3.3 progress signal: prog = ΔA ≥ 1.5 m² ∨ ΔE ≥ 1, ΔE = ⌊Δframes/4⌋ + Δmarkers', () => {
  it.each([
    { newArea: 1.49, newFrames: 3, newMarkers: 0, dE: 0, prog: false },
    { newArea: 1.5, newFrames: 0, newMarkers: 0, dE: 0, prog: true },
    { newArea: 0, newFrames: 4, newMarkers: 0, dE: 1, prog: true },
    { newArea: 0, newFrames: 7, newMarkers: 0, dE: 1, prog: true },
    { newArea: 0, newFrames: 0, newMarkers: 1, dE: 1, prog: true },
    { newArea: 0, newFrames: 9, newMarkers: 2, dE: 4, prog: true },
  ])('ΔA=$newArea frames=$newFrames markers=$newMarkers → ΔE=$dE prog=$prog', (row) => {
    const s = { ...quiet, ...row };
    expect(evidenceGain(s)).toBe(row.dE);
    expect(progressed(s)).toBe(row.prog);
  });
});

describe('paper 001 §3.3 rule 1: n ≥ N → continue (even for a fallback)', () => {
  it.each([
    { n: 3, fallback: false, kind: 'continue' },
    { n: 3, fallback: true, kind: 'continue' },
    { n: 4, fallback: false, kind: 'continue' },
    { n: 2, fallback: false, kind: 'recover' },
  ])('n=$n fallback=$fallback → $kind', ({ n, fallback, kind }) => {
    const d = decideRecovery(ask('room', fallback), { ...quiet, recoveriesUsed: n }, cfg);
    expect(d.kind).toBe(kind);
    if (d.kind === 'continue') expect(d.rule).toBe(1);
  });
});

describe('paper 001 §3.3 rule 2: not fallback and t_a < t_min → continue', () => {
  it.each([
    { ta: 5, fallback: false, kind: 'continue' },
    { ta: 0, fallback: false, kind: 'continue' },
    { ta: 6, fallback: false, kind: 'recover' },
    { ta: 5, fallback: true, kind: 'recover' },
  ])('t_a=$ta fallback=$fallback → $kind', ({ ta, fallback, kind }) => {
    const d = decideRecovery(ask('room', fallback), { ...quiet, attemptTurns: ta }, cfg);
    expect(d.kind).toBe(kind);
    if (d.kind === 'continue') expect(d.rule).toBe(2);
  });
});

describe('paper 001 §3.3 rule 3: not fallback and prog and proposal = attempt → continue', () => {
  it.each([
    { scope: 'attempt', newArea: 2, fallback: false, kind: 'continue' },
    { scope: 'attempt', newArea: 0, fallback: false, kind: 'recover' },
    { scope: 'place', newArea: 2, fallback: false, kind: 'recover' },
    { scope: 'attempt', newArea: 2, fallback: true, kind: 'recover' },
  ] as const)('$scope ΔA=$newArea fallback=$fallback → $kind', ({ scope, newArea, fallback, kind }) => {
    const d = decideRecovery(ask(scope, fallback), { ...quiet, newArea }, cfg);
    expect(d.kind).toBe(kind);
    if (d.kind === 'continue') expect(d.rule).toBe(3);
  });
});

describe('paper 001 §3.3 rule 4: tracking lost → scope ≥ place; floor mismatch → scope ≥ floor', () => {
  it.each([
    { scope: 'attempt', lost: true, mismatch: false, out: 'place' },
    { scope: 'room', lost: true, mismatch: false, out: 'room' },
    { scope: 'attempt', lost: false, mismatch: true, out: 'floor' },
    { scope: 'place', lost: true, mismatch: true, out: 'floor' },
    { scope: 'house', lost: false, mismatch: true, out: 'house' },
    { scope: 'attempt', lost: false, mismatch: false, out: 'attempt' },
  ] as const)('$scope lost=$lost mismatch=$mismatch → $out', ({ scope, lost, mismatch, out }) => {
    const d = decideRecovery(ask(scope), { ...quiet, trackingLost: lost, floorMismatch: mismatch }, cfg);
    expect(d).toMatchObject({ kind: 'recover', scope: out });
  });
});

describe('paper 001 §3.3 rule 5: N > 1 and previous scope ≥ proposal → one rung above the previous scope', () => {
  it.each([
    { N: 3, prev: 'attempt', scope: 'attempt', out: 'place' },
    { N: 3, prev: 'room', scope: 'place', out: 'floor' },
    { N: 3, prev: 'place', scope: 'room', out: 'room' },
    { N: 3, prev: null, scope: 'attempt', out: 'attempt' },
    { N: 1, prev: 'room', scope: 'place', out: 'place' },
    { N: 3, prev: 'house', scope: 'room', out: 'house' },
  ] as const)('N=$N prev=$prev proposal=$scope → $out', ({ N, prev, scope, out }) => {
    const c = { ...cfg, maxRecoveries: N };
    const d = decideRecovery(ask(scope), { ...quiet, previousScope: prev, recoveriesUsed: 0 }, c);
    expect(d).toMatchObject({ kind: 'recover', scope: out });
  });
});

describe('paper 001 §3.3 rule 6: clamp to u_max (after the other rules)', () => {
  it.each([
    { max: 'room', scope: 'house', prev: null, mismatch: false, out: 'room' },
    { max: 'place', scope: 'attempt', prev: null, mismatch: true, out: 'place' },
    { max: 'room', scope: 'room', prev: 'room', mismatch: false, out: 'room' },
    { max: 'attempt', scope: 'attempt', prev: null, mismatch: false, out: 'attempt' },
  ] as const)('u_max=$max proposal=$scope prev=$prev mismatch=$mismatch → $out', ({ max, scope, prev, mismatch, out }) => {
    const d = decideRecovery(ask(scope), { ...quiet, previousScope: prev, floorMismatch: mismatch }, { ...cfg, maxScope: max });
    expect(d).toMatchObject({ kind: 'recover', scope: out });
  });

  it('confidence is recorded, never a threshold', () => {
    const lo = decideRecovery({ scope: 'room', fallback: false, confidence: 0 }, quiet, cfg);
    const hi = decideRecovery({ scope: 'room', fallback: false, confidence: 1 }, quiet, cfg);
    expect(lo).toEqual(hi);
  });
});

describe('every signal the controller computes decides something (first visit was computed and never read)', () => {
  // a navigator and journal just rich enough for signals(): one floor, nothing marked
  const nav = { map: { floors: () => [{ id: 0 }], exploredArea: () => 0 }, places: { list: () => [] }, status: 'ok', floor: 0 };
  const journal = { closedTaskIds: () => [] };
  const t = { attemptTurns: 10, checkpoint: { area: 0, markers: 0, floors: 1 }, framesSinceCheckpoint: 0, previousScope: null, recoveries: 0 };
  const computed = signals({ navigator: nav, journal } as unknown as Parameters<typeof signals>[0], t as unknown as Parameters<typeof signals>[1]);
  // another value for each signal, the one a rule could turn on
  const other: Record<string, unknown> = {
    attemptTurns: 0,
    newArea: 5,
    newFrames: 8,
    newMarkers: 1,
    trackingLost: true,
    floorMismatch: true,
    previousScope: 'room',
    recoveriesUsed: 5,
    firstVisit: true,
  };

  it.each(Object.keys(computed))('%s changes a decision for some proposal', (key) => {
    expect(computed).toMatchObject(quiet);
    const base = { ...computed } as RecoverySignals;
    const changed = { ...base, [key]: other[key] } as RecoverySignals;
    const proposals = (['attempt', 'place', 'room'] as const).flatMap((s) => [ask(s, false), ask(s, true)]);
    const differs = proposals.some((p) => JSON.stringify(decideRecovery(p, base, cfg)) !== JSON.stringify(decideRecovery(p, changed, cfg)));
    expect(differs, `signal ${key} never changes a decision`).toBe(true);
  });
});
