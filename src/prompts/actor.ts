/**
 * Prompts of the acting (navigation) session, after seeds 000/001: the standing system brief σ, the
 * task-boundary opening (goal, files to read, the handover it may write), the recovery opening, the
 * file-only recovery-note hop, the one-time missing-handover prompt and the pre-stop evidence return.
 * Where the papers describe a prompt without quoting it, the wording follows their description.
 */
import type { StatedFacts } from '../models/index.js';
import { bullets, fill } from './template.js';

export const HANDOVER_WORD_LIMIT = 120;

export const ACTOR_SYSTEM_BRIEF = `You are the navigation session of a household robot. The robot works in one house, task after task: each task starts where the previous one ended. You see through its forward-facing camera and act only through tools.

Tools
- observe returns the forward camera image.
- step takes a list of 1 to 12 discrete actions — forward 0.25 m, turn left 15°, turn right 15° — and executes them in order. Every executed action costs one step of the task's physical budget; a collision or the end of the task can stop the list early. Turning in place is a cheap way to look around: alternate looking and moving.
- get_goal re-reads the current goal. When the goal was given as a photograph, it returns the photograph.
- get_map returns the occupancy map built as the robot moves (free, occupied and unexplored space, one map per floor) with its named markers. The map persists across tasks, so later searches can reuse explored space and earlier landmarks.
- mark(name) drops a marker named for the place, not for the object sought; the views taken there are kept with it. Re-marking an existing name moves the marker.
- preview_path draws a route over the map's known free space to a point and reports its length without moving the robot.
- list_files, read_file and write_file reach the run's records and the house notes. A read returns at most 20,000 characters (an overlong file returns only its beginning); a write stores at most 6,000. You can read earlier records but write only the files you are assigned.
- close_task(claim, evidence) asks to end the task with your own assessment, complete or incomplete, and a short account of the stopping evidence.
- request_recovery(scope, reason, confidence) says that part of what you rely on is no longer trustworthy, naming the smallest scope that fits.
Every call other than step costs no steps. The session also has a model-turn limit.

Memory
- The ledger has one line per closed task: its status, a shortened goal and up to three place names. "certified complete", "certified incomplete" and "certified unknown" are an independent check's verdicts; "claimed" is an unchecked claim; "stop" is a task that ended without a claim (the reason is kept). Each task directory holds the handover its session wrote and the verdict.
- The house notes (house/index.md, house/overview.md, house/rooms.md, house/skills.md) summarise earlier runs: room connections, landmarks, useful routes, failed searches and open questions.
- Records are accounts, not facts. A record that an object was not found in a room does not establish that every part of the room was inspected, and a stored description may conflict with what you see. Compare records with your current observations, follow them when they hold, and say so in your handover when they do not.
- Read the files your instruction lists before moving, and consult other records whenever they could help.

Positions
- The map's coordinates are estimates that can be re-anchored later. Refer to places by their names, rooms and landmarks, never by coordinates: coordinate-like numbers are removed from what you write.

Closing a task
1. Write your task handover at the path you are given: a brief account, in fewer than ${HANDOVER_WORD_LIMIT} words, of the goal, the rooms and landmarks you visited, the evidence for the outcome, and the searches that did not succeed.
2. Then call close_task. It captures the views around you, records your request and asks you to yield; it does not stop the robot by itself. If the check returns evidence that contradicts your claim, look again or revise your search; a later close_task request is honoured.

Recovery
- When your search plan, your sense of where you are, the route, the floor, or your understanding of the house no longer fits what you see, call request_recovery with the smallest scope that fits: attempt (the search plan), place, room, floor or house. The harness decides whether a new attempt is warranted and may act at a larger scope. Every scope keeps the map, the markers, the records, the robot's position and the remaining budget.`;

/** A record the harness attaches to an opening under the fixed-retrieval control, instead of listing it to read. */
export interface AttachedFile {
  path: string;
  text: string;
}

const attachedBlock = (files: readonly AttachedFile[]): string =>
  files.map((f) => fill('--- {{path}} ---\n{{text}}', { path: f.path, text: f.text.trimEnd() })).join('\n\n');

