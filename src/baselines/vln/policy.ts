/**
 * The scripted agents' shared skills: checking whether a clause of the instruction is done, and
 * choosing coarse actions toward it. Positions and the map are the navigator's estimates; landmarks
 * come from ground-truth perception (perception.ts). Working state (look-around progress, frontier
 * targets) is kept per goal, like a model's scratchpad.
 */
import { FrontierFinder, type PlanarPoint } from '../../mapping/index.js';
import type { StepFacts } from '../../models/index.js';
import { type CoarseAction, actionsAlong } from '../../navigator/index.js';
import type { Segment } from './segments.js';
import type { GroundTruthPerception } from './perception.js';

/** how close a landmark must be for each kind of clause, metres */
export const REACH_M = { past: 2.0, turn: 1.5, stop: 1.0 } as const;

export interface Check {
  status: 'complete' | 'incomplete';
  evidence: string;
}

interface Search {
  /** the goal wording the search was started for; a revised goal looks around again */
  wording: string;
  lookTurns: number;
  target: PlanarPoint | null;
  ignore: PlanarPoint[];
  stuck: number;
}

/** counts the turn and forward actions a step executed */
export function executedCounts(step: StepFacts | undefined): { left: number; right: number; forward: number } {
  const acts = step?.executed ?? [];
  return {
    left: acts.filter((a) => a === 'left').length,
    right: acts.filter((a) => a === 'right').length,
    forward: acts.filter((a) => a === 'forward').length,
  };
}

export class ScriptedSkills {
  private readonly frontiers: FrontierFinder;
  private readonly searches = new Map<string, Search>();

  constructor(readonly see: GroundTruthPerception) {
    this.frontiers = new FrontierFinder(see.navigator.map);
  }

  /** Whether `seg` is done, from the latest view and what the latest step executed. */
  check(seg: Segment, latest: StepFacts | undefined): Check {
    const ex = executedCounts(latest);
    switch (seg.kind) {
      case 'opener':
      case 'turn': {
        if (seg.kind === 'turn' && seg.landmark) return this.near(seg.landmark, REACH_M.turn);
        const need = Math.round(Math.abs(seg.turnDeg) / 15);
        const got = seg.turnDeg >= 0 ? ex.left : ex.right;
        const fw = seg.kind === 'opener' ? seg.forward : 0;
        return got >= need && ex.forward >= Math.min(fw, 1)
          ? { status: 'complete', evidence: `The record shows ${got} turns${fw ? ` and ${ex.forward} forward moves` : ''} executed, as the clause asks.` }
          : { status: 'incomplete', evidence: `The record shows ${got} of ${need} turns.` };
      }
      case 'past':
        return this.near(seg.landmark, REACH_M.past);
      case 'room':
        return this.inRoom(seg.room);
      case 'stop':
        return seg.landmark ? this.near(seg.landmark, REACH_M.stop) : this.inRoom(seg.room ?? '');
      case 'other':
        return { status: 'complete', evidence: 'The clause names nothing to check; one interaction was executed.' };
    }
  }

  private near(label: string, reach: number): Check {
    const s = this.see.find(label);
    if (!s) return { status: 'incomplete', evidence: `The ${label} is not in the current view.` };
    if (s.distance <= reach) return { status: 'complete', evidence: `The ${label} is in view about ${s.distance.toFixed(1)} m away.` };
    return { status: 'incomplete', evidence: `The ${label} is in view but still about ${s.distance.toFixed(1)} m away.` };
  }

  private inRoom(room: string): Check {
    const under = this.see.roomUnderfoot();
    return under === room.toLowerCase()
      ? { status: 'complete', evidence: `The floor right in front of the robot is the ${room}'s.` }
      : { status: 'incomplete', evidence: `The floor in front of the robot is ${under ? `the ${under}'s` : 'not identifiable'}, not the ${room}'s.` };
  }

  /** The next short action sequence toward `seg` (`key` identifies the clause for the search state). */
  act(seg: Segment, key: string, last: StepFacts | undefined, wording = key): CoarseAction[] {
    const nav = this.see.navigator;
    const pose = nav.planar();
    if (!pose || nav.status !== 'ok') return ['left', 'left'];
    const s = this.search(key);
    if (s.wording !== wording) {
      s.wording = wording;
      s.lookTurns = 0; // a revised goal: look around again, but keep what exploration already ruled out
    }
    if ((last?.collisions ?? 0) > 0) s.stuck++;
    switch (seg.kind) {
      case 'opener':
      case 'turn':
        if (seg.kind === 'opener' || !seg.landmark) {
          const n = Math.round(Math.abs(seg.turnDeg) / 15);
          const acts: CoarseAction[] = Array.from({ length: n }, () => (seg.turnDeg >= 0 ? 'left' : 'right'));
          for (let i = 0; i < (seg.kind === 'opener' ? seg.forward : 0); i++) acts.push('forward');
          return acts.length ? acts.slice(0, 12) : ['forward'];
        }
        return this.toward(this.see.find(seg.landmark)?.point ?? null, s, pose, REACH_M.turn - 0.3);
      case 'past':
        return this.toward(this.see.find(seg.landmark)?.point ?? null, s, pose, REACH_M.past - 0.6);
      case 'room':
        return this.toward(this.see.roomFloor(seg.room)?.point ?? null, s, pose, 0);
      case 'stop':
        return seg.landmark
          ? this.toward(this.see.find(seg.landmark)?.point ?? null, s, pose, REACH_M.stop - 0.4)
          : this.toward(this.see.roomFloor(seg.room ?? '')?.point ?? null, s, pose, 0);
      case 'other':
        return ['forward'];
    }
  }

  private search(key: string): Search {
    let s = this.searches.get(key);
    if (!s) this.searches.set(key, (s = { wording: key, lookTurns: 0, target: null, ignore: [], stuck: 0 }));
    return s;
  }

  /** Approach a seen target; otherwise look around once, then explore the nearest frontier. */
  private toward(seen: PlanarPoint | null, s: Search, pose: { x: number; z: number; yaw: number }, stopShortM: number): CoarseAction[] {
    if (seen) {
      const a = this.follow(seen, pose, stopShortM);
      if (a) return a;
    }
    if (s.lookTurns < 24) {
      s.lookTurns += 3;
      return ['left', 'left', 'left'];
    }
    if (s.target && (Math.hypot(s.target.x - pose.x, s.target.z - pose.z) < 0.5 || s.stuck >= 3)) {
      s.ignore.push(s.target);
      s.target = null;
      s.stuck = 0;
      s.lookTurns = 0; // look around again at each explored spot
      return ['left', 'left', 'left'];
    }
    if (!s.target) {
      const f = this.frontiers.nearest(pose, this.see.navigator.floor ?? 0, { minDistM: 0.5, ignore: s.ignore, ignoreRadiusM: 0.8 });
      if (!f) return ['left', 'left', 'left'];
      s.target = f.point;
    }
    const a = this.follow(s.target, pose, 0);
    if (!a) {
      s.ignore.push(s.target);
      s.target = null;
      return ['left'];
    }
    return a;
  }

  private follow(goal: PlanarPoint, pose: { x: number; z: number; yaw: number }, stopShortM: number): CoarseAction[] | null {
    const route = this.see.navigator.plan(goal);
    if (route.status !== 'ok') return null;
    return actionsAlong(route.path, pose, { remainingM: route.lengthM - stopShortM, maxActions: 4 });
  }
}
