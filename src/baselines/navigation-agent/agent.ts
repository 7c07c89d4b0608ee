/**
 * The offline navigation agent (a baseline with GROUND-TRUTH PERCEPTION, not vision): a `Model` that
 * plays a task through the same tools a language model uses. Its one privileged input is which
 * instance ids of the current view satisfy the goal; poses, map and routes are the navigator's
 * estimates, as the tools give them to a model. Decisions are named states:
 *   explore  — glance or drive, whichever step covers the most space not yet looked at;
 *   approach — drive to the seen goal, or explore around it when the map has no way there;
 *   close    — handover and close_task in one turn.
 * Around them: file-only hops (recovery note, a missing handover), the check's contrary evidence,
 * lost tracking, collisions, and the step and turn budgets.
 */
import { pointAhead } from '../../geometry/index.js';
import type { Model, ModelRequest, ModelResponse } from '../../models/index.js';
import type { CoarseAction, DepthView } from '../../navigator/index.js';
import type { PlanarPoint } from '../../mapping/index.js';
import { HOUSE_NOTES } from '../../prompts/index.js';
import { approach } from './approach.js';
import { closeTask, type HandoverLines, handoverText } from './close.js';
import { act, type Ctx, type Decision } from './context.js';
import { calls, say, Turn } from './conversation.js';
import { ViewCoverage } from './coverage.js';
import { explore } from './explore.js';
import { arrived, atFlight, takeBackSetAside, takeStairs } from './climb.js';
import { flightLines, mergeFlights, readFlights, sameFlight, seeAgain } from './flight-notes.js';
import { SightingMemory } from './memory.js';
import { afterJoin, SavedMapReturn } from './late-join.js';
import { SearchedPlaces, takesOverSearches } from './searched.js';
import { recall } from './recall.js';
import { SavedMapSeek } from './seek.js';
import { centreOnFlight, flightInView, offFloor, type Flight } from './stairs.js';
import { GridView } from './grid.js';
import { openHeading, routeDistance, turnsTo } from './motion.js';
import { GroundTruthGoals, type GoalDetector } from './goal-detector.js';
import { lostStep, tracking } from './lost.js';
import { newTaskState, refused, samePoint, type NavigationOracle, type Pose, type Sighting, type StateName, type TaskState } from './types.js';

const DEBUG = process.env.NAV_AGENT_DEBUG === '1';
/** the obstacle that stopped the body is taken this far ahead of it, m (its radius is 0.18 m) */
const BLOCKED_AHEAD_M = 0.25;
/** steps a look round before a claim takes, with one kept back for the claim */
const FULL_LOOK_STEPS = 26;

export class NavigationAgent implements Model {
  readonly id = 'scripted';
  private task: TaskState | null = null;
  /** staircases seen in this house (kept across tasks only when the policy carries memory) */
  private flights: Flight[] = [];
  private readonly memory = new SightingMemory();
  private readonly searched = new SearchedPlaces();
  /** the flight last set out on */
  private climbing: Flight | null = null;
  /** the house notes read while the saved map was set aside, taken in again when it comes back */
  private readonly savedReturn = new SavedMapReturn();
  /** while the saved map waits aside: look round for it from open spots (seek.ts) */
  private readonly seek = new SavedMapSeek();

  /** `goals` recognises the goal in view: the oracle's instance ids unless told otherwise (an image-goal encoder) */
  constructor(
    private readonly oracle: NavigationOracle,
    private readonly goals: GoalDetector = new GroundTruthGoals(oracle),
  ) {}

