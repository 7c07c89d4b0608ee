/**
 * The judge of closure checks (pre-stop verification and certification). It has no tools and sees
 * neither the navigator's conversation nor its self-assessment: only the goal, the four stop views
 * (one under the papers' single-view intervention), up to twelve frames in temporal order, the map
 * and a mechanical record. The prompts state the order in which the images arrive, and
 * `judgeContent` (src/harness/judge.ts) sends them in that order.
 */
import { fill } from './template.js';

const views = (n: number): string => (n === 1 ? 'one view' : `${n === 4 ? 'four' : n} views`);

/** The judge's system prompt for `stopViews` stop views (4, or 1 under the single-view intervention). */
export function judgeSystem(stopViews = 4): string {
  return `You check whether a household robot has completed a navigation task. You have no tools, and you do not see the robot's conversation or its own assessment of the task.

You receive the goal, ${views(stopViews)} captured at the proposed stopping point, a sample of earlier frames in temporal order, the occupancy map with its named markers, and a mechanical record of the task. Decide from this evidence whether the goal is satisfied at the stopping point. Judge what the images show, not what the marker names or the record suggest.

Answer with one JSON object and nothing else:
{"verdict": "complete" | "incomplete" | "unknown", "evidence": "<what the views show that decides it>", "searched_places": ["<places the frames show were searched>"], "confidence": <number from 0 to 1>}
Use "unknown" when the evidence does not decide the question.`;
}

export const JUDGE_SYSTEM = judgeSystem(4);

export interface MechanicalRecord {
  taskPosition: number;
  tasksInRun: number;
  stepsUsed: number;
  stepBudget: number;
  frameCount: number;
  markerNames: readonly string[];
}

export const JUDGE_REQUEST = `Goal: {{goal}}

Mechanical record: task {{position}} of {{tasks}}; {{steps}} of {{budget}} steps used; {{frames}} frames recorded; markers: {{markers}}.

The images follow in this order, each labelled: {{photo}}the earlier frames, oldest first, marked "earlier frame"; then the {{stop}} captured at the stopping point, marked "stop view" (the latest frames); the map comes last.`;

/** An instruction goal as the judge reads it: the route and where it ends, which is what a close claims. */
export const INSTRUCTION_JUDGE_GOAL =
  'follow this route instruction and stop where it ends: "{{goal}}". The task is complete when the stopping point is where the instruction ends.';

/** The goal line of the judge's request: the goal as given, an instruction with what completing it means. */
export function judgeGoal(kind: string, goal: string): string {
  return kind === 'instruction' ? fill(INSTRUCTION_JUDGE_GOAL, { goal }) : goal;
}

export function judgeRequest(goal: string, r: MechanicalRecord, o: { stopViews?: number; goalPhotograph?: boolean } = {}): string {
  return fill(JUDGE_REQUEST, {
    photo: o.goalPhotograph ? 'the goal photograph first; then ' : '',
    stop: views(o.stopViews ?? 4),
    goal,
    position: r.taskPosition,
    tasks: r.tasksInRun,
    steps: r.stepsUsed,
    budget: r.stepBudget,
    frames: r.frameCount,
    markers: r.markerNames.length ? r.markerNames.join(', ') : 'none',
  });
}

export const JUDGE_JSON_REPROMPT = `Your reply could not be read as the verdict JSON ({{error}}). Reply with the JSON object alone:
{"verdict": "complete" | "incomplete" | "unknown", "evidence": "...", "searched_places": [...], "confidence": <0..1>}`;

export function judgeJsonReprompt(error: string): string {
  return fill(JUDGE_JSON_REPROMPT, { error });
}

/** Image labels used when assembling the judge's evidence. */
export const stopViewLabel = (i: number, n = 4): string => fill('stop view {{i}} of {{n}}', { i, n });
export const earlierFrameLabel = (frame: number): string => fill('earlier frame {{frame}}', { frame });
export const MAP_LABEL = 'occupancy map with named markers';
