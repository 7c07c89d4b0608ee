/**
 * The scripted offline versions of the four NavHarness agents and of the native single agent, as one
 * `Model` that answers each request in the role its system prompt names. Everything about the task is
 * read from the request text (instruction, active goal, records); the rest is ground-truth perception
 * and the navigator's estimated map and pose (see policy.ts). It is a GROUND-TRUTH-PERCEPTION
 * BASELINE, not a vision model. Goals are written "Step k of n: <clause of the instruction>".
 */
import { estimateUsage, textOf, type Model, type ModelRequest, type ModelResponse, type StatedFacts } from '../../models/index.js';
import { GOAL_AGENT_PROMPT, MEMORY_AGENT_PROMPT, VERIFY_AGENT_PROMPT, VISUOMOTOR_AGENT_PROMPT } from '../../prompts/index.js';
import type { CoarseAction } from '../../navigator/index.js';
import { parseInstruction, type Segment } from './segments.js';
import type { GroundTruthPerception } from './perception.js';
import { ScriptedSkills } from './policy.js';
import { PrefixCacheEstimate } from './cache-estimate.js';

/** a non-final goal revised this many times is given up and the route carried forward */
export const SCRIPTED_MAX_REVISIONS = 1;
/** Visuomotor: interactions on a goal still verified incomplete before it asks for a corrective goal */
export const SCRIPTED_GOAL_PATIENCE = 10;
/** native agent: interactions on one clause before it moves on (the final clause is never skipped) */
export const SCRIPTED_NATIVE_PATIENCE = 12;