  async complete(req: ModelRequest): Promise<ModelResponse> {
    const turn = new Turn(req);
    const t = this.taskFor(turn.taskKey(), turn.handoverPath() !== undefined);
    const special = this.conversationEvents(turn, t) ?? (await this.askGoal(turn)) ?? this.briefing(turn, t);
    if (special) return special;
    const nav = this.oracle.navigator;
    const pose = nav.planar();
    if (!pose || nav.status !== 'ok') return calls(req, [{ name: 'step', args: { actions: this.keepOneStep(turn, lostStep(t, turn.collided())) } }]);
    tracking(t);
    this.rejoin(t);
    const grid = GridView.of(nav);
    const floor = nav.floor ?? 0;
    if (!t.coverage.has(floor)) {
      const fresh = new ViewCoverage();
      if (t.carry) this.searched.seed(nav, floor, grid, fresh);
      t.coverage.set(floor, fresh);
    }
    const coverage = t.coverage.get(floor)!;
    coverage.markView(grid, pose, nav.lastView, nav.body.intrinsics);
    // the last step's views, taken every turn (on a flight too, where they are not looked through)
    const stepViews = nav.viewBank.takeFresh();
    if (t.state !== 'stairs') this.noteFlight(stepViews);
    this.memory.noteView(nav);
    // a flight taken at the end of an earlier task: note where it led
    const taken = this.flights.find((f) => f === this.climbing);
    if (taken && floor !== taken.floor) {
      arrived(this.flights, taken, floor, pose);
      this.climbing = null;
    }
    const c: Ctx = {
      oracle: this.oracle,
      goals: this.goals,
      nav,
      turn,
      task: t,
      pose,
      grid,
      coverage,
      flights: this.flights,
      sighting: await this.sighting(t, pose),
    };
    c.glimpse = c.sighting ? null : this.unrejected(t, this.goals.inStepViews(nav, stepViews));
    const steps = turn.steps();
    const stepsLeft = steps ? steps.limit - steps.used : Infinity;
    const ending = turn.stepsOver() || stepsLeft <= FULL_LOOK_STEPS || turn.turnsUsed() >= turn.turnBudget() - 3;
    if (t.state === 'close' && t.closeEvidence && !ending) {
      const look = this.seek.beforeClose(c);
      if (look) return this.reply(c, look);
    }
    if (t.state === 'close' || turn.stepsOver() || stepsLeft <= 1 || turn.turnsUsed() >= turn.turnBudget() - 1)
      return closeTask(c, t.closeEvidence ?? this.lastChance(c), this.handoverLines(t, turn));
    if (DEBUG && turn.collided()) console.error(`[nav ${t.key}] collided @${pose.x.toFixed(2)},${pose.z.toFixed(2)} in ${t.state}`);
    const bump = t.state === 'stairs' && atFlight(c) ? null : this.afterCollision(c);
    if (bump) return this.reply(c, bump);
    const look = t.state === 'explore' && !c.sighting && !c.glimpse ? this.seek.next(c) : null;
    return this.reply(c, look ?? this.decide(c));
  }

  /** Runs the named states until one acts or closes. */
  private decide(c: Ctx): Decision {
    const states: Record<Exclude<StateName, 'close'>, (c: Ctx) => Decision> = { recall, explore, approach, stairs: takeStairs };
    for (let i = 0; i < 6; i++) {
      const s = c.task.state === 'close' ? 'explore' : c.task.state;
      const d = states[s](c);
      if (d.kind !== 'goto') return d;
      c.task.state = d.state;
    }
    return act(['left', 'left', 'left'], 'look around');
  }

