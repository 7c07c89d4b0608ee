/**
 * The offline actor of instruction tasks in the lifelong harness (IR2R-CE tours through the
 * orchestrator): a GROUND-TRUTH-PERCEPTION BASELINE that plays a task through the harness's tools,
 * as a model would. It follows the instruction clause by clause with the VLN scripted agents' own
 * reading and skills (segments.ts parses the instruction, policy.ts checks a clause from the latest
 * step record and the view, and acts toward it), closes at the last clause, and carries what it
 * reached across the tour's tasks the way the harness offers: it marks a place at each landmark or
 * room it reached, writes them to its handover, and the next task reads that handover. A later
 * clause naming a remembered landmark or room not in view is driven to its place first.
 */
import { actionsAlong, type CoarseAction } from '../../navigator/index.js';
import { textOf, type Model, type ModelRequest, type ModelResponse } from '../../models/index.js';
import { calls, say, Turn } from '../navigation-agent/conversation.js';
import { SCRIPTED_NATIVE_PATIENCE } from './agents.js';
import type { GroundTruthPerception } from './perception.js';
import { ScriptedSkills } from './policy.js';
import { parseInstruction, type Segment } from './segments.js';

/** the goal line of an instruction task's opening (prompts/actor.ts) */
const INSTRUCTION_RE = /close the task where it ends: ([^\n]+)/;
/** a handover line of something reached: what, and the place marked there */
const REACHED_RE = /^Reached (.+) at place "([^"]+)"\.$/gm;
/** a remembered place nearer than this is not driven to: the clause's own look-around takes over */
const AT_PLACE_M = 1.0;
/** after the check contradicted a claim, interactions on the last clause before closing again */
const AFTER_VETO = 6;

interface InstructionTask {
  key: string;
  segments: Segment[];
  index: number;
  interactions: number;
  briefed: boolean;
  skills: ScriptedSkills;
  /** clauses given up (the next was taken before this one was checked done) */
  skipped: string[];
  /** after a contradicting check: interactions left before closing again */
  retry: number | null;
}

/** What a clause is about, as a label the perception knows (a landmark, or a room's floor), or null. */
function subjectOf(seg: Segment): { label: string; room: boolean } | null {
  if ((seg.kind === 'turn' || seg.kind === 'past' || seg.kind === 'stop') && seg.landmark) return { label: seg.landmark, room: false };
  if (seg.kind === 'room') return { label: seg.room, room: true };
  if (seg.kind === 'stop' && seg.room) return { label: seg.room, room: true };
  return null;
}

export class ScriptedInstructionAgent implements Model {
  readonly id = 'scripted-instruction (ground-truth perception)';
  private task: InstructionTask | null = null;
  /** landmarks and rooms reached, by label, with the place marked there: only what a handover read gave, and this task's */
  private readonly reached = new Map<string, string>();

  constructor(private readonly see: GroundTruthPerception) {}

  async complete(req: ModelRequest): Promise<ModelResponse> {
    const turn = new Turn(req);
    const t = this.taskFor(turn);
    const special = this.conversationEvents(turn, t) ?? this.briefing(turn, t);
    if (special) return special;
    const record = turn.result('step')?.facts?.step;
    const final = t.index >= t.segments.length - 1;
    if (record) {
      t.interactions++;
      const seg = t.segments[t.index];
      if (seg && t.skills.check(seg, record).status === 'complete') {
        const mark = this.noteReached(turn, seg);
        if (final)
          return this.close(turn, t, 'complete', `The last clause of the instruction ("${seg.text}") is done: ${t.skills.check(seg, record).evidence}`, mark);
        t.index++;
        t.interactions = 0;
        return this.step(turn, t, mark);
      }
      if (!final && t.interactions >= SCRIPTED_NATIVE_PATIENCE) {
        t.skipped.push(seg?.text ?? '');
        t.index++;
        t.interactions = 0;
      }
    }
    const steps = turn.steps();
    const over = turn.stepsOver() || (steps !== null && steps.limit - steps.used <= 1) || turn.turnsUsed() >= turn.turnBudget() - 1;
    if (t.retry !== null) t.retry--;
    if (over || (t.retry !== null && t.retry < 0)) {
      const seg = t.segments[t.index];
      return this.close(
        turn,
        t,
        'incomplete',
        `${over ? 'The budget ends' : 'The search after the check ends'} before the instruction does: clause ${t.index + 1} of ${t.segments.length} ("${seg?.text ?? ''}") is not confirmed.`,
        null,
      );
    }
    return this.step(turn, t, null);
  }

