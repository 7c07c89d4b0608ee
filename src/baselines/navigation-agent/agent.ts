/**
 * The offline navigation agent: a `Model` that plays a task through the same tools a language model
 * uses (get_goal, step, mark, preview_path, write_file, close_task), so that whole runs work with no
 * model service. It explores by frontiers on the robot's own estimated map; its positions come from
 * the navigator's estimate, never from the simulator. How it recognises the goal:
 *   - object-category and description goals: GROUND-TRUTH PERCEPTION — the simulator's instance ids
 *     in the current view (the oracle); a baseline, not vision;
 *   - image goals, when it is given an `ImageGoalMatcher`: by appearance only — the photograph from
 *     get_goal and the robot's views compared with the view encoder (image-goal-matcher.ts), placed
 *     with the robot's depth. Without a matcher, image goals fall back to the instance ids too.
 */
import type { BodyFrame } from '../../body/body.js';
import { NAVIGATOR_FRAME, planarPose } from '../../geometry/frames.js';
import { transformPoint } from '../../geometry/pose.js';
import { FrontierFinder } from '../../mapping/frontier.js';
import type { PlanarPoint } from '../../mapping/planner.js';
import type { CoarseAction } from '../../navigator/actions.js';
import type { Navigator } from '../../navigator/navigator.js';
import { actionsAlong } from '../../navigator/route-following.js';
import type { ImageGoalMatcher } from '../image-goal-matcher.js';
import { estimateUsage } from '../../models/scripted.js';
import { textOf, type Message, type Model, type ModelRequest, type ModelResponse, type ToolCall, type ToolResultMessage } from '../../models/types.js';
import { wrapAngle } from '../../geometry/angle.js';

export interface NavigationOracle {
  navigator: Navigator;
  /** instance ids that satisfy the current goal (privileged: ground-truth perception) */
  goalInstanceIds(): readonly number[];
  /** a short name for the goal, for handovers */
  goalLabel(): string;
}

export interface ScriptedAgentOptions {
  /** distance (m) from the seen goal surface at which the agent claims success */
  closeEnoughM?: number;
  /** coarse actions per step call while travelling */
  actionsPerStep?: number;
  /** recognises image goals by appearance (view encoder); without it they use the instance ids */
  imageGoals?: ImageGoalMatcher;
}

const TURN = (15 * Math.PI) / 180;
const HANDOVER_RE = /(tasks\/[\w.-]+\/handover\.md)/;
const RECOVERY_RE = /(tasks\/[\w.-]+\/recovery-\d+\.json)/;

interface TaskState {
  goalKey: string;
  /** how the goal is recognised: not yet known (get_goal pending), instance ids, or appearance */
  perception: 'pending' | 'ids' | 'image';
  /** image goals: the similarity of the view that placed the current target */
  matched: number | null;
  lookTurns: number;
  ignore: PlanarPoint[];
  target: PlanarPoint | null;
  stuck: number;
  rejected: PlanarPoint[];
  handoverWritten: boolean;
  approaching: boolean;
  closing: { evidence: string | null } | null;
  /** frontiers exhausted: visiting places where no look-around was taken */
  coverage: boolean;
  arrived: boolean;
  lookedFrom: PlanarPoint[];
  searched: string[];
  marks: number;
}

export class ScriptedNavigationAgent implements Model {
  readonly id = 'scripted';
  private readonly frontiers: FrontierFinder;
  private task: TaskState | null = null;
  private calls = 0;
  private readonly closeEnough: number;
  private readonly perStep: number;
  private readonly imageGoals: ImageGoalMatcher | null;

  constructor(
    private readonly oracle: NavigationOracle,
    opts: ScriptedAgentOptions = {},
  ) {
    this.frontiers = new FrontierFinder(oracle.navigator.map);
    this.closeEnough = opts.closeEnoughM ?? 0.8;
    this.perStep = opts.actionsPerStep ?? 4;
    this.imageGoals = opts.imageGoals ?? null;
  }