  private reply(c: Ctx, d: Decision): ModelResponse {
    if (d.kind === 'close' && d.evidence) {
      // a claim while the saved map is still aside: a look round first (seek.ts), the claim after it
      const look = this.seek.beforeClose(c);
      if (look) {
        c.task.state = 'close';
        c.task.closeEvidence = d.evidence;
        return this.reply(c, look);
      }
    }
    if (d.kind === 'close') {
      if (DEBUG) console.error(`[nav ${c.task.key}] close: ${d.evidence}`);
      c.task.state = 'close';
      c.task.closeEvidence = d.evidence;
      return closeTask(c, d.evidence, this.handoverLines(c.task, c.turn));
    }
    if (d.kind === 'goto') throw new Error('unreachable');
    c.task.lastPose = { ...c.pose };
    if (DEBUG)
      console.error(`[nav ${c.task.key} f${c.nav.floor}] ${c.task.state} @${c.pose.x.toFixed(1)},${c.pose.z.toFixed(1)} ${d.why}: ${d.actions.join(' ')}`);
    if (c.task.stairs) this.climbing = c.task.stairs.flight;
    // with a handover to write, places are marked as they are passed (in the same turn as the step)
    const place = c.turn.handoverPath() ? this.memory.placeToMark(c.nav) : null;
    const step = { name: 'step', args: { actions: this.keepOneStep(c.turn, d.actions) } };
    return calls(c.turn.req, place ? [{ name: 'mark', args: { name: place } }, step] : [step]);
  }

  /** The actions that fit the step budget with one step kept back: the harness ends a task whose steps run out before the session can close it. */
  private keepOneStep(turn: Turn, actions: CoarseAction[]): CoarseAction[] {
    const steps = turn.steps();
    return actions.slice(0, steps ? Math.max(1, steps.limit - steps.used - 1) : actions.length);
  }

  /**
   * The opening's reading list: the previous handover is read (one turn) and its object lines taken
   * in; when it names a place where the goal was seen, the task starts by going there.
   */
  private briefing(turn: Turn, t: TaskState): ModelResponse | null {
    if (t.briefed) return null;
    const read = turn.resultsOf('read_file');
    const own = turn.handoverPath();
    const list = turn.filesToRead();
    const previous = list.find((f) => /handover\.md$/.test(f) && f !== own);
    // the house notes carry what earlier runs saw and climbed (consolidation gathers every run's
    // handovers there), the previous handover what this run's last task knew: notes first, so that
    // the handover's more recent sightings win
    const notes = list.includes(HOUSE_NOTES.rooms) ? HOUSE_NOTES.rooms : undefined;
    const wanted = [notes, previous].filter((p): p is string => p !== undefined);
    if (read.length === 0) {
      if (wanted.length)
        return calls(
          turn.req,
          wanted.map((path) => ({ name: 'read_file', args: { path } })),
        );
    } else {
      for (const [path, text] of read) {
        this.takeIn(text);
        if (path === previous && takesOverSearches(previous)) this.searched.readHandover(text);
      }
    }
    this.savedReturn.briefed(
      this.oracle.navigator,
      read.map(([, text]) => text),
    );
    t.briefed = true;
    const seen = this.recallGoal();
    // a goal seen before is looked for where it was, so nothing is taken as looked over
    t.carry = !seen;
    if (seen) {
      t.state = 'recall';
      t.recall = seen;
    }
    return null;
  }

  /** The objects and flights of a handover or the house notes whose places are known. */
  private takeIn(text: string): void {
    const places = this.oracle.navigator.places;
    this.memory.readHandover(text, (name) => places.get(name)?.floor ?? null);
    mergeFlights(this.flights, readFlights(text, places.list()));
  }

  /** Where the goal was seen, nearest by the map's route first, by the objects remembered. */
  private recallGoal() {
    const nav = this.oracle.navigator;
    const pose = nav.planar();
    const from =
      pose && nav.floor !== null ? { point: { x: pose.x, z: pose.z }, floor: nav.floor, distance: (p: PlanarPoint) => routeDistance(nav, pose, p) } : null;
    return this.memory.recall(this.goals.recallIds(), nav.places.list(), from);
  }

  /** On the turn a late relocalisation brought the saved map back: the notes again, in its world (late-join.ts). */
  private rejoin(t: TaskState): void {
    const texts = this.savedReturn.returned(this.oracle.navigator);
    if (!texts) return;
    this.memory.clear();
    this.flights = [];
    this.climbing = null;
    for (const text of texts) this.takeIn(text);
    const seen = this.recallGoal();
    if (DEBUG) console.error(`[nav ${t.key}] saved map back: ${this.flights.length} flights, goal ${seen ? `near '${seen.place}'` : 'not remembered'}`);
    afterJoin(t, seen);
  }

