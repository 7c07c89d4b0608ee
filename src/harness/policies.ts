/**
 * The session policies (paper 001 §3.1) as the opening of a task: NavHarness gives a fresh conversation
 * with the goal, the files to read (existing ones only) and the handover path — contents enter only
 * through file reads; the independent baseline gives a fresh conversation without external memory;
 * the single-session baseline appends the next task to one running conversation.
 */
import { requiredReading, type Journal, HOUSE_NOTE_FILES, houseNotePath, READ_LIMIT_CHARS } from '../memory/index.js';
import { image, text, type ContentPart, type UserMessage } from '../models/index.js';
import {
  type AttachedFile,
  fill,
  ACTOR_SYSTEM_BRIEF,
  FIXED_RETRIEVAL_FILE_LINE,
  FIXED_RETRIEVAL_READING_LINE,
  independentOpening,
  nextTaskInSameSession,
  openingFacts,
  SUMMARY_HANDOVER_STEP,
  SUMMARY_INSTEAD_OF_HANDOVER,
  taskOpening,
} from '../prompts/index.js';
import { FILE_TOOLS, NAVIGATION_TOOLS, type Tool, type AgentGoal } from '../tools/index.js';
import type { HarnessConfig } from './config.js';
import { policyTraits } from './policy-traits.js';

const MAP_TOOLS = new Set(['get_map', 'preview_path']);
/**
 * What the independent-session baseline does not get (seed 000: "no external working or long-term
 * memory"): the map and its markers, and the recovery request, whose fresh attempt is built on that
 * memory (recovery note, place graph, wake-up against marked places' photographs).
 */
export const INDEPENDENT_WITHHELD = new Set(['get_map', 'mark', 'preview_path', 'request_recovery']);

/** Under fixed retrieval the session writes its assigned files but does not choose what to read. */
const fixedRetrieval = (cfg: HarnessConfig): boolean => policyTraits(cfg.policy).memoryFiles && cfg.retrieval === 'fixed';

/** The file tools a NavHarness session gets: all three, or write_file alone under fixed retrieval. */
export function fileTools(cfg: HarnessConfig): Tool[] {
  return fixedRetrieval(cfg) ? FILE_TOOLS.filter((t) => t.name === 'write_file') : FILE_TOOLS;
}

/** The acting session's tools under a configuration: file tools only where there is external memory. */
export function actorTools(cfg: HarnessConfig): Tool[] {
  const nav = NAVIGATION_TOOLS.filter(
    (t) => (cfg.maps || !MAP_TOOLS.has(t.name)) && !(policyTraits(cfg.policy).forgetsMap && INDEPENDENT_WITHHELD.has(t.name)),
  );
  return policyTraits(cfg.policy).memoryFiles ? [...nav, ...fileTools(cfg)] : nav;
}

/** A record as fixed retrieval attaches it: what a read of it would return (the same cap). */
export function attachedFile(journal: Journal, path: string): AttachedFile | null {
  const text = journal.workspace.readRaw(path);
  if (text === null) return null;
  return { path, text: text.length > READ_LIMIT_CHARS ? `${text.slice(0, READ_LIMIT_CHARS)}\n[… cut at ${READ_LIMIT_CHARS} characters]` : text };
}

/** Whether the acting session can ask for recovery (the duration fallback is off where it cannot). */
export const recoveryOffered = (cfg: HarnessConfig): boolean => actorTools(cfg).some((t) => t.name === 'request_recovery');

export interface OpeningInput {
  taskNumber: number;
  goal: AgentGoal;
  previousTaskId: string | null;
  handoverPath: string;
  stepBudget: number;
  turnBudget: number;
  /** four surrounding views after a relocation between tasks */
  relocationViews: Uint8Array[] | null;
  /** the previous run's last handover (house memory archive), read when there is no previous task */
  carriedHandover?: string | null;
}

/** Files a NavHarness opening lists: previous handover and ledger (when task records are on), house notes. */
export function readingList(journal: Journal, cfg: HarnessConfig, previousTaskId: string | null, carriedHandover: string | null = null): string[] {
  const all = requiredReading(journal, previousTaskId, carriedHandover);
  if (cfg.taskRecords) return all;
  const notes = new Set(HOUSE_NOTE_FILES.map(houseNotePath));
  return all.filter((p) => notes.has(p));
}

