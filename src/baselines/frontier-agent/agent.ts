/**
 * The offline navigation agent: a `Model` that plays a task through the same tools a language model
 * uses (get_goal, step, mark, preview_path, write_file, close_task), so that whole runs work with no
 * model service. It explores by frontiers on the robot's own estimated map; its positions come from
 * the navigator's estimate, never from the simulator. How it recognises the goal:
 *   - object-category and description goals: GROUND-TRUTH PERCEPTION — the simulator's instance ids
 *     in the current view (the oracle); a baseline, not vision;
 *   - image goals, when it is given an `ImageGoalMatcher`: by appearance only — the photograph from
 *     get_goal and the robot's views compared with the view encoder (../image-goal-matcher.ts), placed
 *     with the robot's depth. Without a matcher, image goals fall back to the instance ids too.
 *
 * Each request is answered by the first of its named states, in order, that has something to do.
 */
import { FrontierFinder } from '../../mapping/index.js';
import { estimateUsage, type Model, type ModelRequest, type ModelResponse, type ToolCall } from '../../models/index.js';
import type { ImageGoalMatcher } from '../image-goal-matcher.js';
import { approachGoal } from './approach.js';
import { readTurn, step, type AgentContext, type NavigationOracle, type Reply } from './context.js';
import { afterCloseRequest, closing, getGoal, idle, writeMissingHandover, writeRecoveryNote, type ConversationState } from './conversation-states.js';
import { budgetSpent, exploreFrontier, lookAround, unstick, type SearchState } from './search-states.js';
import { newTaskState, type TaskState } from './task-state.js';

export type { NavigationOracle } from './context.js';

export interface ScriptedAgentOptions {
  /** distance (m) from the seen goal surface at which the agent claims success */
  closeEnoughM?: number;
  /** coarse actions per step call while travelling */
  actionsPerStep?: number;
  /** recognises image goals by appearance (view encoder); without it they use the instance ids */
  imageGoals?: ImageGoalMatcher;
}

/** States that read the conversation; the robot's pose is not needed yet. */
const CONVERSATION_STATES: readonly (readonly [string, ConversationState])[] = [
  ['write-recovery-note', writeRecoveryNote],
  ['idle', idle],
  ['write-missing-handover', writeMissingHandover],
  ['after-close-request', afterCloseRequest],
  ['closing', closing],
  ['get-goal', getGoal],
];

/** States that move the robot, given a tracked pose; the last always answers. */
const SEARCH_STATES: readonly (readonly [string, SearchState])[] = [
  ['budget-spent', budgetSpent],
  ['unstick', unstick],
  ['approach-goal', approachGoal],
  ['look-around', lookAround],
  ['explore-frontier', exploreFrontier],
];

export class ScriptedNavigationAgent implements Model {
  readonly id = 'scripted';
  /** the state that answered the last request */
  state: string | null = null;
  private task: TaskState | null = null;
  private calls = 0;
  private readonly ctx: AgentContext;

  constructor(oracle: NavigationOracle, opts: ScriptedAgentOptions = {}) {
    const agent = this;
    this.ctx = {
      oracle,
      frontiers: new FrontierFinder(oracle.navigator.map),
      closeEnough: opts.closeEnoughM ?? 0.8,
      perStep: opts.actionsPerStep ?? 4,
      imageGoals: opts.imageGoals ?? null,
      get calls() {
        return agent.calls;
      },
    };
  }

  async complete(req: ModelRequest): Promise<ModelResponse> {
    const turn = readTurn(req, this.taskState());
    for (const [name, run] of CONVERSATION_STATES) {
      const r = await run(this.ctx, turn);
      if (r) return this.answer(req, name, r);
    }
    const nav = this.ctx.oracle.navigator;
    const pose = nav.planar();
    if (!pose || nav.status !== 'ok') return this.answer(req, 'relocalise', step(['left', 'left'])); // look around to relocalise
    for (const [name, run] of SEARCH_STATES) {
      const r = await run(this.ctx, turn, pose);
      if (r) return this.answer(req, name, r);
    }
    throw new Error('scripted agent: no state answered (explore-frontier always does)');
  }

  private taskState(): TaskState {
    const key = this.ctx.oracle.goalInstanceIds().join(',');
    if (!this.task || this.task.goalKey !== key) {
      this.ctx.imageGoals?.clear();
      this.task = newTaskState(key, this.ctx.imageGoals !== null);
    }
    return this.task;
  }

  private answer(req: ModelRequest, state: string, r: Reply): ModelResponse {
    this.state = state;
    if ('say' in r) return { message: { role: 'assistant', text: r.say, toolCalls: [] }, usage: estimateUsage(req, r.say), stopReason: 'end_turn' };
    const raw = JSON.stringify(r.args);
    const call: ToolCall = { id: `scripted_${++this.calls}`, name: r.tool, arguments: r.args, rawArguments: raw };
    return { message: { role: 'assistant', text: '', toolCalls: [call] }, usage: estimateUsage(req, raw), stopReason: 'tool_use' };
  }
}