  /**
   * What the handover carries: the places looked over, the objects seen near places and the known
   * flights of stairs — unless the opening asks for an ordinary summary, which tells what happened and
   * nothing for the next task to act on.
   */
  private handoverLines(t: TaskState, turn: Turn): HandoverLines {
    if (turn.wantsSummary()) return () => '';
    this.searched.noteTask(this.oracle.navigator, t.coverage);
    const places = this.oracle.navigator.places.list();
    // the flights before the objects: a few lines that a whole floor's search depends on
    const first = [this.searched.handoverLine(), flightLines(this.flights, places)].filter(Boolean).join('\n');
    return (budget) => [first, this.memory.handoverLines(places, budget - first.length - 1)].filter(Boolean).join('\n');
  }

  /**
   * Remembers the flights of stairs in the last step's views (each action's last; the current view when
   * the step banked none), unless already known. Not only the current view: a flight passed in the
   * middle of a turn is gone from its last view (house 5 task 2 turned past its stair hall's flight in
   * 17 views and never noted it).
   */
  private noteFlight(views: readonly DepthView[]): void {
    const nav = this.oracle.navigator;
    // from the middle of a flight its upper steps would pass for a flight from the floor left
    if (offFloor(nav)) return;
    const mine = views.filter((v) => v.view.floor === nav.floor);
    for (const seen of mine.length ? mine.map((v) => flightInView(nav, v)) : [flightInView(nav)]) {
      if (!seen) continue;
      const f = centreOnFlight(seen, (x, z) => nav.map.cellAt(x, z, seen.floor));
      const known = this.flights.find((g) => sameFlight(g, f));
      if (known) seeAgain(known, f);
      else {
        if (DEBUG) console.error(`[nav] stairs seen: ${JSON.stringify(f)}`);
        this.flights.push(f);
      }
    }
  }

  /** After bumping twice in a row, back out toward the most open direction of the map. */
  private afterCollision(c: Ctx): Decision | null {
    const t = c.task;
    if (!c.turn.collided()) {
      if (c.turn.resultOf('step') !== null) t.bumps = 0;
      return null;
    }
    t.collisions++;
    t.bumps++;
    if (t.bumps < 2) return null; // the map now shows the obstacle: plan again
    // what stopped the body twice is there whatever the map says (a railing the depth sees through):
    // drives are not planned through it again (house 2 task 4 backed out of one spot eight times)
    t.blocked.push(pointAhead(c.pose, c.pose.yaw, BLOCKED_AHEAD_M));
    if (t.target) t.ignore.push(t.target);
    t.target = null;
    return act([...turnsTo(openHeading(c.nav, c.pose, true), c.pose.yaw).slice(0, 10), 'forward', 'forward'], 'back out after collisions');
  }

  /** The goal in the current view, unless that sighting was given up from around here. */
  private async sighting(t: TaskState, pose: Pose): Promise<Sighting | null> {
    return this.unrejected(t, await this.goals.inView(this.oracle.navigator), pose);
  }

  /** `s`, unless given up from around where it was seen (`at`, or where the view that showed it was seen). */
  private unrejected(t: TaskState, s: Sighting | null, at?: Pose): Sighting | null {
    const from = s?.from ?? at;
    if (!s || !from) return s;
    const rejected = refused(t.rejected, s.point, from, this.oracle.navigator.odometryErrorM > 0);
    if (DEBUG && !rejected && refused(t.rejected, s.point, from)) console.error(`[nav ${t.key}] in view where facing it showed nothing`);
    return rejected ? null : s;
  }