  async complete(req: ModelRequest): Promise<ModelResponse> {
    const last = req.messages[req.messages.length - 1];
    const prompt = last && last.role === 'user' ? textOf(last.content) : '';
    const allText = req.messages.filter((m) => m.role === 'user').map((m) => textOf(m.content)).join('\n');
    const toolNames = new Set(req.tools.map((t) => t.name));
    const t = this.taskState();

    // File-only hops: the recovery note, or a handover the orchestrator found missing.
    const recovery = prompt.match(RECOVERY_RE);
    if (recovery && toolNames.has('write_file') && !toolNames.has('step')) {
      if (this.lastCallWas(req.messages, 'write_file')) return this.say(req, 'Recovery note written.');
      return this.call(req, 'write_file', { path: recovery[1], content: JSON.stringify(this.recoveryNote()) });
    }
    if (!toolNames.has('step')) return this.say(req, 'I can only navigate; nothing to do in this session.');
    // the assigned path is the last one named (an opening lists the previous task's handover first)
    const handover = [...allText.matchAll(new RegExp(HANDOVER_RE.source, 'g'))].pop()?.[1];
    if (/handover/i.test(prompt) && /does not exist|is missing|not (been )?written/i.test(prompt) && handover) {
      if (this.lastCallWas(req.messages, 'write_file')) return this.say(req, 'Handover written.');
      return this.call(req, 'write_file', { path: handover, content: this.handoverText('closed') });
    }
    // A close request came back with contrary evidence: that sighting does not count, search on.
    if (this.lastCallWas(req.messages, 'close_task') && last.role === 'user') {
      const nav = this.oracle.navigator.planar();
      if (nav) t.rejected.push({ x: nav.x, z: nav.z });
      t.target = null;
      t.approaching = false;
      t.handoverWritten = false;
      t.closing = null;
      t.matched = null;
    } else if (this.lastCallWas(req.messages, 'close_task')) {
      return this.say(req, 'Close requested; yielding.');
    }

    if (t.closing) return this.finish(req, handover, t.closing.evidence);

    // With an appearance matcher, ask for the goal first: a photograph is matched by appearance.
    if (t.perception === 'pending') {
      const got = this.lastResultOf(req.messages, 'get_goal');
      if (!got) return this.call(req, 'get_goal', {});
      const photo = got.isError ? undefined : got.content.find((p) => p.type === 'image');
      if (photo && photo.type === 'image') {
        await this.imageGoals!.setGoalPng(photo.png);
        t.perception = 'image';
      } else {
        t.perception = 'ids';
      }
    }

    const nav = this.oracle.navigator;
    const pose = nav.planar();
    if (!pose || nav.status !== 'ok') return this.step(req, ['left', 'left']); // look around to relocalise

    if (this.budgetExhausted(req.messages)) return this.finish(req, handover, null);

    // After bumping into something, turn toward the most open direction of the map and step once.
    if (this.lastCollision(req.messages)) {
      t.stuck++;
      return this.step(req, [...this.turnsTo(this.openHeading(pose), pose.yaw), 'forward']);
    }

    const sighting = t.perception === 'image' ? await this.imageGoalInView(nav.lastView) : null;
    const seen = t.perception === 'image' ? (sighting?.point ?? null) : this.goalInView(nav.lastView);
    if (sighting) t.matched = sighting.similarity;
    const fresh = seen && !t.rejected.some((r) => Math.hypot(r.x - seen.x, r.z - seen.z) < 1.0);
    if (fresh) {
      const d = Math.hypot(seen.x - pose.x, seen.z - pose.z);
      if (d <= this.closeEnough || (t.approaching && t.stuck >= 4 && d <= 0.95)) {
        return this.finish(req, handover, sighting
          ? `The view ahead matches the goal photograph (encoder similarity ${sighting.similarity.toFixed(2)}); what it centres on is about ${d.toFixed(1)} m away.`
          : `The ${this.oracle.goalLabel()} is in view about ${d.toFixed(1)} m away, right in front of the robot.`);
      }
      if (!t.approaching) {
        // The first sighting: check the route on the map before committing to it.
        t.approaching = true;
        t.stuck = 0;
        t.target = seen;
        return this.call(req, 'preview_path', { x: +seen.x.toFixed(2), z: +seen.z.toFixed(2) });
      }
      t.target = seen;
      if (t.stuck < 8) {
        const actions = this.follow(seen, pose, 0.45);
        if (actions) return this.step(req, actions);
      }
      // This sighting cannot be reached from here: search on, and come back if it shows up elsewhere.
      t.rejected.push(seen);
      t.approaching = false;
      t.target = null;
      t.stuck = 0;
    } else if (t.approaching) {
      // Lost sight of it while approaching: keep going to where it was seen.
      const d = t.target ? Math.hypot(t.target.x - pose.x, t.target.z - pose.z) : Infinity;
      if (t.target && t.stuck < 8 && d > this.closeEnough) {
        const actions = this.follow(t.target, pose, 0.45);
        if (actions) return this.step(req, actions);
      }
      // A photograph matches only from where it was taken, so arriving closer loses the match:
      // the earlier sighting is the evidence.
      if (t.perception === 'image' && t.matched !== null && d <= this.closeEnough) {
        return this.finish(req, handover, `A view matched the goal photograph (encoder similarity ${t.matched.toFixed(2)}); the robot is now about ${d.toFixed(1)} m from what that view centred on.`);
      }
      t.approaching = false;
      t.target = null;
      t.stuck = 0;
      t.lookTurns = 0; // look around here: the goal must be near
    }

    // Look around (eight 45° glances) at the start of a task and at each coverage stop.
    if (t.lookTurns < 24) {
      t.lookTurns += 3;
      if (t.lookTurns >= 24) t.lookedFrom.push({ x: pose.x, z: pose.z });
      return this.step(req, ['left', 'left', 'left']);
    }

    // Explore: the nearest frontier of the estimated map, skipping ones that proved useless.
    if (t.target && Math.hypot(t.target.x - pose.x, t.target.z - pose.z) < 0.5) {
      if (t.coverage) t.arrived = true;
      else t.ignore.push(t.target);
      t.target = null;
    }
    if (t.stuck >= 4 && t.target) {
      t.ignore.push(t.target);
      t.target = null;
      t.stuck = 0;
    }
    if (!t.target) {
      const floor = nav.floor ?? 0;
      if (t.coverage && t.arrived) {
        t.arrived = false;
        t.lookTurns = 0;
        return this.step(req, ['left', 'left', 'left']);
      }
      const f = t.coverage ? null : this.frontiers.nearest(pose, floor, { minDistM: 0.5, ignore: t.ignore, ignoreRadiusM: 0.6 });
      // No known free space around the robot yet (tracking just recovered, a fresh layer): look and edge forward.
      if (!f && !t.coverage && !this.frontiers.lastStartFound) return this.step(req, ['left', 'left', 'forward']);
      if (f) {
        t.target = f.point;
      } else {
        // The map has no frontier left: cover it, stopping to look around wherever no look was taken.
        t.coverage = true;
        const c = this.frontiers.nearest(pose, floor, { minDistM: 1.0, minUnknown: 0, ignore: [...t.ignore, ...t.lookedFrom], ignoreRadiusM: 2.0 });
        if (!c) return this.finish(req, handover, null);
        t.target = c.point;
      }
      t.searched.push(`area ${t.searched.length + 1}`);
    }
    const actions = this.follow(t.target, pose, 0.0);
    if (!actions) {
      t.ignore.push(t.target);
      t.target = null;
      return this.step(req, ['left']);
    }
    return this.step(req, actions);
  }