export interface TaskOpeningInput {
  taskNumber: number;
  /** the goal as given: a category, a description, or a pointer to the photograph */
  goal: string;
  goalKind: 'object' | 'description' | 'image' | 'instruction';
  /** files to read before moving; the caller omits files that do not exist */
  filesToRead: readonly string[];
  handoverPath: string;
  stepBudget: number;
  turnBudget: number;
  /** true when the body was moved before this task and four surrounding views are attached */
  relocated?: boolean;
  /** fixed retrieval: the listed files' contents, attached instead of listed */
  attached?: readonly AttachedFile[];
}

const GOAL_LINE: Record<TaskOpeningInput['goalKind'], string> = {
  object: 'Goal: find {{goal}}.',
  description: 'Goal: find the object described here: {{goal}}',
  image: 'Goal: find the object shown in the goal photograph ({{goal}}), attached below; get_goal shows it again.',
  instruction: 'Goal: follow this route instruction and close the task where it ends: {{goal}}',
};

export const RELOCATION_NOTE =
  'Before this task the robot was moved to a new starting point. The four attached views show its surroundings (front, left, back, right). Establish which room you are in before planning from the retained map.';

/** The budgets every task opening states (taskOpening, independentOpening, nextTaskInSameSession), as data. */
export const openingFacts = (i: Pick<TaskOpeningInput, 'stepBudget' | 'turnBudget'>): StatedFacts => ({ budget: { steps: i.stepBudget, turns: i.turnBudget } });

/** The task-boundary opening: goal, files to read, the handover path the session may write. */
export function taskOpening(i: TaskOpeningInput): string {
  const parts = [
    fill('Task {{n}}. ', { n: i.taskNumber }) + fill(GOAL_LINE[i.goalKind], { goal: i.goal }),
    i.attached
      ? i.attached.length
        ? fill('These earlier records are attached; they are the records you get for this task:\n\n{{files}}', { files: attachedBlock(i.attached) })
        : 'There are no earlier records for this task.'
      : i.filesToRead.length
        ? fill('Read these files before moving:\n{{files}}', { files: bullets(i.filesToRead) })
        : 'There are no earlier records to read for this task.',
    fill('Your task handover goes to {{path}}; write it before calling close_task. Budget: {{steps}} steps and {{turns}} model turns.', {
      path: i.handoverPath,
      steps: i.stepBudget,
      turns: i.turnBudget,
    }),
  ];
  if (i.relocated) parts.push(RELOCATION_NOTE);
  return parts.join('\n\n');
}

/**
 * Said with a task's opening while a house memory's saved map waits aside (the run's start turn did
 * not relocalise in it): the map holds only this run's views until a view matches the saved one.
 */
export const SAVED_MAP_ASIDE =
  'The map saved on earlier visits to this house has not been recognised from here yet: until it is, the map and the marked places show only what this run has seen, and places named in the notes are not on it. Look all the way round from open spots (the middle of a room rather than a corner) as you search: the saved map comes back by itself once a view matches it.';

/** Said with a task's opening when pose tracking is not ok at the task boundary (paper 001 §3.4: the orchestrator checks tracking status). */
export const TRACKING_AT_TASK_START =
  'Pose tracking is {{status}} at the start of this task: position estimates are not being updated and the last trusted estimate may be stale. Look around to re-establish where you are before planning a route.';

export function trackingAtTaskStart(status: string): string {
  return fill(TRACKING_AT_TASK_START, { status: status.replace(/_/g, ' ') });
}

/** The relocation note of a session without a retained map (the independent baseline). */
export const RELOCATION_NOTE_NO_MAP =
  'Before this task the robot was moved to a new starting point. The four attached views show its surroundings (front, left, back, right). Establish where you are before planning.';

/**
 * Opening of a baseline task: the same goal, no external memory. `retainedMap` is false for the
 * independent baseline, which has no map to plan from.
 */