/** A task's opening message: its text and images, with the budgets it states as facts. */
export function openingContent(cfg: HarnessConfig, journal: Journal, i: OpeningInput, continuing: boolean): UserMessage {
  const base = {
    taskNumber: i.taskNumber,
    goal: i.goal.text,
    goalKind: i.goal.kind,
    stepBudget: i.stepBudget,
    turnBudget: i.turnBudget,
    relocated: i.relocationViews !== null,
  };
  let body: string;
  const traits = policyTraits(cfg.policy);
  if (traits.memoryFiles) {
    const files = readingList(journal, cfg, i.previousTaskId, i.carriedHandover ?? null);
    const attached = fixedRetrieval(cfg) ? files.map((p) => attachedFile(journal, p)).filter((f): f is AttachedFile => f !== null) : undefined;
    body = taskOpening({ ...base, filesToRead: files, handoverPath: i.handoverPath, attached });
    if (cfg.handover === 'summary') body += '\n\n' + fill(SUMMARY_INSTEAD_OF_HANDOVER, { path: i.handoverPath });
  } else if (traits.oneSession && continuing) {
    body = nextTaskInSameSession(base);
  } else {
    body = independentOpening({ ...base, retainedMap: !traits.forgetsMap });
  }
  const parts: ContentPart[] = [text(body)];
  // seed 001: an image goal's opening carries the goal photograph itself
  if (i.goal.kind === 'image' && i.goal.image) parts.push(text('goal photograph'), image(i.goal.image));
  if (i.relocationViews) i.relocationViews.forEach((png, k) => parts.push(text(`surrounding view ${k + 1} of 4`), image(png)));
  return { role: 'user', content: parts, facts: openingFacts(base) };
}

const BASELINE_CLOSING = `Closing a task
Call close_task with your own assessment, complete or incomplete, and a short account of the stopping evidence. It captures the views around you, records your request and asks you to yield; it does not stop the robot by itself. If the check returns evidence that contradicts your claim, look again or revise your search; a later close_task request is honoured.`;

function section(brief: string, title: string): string | null {
  const start = brief.indexOf(`\n\n${title}\n`);
  if (start < 0) return null;
  const next = brief.indexOf('\n\n', start + title.length + 3);
  return brief.slice(start, next < 0 ? brief.length : next);
}

const TOOL_LINE = /^- ([a-z_]+)/;

/** Drops the tool lines of tools the session is not offered (a brief names no tool it cannot call). */
function offeredToolLines(brief: string, offered: ReadonlySet<string>): string {
  const known = new Set([...NAVIGATION_TOOLS, ...FILE_TOOLS].map((t) => t.name));
  return brief
    .split('\n')
    .filter((l) => {
      const name = TOOL_LINE.exec(l)?.[1];
      return !name || !known.has(name) || offered.has(name);
    })
    .join('\n');
}

/**
 * The standing brief of a session: the NavHarness brief, or — for the baselines, which have no file
 * tools and no external memory — the same brief without the memory section and the handover step,
 * so that a baseline is not told about records it cannot reach. Lines of tools a session is not
 * offered are dropped; without the map the positions section goes, and without request_recovery
 * the recovery section (both speak of the retained map and records).
 */
export function systemBrief(cfg: HarnessConfig, brief = ACTOR_SYSTEM_BRIEF): string {
  const offered = new Set(actorTools(cfg).map((t) => t.name));
  if (fixedRetrieval(cfg)) {
    brief = brief
      .replace(/^- list_files, read_file and write_file .*$/m, FIXED_RETRIEVAL_FILE_LINE)
      .replace(/^- Read the files your instruction lists .*$/m, FIXED_RETRIEVAL_READING_LINE);
  }
  if (cfg.handover === 'summary') brief = brief.replace(/^1\. Write your task handover .*$/m, SUMMARY_HANDOVER_STEP);
  let out = offeredToolLines(brief, offered);
  if (policyTraits(cfg.policy).memoryFiles) return out;
  const drop = ['Memory', ...(offered.has('get_map') ? [] : ['Positions']), ...(offered.has('request_recovery') ? [] : ['Recovery'])];
  for (const title of drop) {
    const s = section(out, title);
    if (s) out = out.replace(s, '');
  }
  const closing = section(out, 'Closing a task');
  if (closing) out = out.replace(closing, `\n\n${BASELINE_CLOSING}`);
  return out;
}