  /** Heading (yaw) of the longest free ray on the map from the robot, in 30° steps. */
  private openHeading(pose: { x: number; z: number; yaw: number }): number {
    const nav = this.oracle.navigator;
    const floor = nav.floor ?? 0;
    let best = pose.yaw + Math.PI, bestLen = -1;
    for (let k = 0; k < 12; k++) {
      const yaw = pose.yaw + (k * Math.PI) / 6;
      let len = 0;
      for (let r = 0.1; r <= 2.0; r += 0.1) {
        if (nav.map.cellAt(pose.x - Math.sin(yaw) * r, pose.z + Math.cos(yaw) * r, floor) !== 'free') break;
        len = r;
      }
      if (len > bestLen + 0.05) {
        bestLen = len;
        best = yaw;
      }
    }
    return best;
  }

  private turnsTo(want: number, yaw: number): CoarseAction[] {
    const turns = Math.round(wrapAngle(want - yaw) / TURN);
    return Array.from({ length: Math.min(Math.abs(turns), 11) }, () => (turns > 0 ? 'left' : 'right'));
  }

  private budgetExhausted(messages: Message[]): boolean {
    const m = messages[messages.length - 1];
    return m?.role === 'tool' && m.name === 'step' && /budget is exhausted|terminated/.test(textOf(m.content));
  }

