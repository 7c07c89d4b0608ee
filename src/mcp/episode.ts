/**
 * The one live episode an MCP server serves: a house, one goal of a GOAT sequence, a step budget and a
 * run workspace for the file tools. Tool calls are serialised, because MCP clients may send requests
 * concurrently and the navigator executes one motion at a time.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import type { Vec3 } from '../geometry/index.js';
import { type DirLock, HOUSE_MOUNT, handoverPath, lockDirectory, taskId, Workspace } from '../memory/index.js';
import { ALL_TOOLS, callTool, createToolContext, type Tool, type ToolContext, toolError, type ToolResult } from '../tools/index.js';
import { planGoatSequence, type GoatGoal, type StartPose, HouseRefSchema, houseSpecText, POSE_SOURCES, World } from '../world/index.js';
import { MOTION_PRIORS } from '../navigator/index.js';
import { ACTUATION_NOISE_MODELS } from '../body/index.js';
import { DEFAULT_MOTION_PRIOR } from '../harness/index.js';

export const EpisodeOptionsSchema = z.object({
  house: HouseRefSchema,
  poseSource: z.enum(POSE_SOURCES, { message: `the pose source is one of ${POSE_SOURCES.join(', ')}` }),
  motionPrior: z.enum(MOTION_PRIORS, { message: `the motion prior is one of ${MOTION_PRIORS.join(', ')}` }).default(DEFAULT_MOTION_PRIOR),
  actuationNoise: z.enum(ACTUATION_NOISE_MODELS, { message: `the actuation noise is one of ${ACTUATION_NOISE_MODELS.join(', ')}` }).default('none'),
  steps: z.number().int().min(1, 'the step budget is at least 1').max(100_000, 'the step budget is at most 100000'),
  sequence: z.number().int().min(0).max(0xffffffff),
  task: z.number().int().min(0, 'the task index starts at 0'),
  /** run workspace directory; a fresh temporary one when absent */
  workspace: z.string().min(1).optional(),
});
export type EpisodeOptions = z.input<typeof EpisodeOptionsSchema>;

export interface EpisodeInfo {
  house: string;
  sequence: string;
  task: number;
  goals: number;
  goal: GoatGoal;
  start: StartPose;
  workspace: string;
}

/** What the server tells an agent before the world exists. */
export type EpisodeBrief = Pick<z.output<typeof EpisodeOptionsSchema>, 'house' | 'task' | 'steps'>;

/**
 * Tools refused once close_task has been called: the episode's outcome is fixed, so nothing more is
 * looked at, marked, planned or written (step refuses by itself).
 */
export const REFUSED_AFTER_CLOSE: ReadonlySet<string> = new Set(['observe', 'mark', 'preview_path', 'write_file']);

export class Episode {
  private queue: Promise<unknown> = Promise.resolve();
  private closed = false;

  private constructor(
    readonly world: World,
    readonly ctx: ToolContext,
    readonly info: EpisodeInfo,
    readonly tools: readonly Tool[],
    /** the workspace's lock: one episode per workspace at a time (released by close) */
    private readonly lock: DirLock,
  ) {}

  static async open(options: EpisodeOptions, log: (line: string) => void = () => {}): Promise<Episode> {
    const parsed = EpisodeOptionsSchema.safeParse(options);
    if (!parsed.success) throw new Error(`bad episode options: ${parsed.error.issues.map((i) => `${i.path.join('.') || 'options'}: ${i.message}`).join('; ')}`);
    const o = parsed.data;

    // The sequence is a function of the house and the seed only; the episode's world opens at the
    // task's start so that the navigator's first frame is there.
    log(`planning GOAT sequence ${o.sequence} in ${houseSpecText(o.house)}`);
    const { episode: seq, starts } = await planGoatSequence(o.house, o.sequence);
    if (o.task >= seq.goals.length) {
      throw new Error(
        `task ${o.task} does not exist: GOAT sequence ${o.sequence} in ${houseSpecText(o.house)} has ${seq.goals.length} goals (tasks 0 to ${seq.goals.length - 1})`,
      );
    }
    const start = starts[o.task];

    const runDir = o.workspace ?? mkdtempSync(join(tmpdir(), 'navharness-mcp-'));
    // refused before the world is built when another episode or run holds the workspace
    const lock = lockDirectory(runDir, 'MCP episode');
    let world: World | null = null;
    try {
      const actuationNoise =
        o.actuationNoise === 'none' ? undefined : { model: o.actuationNoise, seed: `${houseSpecText(o.house)}#${o.sequence}#task${o.task}` };
      world = await World.open({ house: o.house, poseSource: o.poseSource, motionPrior: o.motionPrior, actuationNoise }, start);
      const ws = Workspace.open({ runDir, houseDir: join(runDir, HOUSE_MOUNT) });
      const files = ws.access({ kind: 'actor', handover: handoverPath(taskId(o.task + 1)) });
      const goal = seq.goals[o.task];
      const ctx = createToolContext(world.navigator, world.agentGoal(goal), o.steps, files);
      const info: EpisodeInfo = {
        house: houseSpecText(o.house),
        sequence: seq.id,
        task: o.task,
        goals: seq.goals.length,
        goal,
        start,
        workspace: ws.roots.run,
      };
      return new Episode(world, ctx, info, ALL_TOOLS, lock);
    } catch (err) {
      world?.dispose();
      lock.release();
      throw err;
    }
  }

  /** Runs one tool call after every earlier one has finished; never throws. */
  call(name: string, args: unknown): Promise<ToolResult> {
    const run = this.queue.then(() => {
      if (this.closed) return toolError('The episode has ended; the server is shutting down.');
      if (this.ctx.closeRequest && REFUSED_AFTER_CLOSE.has(name)) {
        return toolError(
          `${name} is refused: close_task was called (claim: ${this.ctx.closeRequest.claim}) and the episode's outcome is fixed. End your session.`,
        );
      }
      return callTool(this.tools, name, args, this.ctx);
    });
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** Where the body truly is now (the simulator's position): what the agent did, for evaluation only. */
  finalPosition(): Vec3 {
    const p = this.world.body.simPose.position;
    return [p[0], p[1], p[2]];
  }

  /** Waits for running calls, then frees the world. Idempotent. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.queue;
    this.world.dispose();
    this.lock.release();
  }
}