  /** One step toward the current clause, with a mark in the same turn when one was just reached. */
  private step(turn: Turn, t: InstructionTask, mark: string | null): ModelResponse {
    const seg = t.segments[t.index] ?? { kind: 'other' as const, text: '' };
    const actions = this.towardRemembered(seg) ?? t.skills.act(seg, `${t.key}:${t.index}`, turn.result('step')?.facts?.step);
    const steps = turn.steps();
    // one step kept back: the harness ends a task whose steps run out before the session can close it
    const kept = actions.slice(0, steps ? Math.max(1, steps.limit - steps.used - 1) : actions.length);
    const list = [...(mark ? [{ name: 'mark', args: { name: mark } }] : []), { name: 'step', args: { actions: kept } }];
    return calls(turn.req, list);
  }

  /** A remembered landmark or room of the clause, out of view: the route to its place (null: none, or already there). */
  private towardRemembered(seg: Segment): CoarseAction[] | null {
    const s = subjectOf(seg);
    const name = s ? this.reached.get(s.label.toLowerCase()) : undefined;
    const nav = this.see.navigator;
    const place = name ? nav.places.get(name) : undefined;
    const pose = nav.planar();
    if (!s || !place || !pose || nav.status !== 'ok' || place.floor !== nav.floor) return null;
    if (s.room ? this.see.roomFloor(s.label) : this.see.find(s.label)) return null;
    if (Math.hypot(place.pose.x - pose.x, place.pose.z - pose.z) < AT_PLACE_M) return null;
    const route = nav.plan({ x: place.pose.x, z: place.pose.z });
    if (route.status !== 'ok') return null;
    const acts = actionsAlong(route.path, pose, { remainingM: route.lengthM, maxActions: 4 });
    return acts.length ? acts : null;
  }

  /** The place to mark where a landmark or room clause was reached (with a handover to write), remembered under its label. */
  private noteReached(turn: Turn, seg: Segment): string | null {
    const s = subjectOf(seg);
    if (!s || !turn.handoverPath()) return null;
    const label = s.label.toLowerCase();
    const places = this.see.navigator.places;
    const name = (s.room ? label : `by the ${label}`).slice(0, 40).trim();
    this.reached.set(label, name);
    // a place of that name marked earlier stays where it was (re-marking would move it)
    return places.get(name) ? null : name;
  }

  private close(turn: Turn, t: InstructionTask, claim: 'complete' | 'incomplete', evidence: string, mark: string | null): ModelResponse {
    const done = claim === 'complete';
    const list: { name: string; args: Record<string, unknown> }[] = mark ? [{ name: 'mark', args: { name: mark } }] : [];
    const path = turn.handoverPath();
    if (path) list.push({ name: 'write_file', args: { path, content: this.handover(turn, t, done, evidence) } });
    list.push({ name: 'close_task', args: { claim, evidence } });
    return calls(turn.req, list);
  }