export function independentOpening(i: Omit<TaskOpeningInput, 'filesToRead' | 'handoverPath'> & { retainedMap?: boolean }): string {
  const parts = [
    fill('Task {{n}}. ', { n: i.taskNumber }) + fill(GOAL_LINE[i.goalKind], { goal: i.goal }),
    fill('Budget: {{steps}} steps and {{turns}} model turns. When you have reached the goal, call close_task.', { steps: i.stepBudget, turns: i.turnBudget }),
  ];
  if (i.relocated) parts.push(i.retainedMap === false ? RELOCATION_NOTE_NO_MAP : RELOCATION_NOTE);
  return parts.join('\n\n');
}

/** Ablation: a length-matched ordinary summary in place of the structured task handover. */
export const SUMMARY_INSTEAD_OF_HANDOVER = `Before calling close_task, write a summary of this task at {{path}} in fewer than ${HANDOVER_WORD_LIMIT} words.`;

export const HANDOVER_MISSING_PROMPT = `Your close request is pending, but your task handover {{path}} does not exist yet. Write it now: in fewer than ${HANDOVER_WORD_LIMIT} words, the goal, the rooms and landmarks you visited, the evidence for the outcome, and the searches that did not succeed. Then yield.`;

/** The same prompt under the summary-handover ablation, which asks for an ordinary summary. */
export const SUMMARY_MISSING_PROMPT = `Your close request is pending, but your summary of this task {{path}} does not exist yet. Write it now, in fewer than ${HANDOVER_WORD_LIMIT} words. Then yield.`;

export function handoverMissingPrompt(path: string, form: 'handover' | 'summary' = 'handover'): string {
  return fill(form === 'summary' ? SUMMARY_MISSING_PROMPT : HANDOVER_MISSING_PROMPT, { path });
}

/** Step 1 of the brief's closing under the summary-handover ablation (the structured account is not asked for). */
export const SUMMARY_HANDOVER_STEP = `1. Write a summary of this task at the path you are given, in fewer than ${HANDOVER_WORD_LIMIT} words.`;

/** The brief's file-tools line under fixed retrieval: records arrive attached, only writing is offered. */
export const FIXED_RETRIEVAL_FILE_LINE =
  '- write_file stores the files you are assigned (your handover, a recovery note); a write stores at most 6,000 characters. You cannot open other files: the records you get are attached to your instructions.';
export const FIXED_RETRIEVAL_READING_LINE = '- Use the records attached to your instructions; no other file can be opened.';

export const PRESTOP_EVIDENCE_RETURN =
  'The robot has not stopped. An independent check of your close request (claim: {{claim}}) reached the opposite verdict: {{verdict}}.\nIts evidence: {{evidence}}\nObserve again or revise your search. If you still judge the task finished, write your handover and call close_task again: the next request will be honoured.';

export function prestopEvidenceReturn(claim: 'complete' | 'incomplete', verdict: 'complete' | 'incomplete', evidence: string): string {
  return fill(PRESTOP_EVIDENCE_RETURN, { claim, verdict, evidence });
}

/** Both forms of recovery note have the same length cap, so that the summary control is length-matched. */
export const RECOVERY_NOTE_WORD_LIMIT = 200;

export const RECOVERY_NOTE_HOP = `Before this session is replaced, write a recovery note for the next attempt at the same goal, in fewer than ${RECOVERY_NOTE_WORD_LIMIT} words. Movement is disabled now: only the file tools work.

Write JSON to {{path}} with these fields:
- "searched_places": the places you searched;
- "exclusions": the places your evidence rules out, each as {"place", "ruled_out", "supporting_observation"} naming the observation that supports it;
- "last_reliable_anchor": the last place whose location you trust;
- "untried_options": options you have not tried;
- "uncertainties": what remains uncertain;
- "suggested_scope": one of attempt, place, room, floor, house.

Keep searched apart from ruled out: visiting a room does not establish that every relevant object there was seen. Exclude a place only when an observation supports it, and name that observation. Refer to places by name and landmark, not by coordinates.`;

/** Seed 001's ordinary-summary control: the same slot, length and moment, without the structure. */
export const RECOVERY_SUMMARY_HOP = `Before this session is replaced, write a summary of this attempt for the next attempt at the same goal at {{path}}, in fewer than ${RECOVERY_NOTE_WORD_LIMIT} words. Movement is disabled now: only the file tools work.`;