  /** At the end of a budget: claim only what the current view shows within reach. */
  private lastChance(c: Ctx): string | null {
    const s = c.sighting;
    return s && s.distanceM <= 0.8 ? `The goal (${this.goals.label()}) is in view about ${s.distanceM.toFixed(1)} m away.` : null;
  }

  /** A goal recognised by its photograph asks for it (get_goal) before anything else of the task. */
  private async askGoal(turn: Turn): Promise<ModelResponse | null> {
    if (!this.goals.wantsPhoto) return null;
    const got = turn.result('get_goal');
    if (!got && turn.tools.has('get_goal')) return calls(turn.req, [{ name: 'get_goal', args: {} }]);
    const photo = got && !got.isError ? got.content.find((p) => p.type === 'image') : undefined;
    await this.goals.setPhoto(photo?.type === 'image' ? photo.png : null);
    return null;
  }

  /** File-only hops, the missing-handover prompt and the answer to a close request. */
  private conversationEvents(turn: Turn, t: TaskState): ModelResponse | null {
    const req = turn.req;
    const recovery = turn.recoveryPath();
    if (recovery && turn.tools.has('write_file') && !turn.tools.has('step')) {
      if (turn.lastCallWas('write_file')) return say(req, 'Recovery note written.');
      return calls(req, [{ name: 'write_file', args: { path: recovery, content: JSON.stringify(this.recoveryNote(t)) } }]);
    }
    if (!turn.tools.has('step')) return say(req, 'I can only navigate; nothing to do in this session.');
    const handover = turn.handoverPath();
    if (/handover/i.test(turn.prompt) && /does not exist|is missing|not (been )?written/i.test(turn.prompt) && handover) {
      if (turn.lastCallWas('write_file')) return say(req, 'Handover written.');
      const ctx = { oracle: this.oracle, goals: this.goals, nav: this.oracle.navigator, turn, task: t } as Ctx;
      return calls(req, [
        {
          name: 'write_file',
          args: { path: handover, content: handoverText(ctx, t.closeEvidence ? 'complete' : 'incomplete', t.closeEvidence, this.handoverLines(t, turn)) },
        },
      ]);
    }
    if (turn.lastCallWas('close_task')) {
      if (turn.last?.role !== 'user') return say(req, 'Close requested; yielding.');
      // the check contradicts the claim: that sighting does not count; search on
      // not approached again from around here; a second rejection of the same sighting is final
      const at = this.oracle.navigator.planar();
      const p = t.goal ?? (at ? { x: at.x, z: at.z } : null);
      if (p) {
        const again = t.rejected.some((r) => !r.remembered && samePoint(r.point, p));
        t.rejected.push({ point: p, from: again || !at ? null : { x: at.x, z: at.z } });
      }
      t.faced = false;
      t.goal = null;
      // looked for again from another side of where it was thought to be
      t.focus = p;
      t.state = 'explore';
      t.closeEvidence = null;
      t.stalls = 0;
      t.bestGoalDistM = Infinity;
    }
    return null;
  }

  private recoveryNote(t: TaskState) {
    const places = this.oracle.navigator.places.names();
    return {
      searched_places: places.slice(-5),
      exclusions: [],
      last_reliable_anchor: places[places.length - 1] ?? 'start of the task',
      untried_options: ['parts of the floor no view has covered yet'],
      uncertainties: [`${t.collisions} collisions in this task`],
      suggested_scope: 'attempt',
    };
  }

  /** `memory`: the policy carries memory across tasks (a handover path is assigned) */
  private taskFor(key: string, memory: boolean): TaskState {
    if (this.task?.key === key) return this.task;
    // what the memory carries comes back only through the handover the next task reads
    this.memory.clear();
    this.searched.clear();
    if (this.task) takeBackSetAside(this.flights, this.task);
    if (!memory) {
      this.flights = [];
      this.climbing = null;
    }
    this.goals.newTask();
    this.task = newTaskState(key);
    return this.task;
  }
}