  /** Coarse actions toward `goal` along the planned route; null when no route exists. */
  private follow(goal: PlanarPoint, pose: { x: number; z: number; yaw: number }, stopShortM: number): CoarseAction[] | null {
    const nav = this.oracle.navigator;
    // Keep the body's radius from obstacles where the map allows it; squeeze through otherwise.
    let route = nav.plan(goal, undefined, { clearanceM: 0.2, startSnapM: 0.6 });
    if (route.status !== 'ok') route = nav.plan(goal);
    if (route.status !== 'ok') return null;
    return actionsAlong(route.path, pose, { remainingM: route.lengthM - stopShortM, maxActions: this.perStep });
  }

  /** Where the goal is, from the instance ids and depth of the current view, in the estimated world. */
  private goalInView(frame: BodyFrame | null): PlanarPoint | null {
    if (!frame?.ids) return null;
    const ids = new Set(this.oracle.goalInstanceIds());
    let n = 0, best = Infinity, bu = 0, bv = 0;
    for (let i = 0; i < frame.ids.length; i++) {
      if (!ids.has(frame.ids[i])) continue;
      const d = frame.depth[i];
      if (!(d > 0 && d < 5)) continue;
      n++;
      if (d < best) {
        best = d;
        bu = i % frame.width;
        bv = Math.floor(i / frame.width);
      }
    }
    if (n < 30) return null; // a few pixels at the edge of the view are not a sighting
    return this.pointAt(bu, bv, best);
  }

  /** Where the goal is by appearance: the current view matched against the goal photograph. */
  private async imageGoalInView(frame: BodyFrame | null): Promise<{ point: PlanarPoint; similarity: number } | null> {
    if (!frame || !this.imageGoals) return null;
    const s = await this.imageGoals.sighting(frame);
    const point = s && this.pointAt(s.u, s.v, s.depth);
    return point ? { point, similarity: s.similarity } : null;
  }

  /** The estimated-world floor point seen at pixel (u, v) and depth d of the current view. */
  private pointAt(u: number, v: number, d: number): PlanarPoint | null {
    const nav = this.oracle.navigator;
    const pose = nav.poseMatrix();
    if (!pose) return null;
    const K = nav.body.intrinsics;
    const p = transformPoint(pose, [((u - K.cx) / K.fx) * d, ((v - K.cy) / K.fy) * d, d]);
    const q = planarPose(NAVIGATOR_FRAME, new Float64Array([1, 0, 0, p[0], 0, 1, 0, p[1], 0, 0, 1, p[2], 0, 0, 0, 1]));
    return { x: q.x, z: q.z };
  }