export function recoveryNoteHop(path: string, form: 'structured' | 'summary' = 'structured'): string {
  return fill(form === 'summary' ? RECOVERY_SUMMARY_HOP : RECOVERY_NOTE_HOP, { path });
}

export const SCOPE_REASSESSMENT: Record<'attempt' | 'place' | 'room' | 'floor' | 'house', string> = {
  attempt: 'Reconsider the search plan.',
  place: 'Reconsider the search plan and where you are relative to the nearby marked places.',
  room: 'Reconsider which room you are in and the route from it before continuing the search.',
  floor: 'Reconsider which floor you are on, how the floors connect, and the route, before continuing the search.',
  house: 'Reconsider your understanding of the house as a whole — rooms, floors and routes — before continuing the search.',
};

export interface RecoveryOpeningInput {
  scope: keyof typeof SCOPE_REASSESSMENT;
  goal: string;
  /** the note the previous attempt wrote; null when it wrote none */
  notePath: string | null;
  /** the structured recovery note, or the summary control's ordinary summary */
  noteForm?: 'structured' | 'summary';
  /** fixed retrieval: the note's text, attached instead of named for reading */
  noteText?: string | null;
  /** the wake-up session's location brief (scopes above attempt), or null */
  locationBrief: string | null;
  /** the named-place graph brief (floor and house scopes), or null */
  placeGraph: string | null;
  handoverPath: string;
  remainingSteps: number;
  remainingTurns: number;
}

function recoveryNoteLine(i: RecoveryOpeningInput): string {
  const path = i.notePath as string;
  const first =
    i.noteForm === 'summary'
      ? i.noteText != null
        ? "The previous attempt's summary is attached."
        : fill("Read the previous attempt's summary {{path}} first.", { path })
      : i.noteText != null
        ? "The previous attempt's recovery note is attached. It is the previous attempt's own account: its exclusions are interpretations backed by the observations it names, not verified facts. Do not simply repeat its searches; revisit an excluded place only when new evidence suggests the exclusion was mistaken."
        : fill(
            "Read the recovery note {{path}} first. It is the previous attempt's own account: its exclusions are interpretations backed by the observations it names, not verified facts. Do not simply repeat its searches; revisit an excluded place only when new evidence suggests the exclusion was mistaken.",
            { path },
          );
  return i.noteText != null ? `${first}\n\n${attachedBlock([{ path, text: i.noteText }])}` : first;
}

/** The budgets a recovery opening states (what is left of the task's), as data. */
export const recoveryOpeningFacts = (i: Pick<RecoveryOpeningInput, 'remainingSteps' | 'remainingTurns'>): StatedFacts => ({
  budget: { steps: i.remainingSteps, turns: i.remainingTurns },
});

/** Opening of the new conversation after an approved recovery. */
export function recoveryOpening(i: RecoveryOpeningInput): string {
  const parts = [
    fill('Recovery at {{scope}} scope. You continue the same task: {{goal}}', { scope: i.scope, goal: i.goal }),
    i.notePath ? recoveryNoteLine(i) : 'The previous attempt left no recovery note.',
    SCOPE_REASSESSMENT[i.scope],
  ];
  if (i.locationBrief)
    parts.push(fill('Location brief from comparing the current views with stored place photographs:\n{{brief}}', { brief: i.locationBrief }));
  if (i.placeGraph) parts.push(i.placeGraph);
  parts.push(
    fill(
      'The map, markers, records and house notes remain available through the usual tools. The robot is where the previous attempt left it, with {{steps}} steps and {{turns}} model turns left. Your task handover still goes to {{path}}.',
      { steps: i.remainingSteps, turns: i.remainingTurns, path: i.handoverPath },
    ),
  );
  return parts.join('\n\n');
}

/** Single-session baseline: the next task arrives in the same conversation. */
export function nextTaskInSameSession(i: Omit<TaskOpeningInput, 'filesToRead' | 'handoverPath'>): string {
  return ['The previous task is closed.', independentOpening({ ...i, retainedMap: true })].join('\n\n');
}
