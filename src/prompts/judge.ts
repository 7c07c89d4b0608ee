/**
 * The judge of closure checks (pre-stop verification and certification). It has no tools and sees
 * neither the navigator's conversation nor its self-assessment: only the goal, the four stop views,
 * up to twelve frames in temporal order, the map and a mechanical record.
 */
import { fill } from './template.js';

export const JUDGE_SYSTEM = `You check whether a household robot has completed a navigation task. You have no tools, and you do not see the robot's conversation or its own assessment of the task.

You receive the goal, four views captured at the proposed stopping point, a sample of earlier frames in temporal order, the occupancy map with its named markers, and a mechanical record of the task. Decide from this evidence whether the goal is satisfied at the stopping point. Judge what the images show, not what the marker names or the record suggest.

Answer with one JSON object and nothing else:
{"verdict": "complete" | "incomplete" | "unknown", "evidence": "<what the views show that decides it>", "searched_places": ["<places the frames show were searched>"], "confidence": <number from 0 to 1>}
Use "unknown" when the evidence does not decide the question.`;

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

The images follow in temporal order, each labelled: the four stop views are marked "stop view", the others "earlier frame"; the map comes last.`;

export function judgeRequest(goal: string, r: MechanicalRecord): string {
  return fill(JUDGE_REQUEST, {
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
export const stopViewLabel = (i: number): string => fill('stop view {{i}} of 4', { i });
export const earlierFrameLabel = (frame: number): string => fill('earlier frame {{frame}}', { frame });
export const MAP_LABEL = 'occupancy map with named markers';