  private finish(req: ModelRequest, handover: string | undefined, evidence: string | null): ModelResponse {
    const t = this.taskState();
    // Once closing has begun (mark, handover, close_task over several turns) it runs to the end.
    t.closing ??= { evidence };
    evidence = t.closing.evidence;
    const claim = evidence ? 'complete' : 'incomplete';
    if (!this.lastCallWas(req.messages, 'mark') && !this.lastCallWas(req.messages, 'write_file') && !this.lastCallWas(req.messages, 'close_task')) {
      t.marks++;
      return this.call(req, 'mark', { name: `${claim === 'complete' ? 'found' : 'search end'} ${this.calls}` });
    }
    if (handover && !t.handoverWritten) {
      t.handoverWritten = true;
      return this.call(req, 'write_file', { path: handover, content: this.handoverText(claim, evidence) });
    }
    return this.call(req, 'close_task', {
      claim,
      evidence: evidence ?? 'Every reachable unexplored area on this floor was searched without seeing the goal.',
    });
  }

  private handoverText(claim: string, evidence?: string | null): string {
    const t = this.taskState();
    const places = this.oracle.navigator.places.names().slice(-3);
    return [
      `Goal: ${this.oracle.goalLabel()}.`,
      `Visited: ${t.searched.length} frontier areas${places.length ? `; places marked: ${places.join(', ')}` : ''}.`,
      `Outcome: ${claim}.${evidence ? ` ${evidence}` : ''}`,
      t.rejected.length ? `A first sighting was rejected by the check; searched on.` : '',
      `Unsuccessful searches: ${claim === 'complete' ? 'none' : 'all reachable frontiers'}.`,
    ].filter(Boolean).join('\n');
  }

  private recoveryNote() {
    const t = this.taskState();
    const places = this.oracle.navigator.places.names();
    return {
      searched_places: places.slice(-5),
      exclusions: [],
      last_reliable_anchor: places[places.length - 1] ?? 'start of the task',
      untried_options: ['unexplored frontiers of the current floor'],
      uncertainties: [`${t.stuck} blocked moves toward the last target`],
      suggested_scope: 'attempt',
    };
  }

  private taskState(): TaskState {
    const key = this.oracle.goalInstanceIds().join(',');
    if (!this.task || this.task.goalKey !== key) {
      this.imageGoals?.clear();
      this.task = { goalKey: key, perception: this.imageGoals ? 'pending' : 'ids', matched: null, lookTurns: 0, ignore: [], target: null, stuck: 0, rejected: [], handoverWritten: false, approaching: false, closing: null, coverage: false, arrived: false, lookedFrom: [], searched: [], marks: 0 };
    }
    return this.task;
  }

  /** The result of `name` when it answers the latest assistant turn. */
  private lastResultOf(messages: Message[], name: string): ToolResultMessage | null {
    const m = messages[messages.length - 1];
    return m?.role === 'tool' && m.name === name ? m : null;
  }

  private lastCallWas(messages: Message[], name: string): boolean {
    for (let i = messages.length - 1; i >= 0; i--) {
      const m = messages[i];
      if (m.role === 'assistant') return m.toolCalls.some((c) => c.name === name);
    }
    return false;
  }

  private step(req: ModelRequest, actions: CoarseAction[]): ModelResponse {
    return this.call(req, 'step', { actions });
  }

  private lastCollision(messages: Message[]): boolean {
    const m = messages[messages.length - 1];
    return m?.role === 'tool' && m.name === 'step' && /Collision during/.test(textOf(m.content));
  }

  private call(req: ModelRequest, name: string, args: Record<string, unknown>): ModelResponse {
    const raw = JSON.stringify(args);
    const call: ToolCall = { id: `scripted_${++this.calls}`, name, arguments: args, rawArguments: raw };
    return { message: { role: 'assistant', text: '', toolCalls: [call] }, usage: estimateUsage(req, raw), stopReason: 'tool_use' };
  }

  private say(req: ModelRequest, text: string): ModelResponse {
    return { message: { role: 'assistant', text, toolCalls: [] }, usage: estimateUsage(req, text), stopReason: 'end_turn' };
  }
}