const GOAL_RE = /Active goal: Step (\d+) of (\d+): ([^\n(]+?)(?: \(revised[^\n]*\))?\n/;

function allUserText(req: ModelRequest): string {
  return req.messages.map((m) => (m.role === 'assistant' ? m.text : textOf(m.content))).join('\n');
}

/** The figures the request's latest message states (an agent's request is one message). */
function factsOf(req: ModelRequest): StatedFacts {
  const m = req.messages[req.messages.length - 1];
  return (m && m.role !== 'assistant' ? m.facts : undefined) ?? {};
}

function questionFor(seg: Segment): string {
  switch (seg.kind) {
    case 'opener':
    case 'turn':
      return seg.kind === 'turn' && seg.landmark
        ? `Is the ${seg.landmark} in the current view within 1.5 m?`
        : `Does the execution record show the ${seg.turnDeg ? `${Math.abs(seg.turnDeg)}° turn` : 'forward moves'} executed?`;
    case 'past':
      return `Is the ${seg.landmark} in view within 2 m, i.e. is the robot passing it?`;
    case 'room':
      return `Is the floor right in front of the robot the ${seg.room}'s?`;
    case 'stop':
      return seg.landmark ? `Is the ${seg.landmark} in view within 1 m of the robot?` : `Is the robot standing in the ${seg.room}?`;
    case 'other':
      return 'Has one interaction been executed for this clause?';
  }
}

export class ScriptedVlnAgents implements Model {
  readonly id = 'scripted-vln (ground-truth perception)';
  private readonly skills: ScriptedSkills;
  private native = { index: 0, interactions: 0 };
  private calls = 0;
  private readonly cache = new PrefixCacheEstimate();

  constructor(see: GroundTruthPerception) {
    this.skills = new ScriptedSkills(see);
  }

  /** Usage is estimated (src/models/scripted.ts) with a simulated prefix cache per agent. */
  async complete(req: ModelRequest): Promise<ModelResponse> {
    const s = req.system;
    const [role, r] = s.includes(GOAL_AGENT_PROMPT)
      ? ['goal', this.say(req, JSON.stringify(this.goal(req)))]
      : s.includes(VERIFY_AGENT_PROMPT)
        ? ['verify', this.say(req, JSON.stringify(this.verify(req)))]
        : s.includes(MEMORY_AGENT_PROMPT)
          ? ['memory', this.say(req, this.memory(req))]
          : s.includes(VISUOMOTOR_AGENT_PROMPT)
            ? ['visuomotor', this.visuomotor(req)]
            : ['native', this.nativeTurn(req)];
    return { ...r, usage: this.cache.apply(role, req, r.usage) };
  }

  private segments(req: ModelRequest): Segment[] {
    const m = allUserText(req).match(/Instruction: ([^\n]+)/);
    return parseInstruction(m ? m[1] : '');
  }

  private active(req: ModelRequest): { k: number; n: number; seg: Segment; key: string; goal: string } | null {
    const m = allUserText(req).match(GOAL_RE);
    if (!m) return null;
    const segs = this.segments(req);
    const k = Number(m[1]);
    return { k, n: Number(m[2]), seg: segs[k - 1] ?? { kind: 'other', text: m[3] }, key: `step:${k}`, goal: m[0] };
  }

  private goal(req: ModelRequest) {
    const segs = this.segments(req);
    const text = allUserText(req);
    const a = this.active(req);
    const revising = /The active goal must be revised/.test(text);
    const revisions = Number(text.match(/Revisions: (\d+)\./)?.[1] ?? 0);
    let k = a ? a.k + 1 : 1;
    let suffix = '';
    if (a && revising) {
      if (a.k < segs.length && revisions >= SCRIPTED_MAX_REVISIONS) suffix = '';
      else {
        k = a.k;
        suffix = ` (revised ${revisions + 1}: look around and explore until it is confirmed)`;
      }
    }
    k = Math.min(Math.max(1, k), Math.max(1, segs.length));
    const seg = segs[k - 1] ?? { kind: 'other' as const, text: 'Follow the instruction' };
    const clause = seg.text.charAt(0).toUpperCase() + seg.text.slice(1);
    return { goal: `Step ${k} of ${segs.length}: ${clause}${suffix}`, question: questionFor(seg), final: k === segs.length };
  }

  private verify(req: ModelRequest) {
    const a = this.active(req);
    if (!a) return { evidence: 'No active goal is stated.', status: 'uncertain', next_step: 'Ask for a goal.' };
    const latest = factsOf(req).step;
    const c = this.skills.check(a.seg, latest);
    const collided = (latest?.collisions ?? 0) > 0;
    return {
      evidence: c.evidence + (collided ? ' The last move collided.' : ''),
      status: c.status,
      next_step: c.status === 'complete' ? 'Advance to the next goal.' : 'Keep moving toward the active goal.',
    };
  }

  private memory(req: ModelRequest): string {
    const text = allUserText(req);
    const prev = text.match(/Previous memory:\n([\s\S]*?)\n\nNew execution records/)?.[1] ?? '';
    const recs = text.split(/New execution records[^\n]*\n/)[1] ?? '';
    const lines = recs.split('\n').filter((l) => l.startsWith('- [after action'));
    const goals = [...new Set(lines.map((l) => l.match(/goal "([^"]+)"/)?.[1]).filter(Boolean))] as string[];
    const last = lines[lines.length - 1] ?? '';
    const at = last.match(/after action (\d+)/)?.[1] ?? '?';
    const collisions = (factsOf(req).records ?? []).filter((r) => (r?.collisions ?? 0) > 0).length;
    const evidence = last.match(/Verification: complete\. (.*)$/)?.[1] ?? '';
    const done = goals[goals.length - 1] ?? 'the goal';
    const corrections = goals.length > 1 ? ` Corrections: revised from "${goals[0]}".` : '';
    const uncertainty = collisions ? ` ${collisions} interactions collided.` : '';
    const line = `${done} — verified complete at action ${at} after ${lines.length} interactions. Observed: ${evidence}${corrections}${uncertainty}`;
    return [prev === '(empty)' ? '' : prev, line].filter(Boolean).join('\n');
  }

  /**
   * Steps toward the goal and submits the result for verification in one reply; asks for a corrective
   * goal when the latest verification of the active goal was uncertain, or still incomplete after
   * SCRIPTED_GOAL_PATIENCE interactions.
   */
  private visuomotor(req: ModelRequest): ModelResponse {
    const text = allUserText(req);
    if (/The final goal has been verified complete/.test(text)) return this.call(req, [['stop', { reason: 'The final goal was verified complete.' }]]);
    const facts = factsOf(req);
    if (facts.steps && facts.steps.limit - facts.steps.used <= 1) return this.call(req, [['stop', { reason: 'The action budget is spent.' }]]);
    const a = this.active(req);
    const lastRecord = text.match(/- \[after action \d+\][^\n]*\n(?![\s\S]*- \[after action)/)?.[0] ?? '';
    const correction = a ? this.needsCorrection(text, lastRecord) : null;
    if (correction) return this.call(req, [['request_corrective_goal', { reason: correction }]]);
    const acts: CoarseAction[] = a ? this.skills.act(a.seg, a.key, facts.step, a.goal) : ['left', 'left', 'left'];
    return this.call(req, [
      ['step', { actions: acts }],
      ['request_verification', {}],
    ]);
  }

  private needsCorrection(text: string, lastRecord: string): string | null {
    const active = text.match(/Active goal: ([^\n]+)\n/)?.[1];
    if (!active || !lastRecord.includes(`goal "${active}"`) || !/Route: continue\./.test(lastRecord)) return null;
    if (/Verification: uncertain\./.test(lastRecord)) return 'The verification was uncertain: the goal does not fit what I see.';
    const interactions = Number(text.match(/Interactions on it: (\d+)\./)?.[1] ?? 0);
    if (/Verification: incomplete\./.test(lastRecord) && interactions >= SCRIPTED_GOAL_PATIENCE)
      return `The goal is still not verified after ${interactions} interactions.`;
    return null;
  }

  /** The native single agent: its own clause tracking and self-check, one step call per turn. */
  private nativeTurn(req: ModelRequest): ModelResponse {
    const segs = this.segments(req);
    const last = req.messages[req.messages.length - 1];
    const result = last && last.role === 'tool' ? last : null;
    const st = this.native;
    if (result) {
      const seg = segs[st.index];
      st.interactions++;
      const final = st.index >= segs.length - 1;
      if (seg && this.skills.check(seg, result.facts?.step).status === 'complete') {
        if (final) return this.call(req, [['stop', { reason: 'I judge the endpoint reached.' }]]);
        st.index++;
        st.interactions = 0;
      } else if (!final && st.interactions >= SCRIPTED_NATIVE_PATIENCE) {
        st.index++;
        st.interactions = 0;
      }
    }
    const used = result?.facts?.steps;
    if (used && used.limit - used.used <= 1) return this.call(req, [['stop', { reason: 'The action budget is spent.' }]]);
    const seg = segs[st.index] ?? { kind: 'other' as const, text: '' };
    return this.call(req, [['step', { actions: this.skills.act(seg, `native:${st.index}`, result?.facts?.step) }]]);
  }

  private call(req: ModelRequest, calls: Array<[string, Record<string, unknown>]>): ModelResponse {
    const toolCalls = calls.map(([name, args]) => ({ id: `svln_${++this.calls}`, name, arguments: args, rawArguments: JSON.stringify(args) }));
    return {
      message: { role: 'assistant', text: '', toolCalls },
      usage: estimateUsage(req, toolCalls.map((c) => c.rawArguments).join('')),
      stopReason: 'tool_use',
    };
  }

  private say(req: ModelRequest, text: string): ModelResponse {
    return { message: { role: 'assistant', text, toolCalls: [] }, usage: estimateUsage(req, text), stopReason: 'end_turn' };
  }
}