  /** The handover: the outcome, then every landmark and room reached so far with its place (the next task reads them back). */
  private handover(turn: Turn, t: InstructionTask, done: boolean, evidence: string): string {
    if (turn.wantsSummary())
      return `Followed an instruction of ${t.segments.length} clauses; ${done ? 'reached its end' : `stopped at clause ${t.index + 1}`}.`;
    const head = [
      `Goal: follow the instruction of ${t.segments.length} clauses.`,
      `Outcome: ${done ? 'complete' : 'incomplete'}. ${evidence}`,
      t.skipped.length ? `Clauses not confirmed and passed over: ${t.skipped.map((s) => `"${s}"`).join(', ')}.` : 'Unsuccessful searches: none.',
    ];
    const lines = [...this.reached].map(([label, place]) => `Reached ${label} at place "${place}".`);
    return [...head, ...lines].join('\n').slice(0, 6_000);
  }

  /** Reads the previous handover the opening lists (one turn), taking in what it reached. */
  private briefing(turn: Turn, t: InstructionTask): ModelResponse | null {
    if (t.briefed) return null;
    const read = turn.resultsOf('read_file');
    const own = turn.handoverPath();
    const previous = turn.filesToRead().find((f) => /handover\.md$/.test(f) && f !== own);
    if (read.length === 0 && previous) return calls(turn.req, [{ name: 'read_file', args: { path: previous } }]);
    for (const [, text] of read) for (const m of text.matchAll(REACHED_RE)) this.reached.set(m[1].toLowerCase(), m[2]);
    t.briefed = true;
    return null;
  }

  /** File-only hops (a recovery note), the missing-handover prompt and the answer to a close request. */
  private conversationEvents(turn: Turn, t: InstructionTask): ModelResponse | null {
    const req = turn.req;
    const recovery = turn.recoveryPath();
    if (recovery && turn.tools.has('write_file') && !turn.tools.has('step')) {
      if (turn.lastCallWas('write_file')) return say(req, 'Recovery note written.');
      const note = {
        searched_places: this.see.navigator.places.names().slice(-5),
        exclusions: [],
        last_reliable_anchor: this.see.navigator.places.names().at(-1) ?? 'start of the task',
        untried_options: [`clause ${t.index + 1} of the instruction`],
        uncertainties: ['whether the clauses passed over were done'],
        suggested_scope: 'attempt',
      };
      return calls(req, [{ name: 'write_file', args: { path: recovery, content: JSON.stringify(note) } }]);
    }
    if (!turn.tools.has('step')) return say(req, 'I can only navigate; nothing to do in this session.');
    const handover = turn.handoverPath();
    if (/handover/i.test(turn.prompt) && /does not exist|is missing|not (been )?written/i.test(turn.prompt) && handover) {
      if (turn.lastCallWas('write_file')) return say(req, 'Handover written.');
      return calls(req, [
        { name: 'write_file', args: { path: handover, content: this.handover(turn, t, false, 'The handover was asked for before closing.') } },
      ]);
    }
    if (turn.lastCallWas('close_task')) {
      if (turn.last?.role !== 'user') return say(req, 'Close requested; yielding.');
      // the check contradicts the claim: an incomplete claim it finds complete is closed as complete;
      // a complete one is searched on around the last clause, then closed again (that request is honoured)
      if (/claim: incomplete\)/.test(turn.prompt))
        return this.close(turn, t, 'complete', 'The independent check found the robot stopped where the instruction ends.', null);
      t.retry = AFTER_VETO;
      t.interactions = 0;
    }
    return null;
  }

  /** The task of the latest opening; what the memory carries comes back only through the handover it reads. */
  private taskFor(turn: Turn): InstructionTask {
    const key = turn.taskKey();
    if (this.task?.key === key) return this.task;
    this.reached.clear();
    // the latest opening's instruction (one running conversation holds every task's)
    const openings = turn.req.messages.map((m) => (m.role === 'user' ? textOf(m.content).match(INSTRUCTION_RE)?.[1] : undefined));
    const instruction = openings.filter((s): s is string => s !== undefined).pop() ?? '';
    this.task = {
      key,
      segments: parseInstruction(instruction),
      index: 0,
      interactions: 0,
      briefed: false,
      skills: new ScriptedSkills(this.see),
      skipped: [],
      retry: null,
    };
    return this.task;
  }
}
