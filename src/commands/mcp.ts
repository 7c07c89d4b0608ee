/**
 * `navharness mcp --house seed:7`: serves one live episode to an external coding agent over MCP —
 * stdio by default (the agent spawns this command), or streamable HTTP on 127.0.0.1 with --http PORT.
 * stdout belongs to the protocol in stdio mode, so every log line goes to stderr.
 */
import { existsSync } from 'node:fs';
import type { Command } from 'commander';
import { SUMMARIES } from './summaries.js';
import { z } from 'zod';
import { HouseSpecSchema, POSE_SOURCES } from '../world/choices.js';
import { MOTION_PRIORS } from '../navigator/choices.js';
import { ACTUATION_NOISE_MODELS } from '../body/choices.js';
import { DEFAULT_MOTION_PRIOR } from '../harness/choices.js';
import { parseFlags, UsageError } from './options.js';
import { applySceneFlags, HOUSE_HELP, withSceneFlags } from './scene-flags.js';

const wholeNumber = (lo: number, hi: number, hint: string) =>
  z.string().transform((s, ctx) => {
    const t = s.trim();
    const v = Number(t);
    if (!/^\d+$/.test(t) || v < lo || v > hi) {
      ctx.addIssue({ code: 'custom', message: `expected a whole number from ${lo} to ${hi} (${hint}), got '${s}'` });
      return z.NEVER;
    }
    return v;
  });

export const McpFlags = z.object({
  house: HouseSpecSchema.check(
    z.refine((h) => h.kind !== 'gltf' || existsSync(h.path.replace(/#[^#]*$/, '')), {
      message: 'the scene file was not found (a relative path is resolved against the directory the server is started in)',
    }),
  ),
  http: wholeNumber(0, 65535, 'a TCP port on 127.0.0.1; 0 picks a free one').optional(),
  pose: z.enum(POSE_SOURCES, { message: `expected one of ${POSE_SOURCES.join(', ')}` }),
  motionPrior: z.enum(MOTION_PRIORS, { message: `expected one of ${MOTION_PRIORS.join(', ')}` }).default(DEFAULT_MOTION_PRIOR),
  actuationNoise: z.enum(ACTUATION_NOISE_MODELS, { message: `expected one of ${ACTUATION_NOISE_MODELS.join(', ')}` }).default('none'),
  steps: wholeNumber(1, 100_000, 'the step budget of the task'),
  sequence: wholeNumber(0, 0xffffffff, 'the seed of the GOAT sequence'),
  task: wholeNumber(0, 19, 'the index of the goal within the sequence'),
  workspace: z.string().trim().min(1, 'expected a directory path').optional(),
  maxSessions: wholeNumber(1, 1000, 'open HTTP sessions at most').default(8),
  sessionIdle: wholeNumber(1, 7 * 24 * 3600, 'seconds without a request before an HTTP session is closed').default(1800),
});
export type McpFlags = z.infer<typeof McpFlags>;

const log = (line: string) => process.stderr.write(`navharness mcp: ${line}\n`);

/** Where a fixed token may come from instead of a generated one (for clients configured once). */
export const TOKEN_ENV = 'NAVHARNESS_MCP_TOKEN';

async function httpToken(): Promise<string | undefined> {
  const given = process.env[TOKEN_ENV];
  if (given === undefined || given === '') return undefined;
  const { BearerTokenSchema } = await import('../mcp/index.js');
  const r = BearerTokenSchema.safeParse(given);
  if (!r.success) throw new UsageError(`navharness mcp: ${TOKEN_ENV}: ${r.error.issues[0]?.message}; unset it to have a token generated`);
  return r.data;
}

function untilSignal(): Promise<string> {
  return new Promise((resolve) => {
    process.once('SIGINT', () => resolve('SIGINT'));
    process.once('SIGTERM', () => resolve('SIGTERM'));
  });
}

export function registerMcp(program: Command): void {
  withSceneFlags(program.command('mcp'))
    .description(SUMMARIES.mcp)
    .requiredOption('--house <ref>', HOUSE_HELP)
    .option('--http <port>', 'serve streamable HTTP on 127.0.0.1:<port> (0: a free port) instead of stdio')
    .option('--pose <source>', `pose source: ${POSE_SOURCES.join(' | ')}`, 'ground-truth')
    .option(
      '--motion-prior <prior>',
      `with --pose slam: ${MOTION_PRIORS.join(' | ')} (what the tracker gets besides the frames; default ${DEFAULT_MOTION_PRIOR})`,
    )
    .option('--actuation-noise <model>', `the simulated body's actuation noise: ${ACTUATION_NOISE_MODELS.join(' | ')} (default none)`)
    .option('--steps <n>', 'step budget of the task', '500')
    .option('--sequence <k>', 'GOAT sequence seed', '0')
    .option('--task <i>', 'goal index within the sequence', '0')
    .option('--workspace <dir>', 'run workspace for the file tools (default: a new temporary directory)')
    .option('--max-sessions <n>', 'with --http: open sessions at most', '8')
    .option('--session-idle <seconds>', 'with --http: close a session after this many seconds without a request', '1800')
    .action(async (raw: Record<string, string>) => {
      const f = parseFlags(McpFlags, raw, 'mcp');
      await applySceneFlags(raw, 'mcp');
      // Nothing but the protocol may reach stdout; a stray console.log from any layer goes to stderr.
      console.log = console.error;
      const { Episode, serveHttp, serveStdio } = await import('../mcp/index.js');
      const brief = { house: f.house, task: f.task, steps: f.steps };
      // The protocol is served while the world is being built; tool calls wait for it.
      const opening = Episode.open(
        {
          house: f.house,
          poseSource: f.pose,
          motionPrior: f.motionPrior,
          actuationNoise: f.actuationNoise,
          steps: f.steps,
          sequence: f.sequence,
          task: f.task,
          workspace: f.workspace,
        },
        log,
      );
      const ready = async () => {
        try {
          const e = await opening;
          const i = e.info;
          log(
            `episode ready: ${i.house}, ${i.sequence}, task ${i.task} of ${i.goals} (${i.goal.type} goal), ${f.steps} steps, ${f.pose} poses, workspace ${i.workspace}`,
          );
          return e;
        } catch (err) {
          const msg = (err as Error).message;
          if (/pose source/.test(msg)) throw new UsageError(`navharness mcp: --pose ${f.pose}: ${msg}`);
          if (/^task \d+ does not exist/.test(msg)) throw new UsageError(`navharness mcp: --task ${f.task}: ${msg}`);
          throw err;
        }
      };
      let episode;
      if (f.http === undefined) {
        const serving = serveStdio(opening, brief, log);
        episode = await ready();
        await serving;
        log('client disconnected');
      } else {
        const token = await httpToken();
        const h = await serveHttp(opening, brief, f.http, log, { token, maxSessions: f.maxSessions, idleMs: f.sessionIdle * 1000 });
        // the handlers go in before the line a supervisor waits for: a SIGTERM sent on reading it
        // must find them (run as plain Node, nothing else handles it and the process would just die)
        const stop = untilSignal();
        log(`listening on ${h.url}`);
        // printed once: every request must carry it (docs/mcp.md shows how Claude Code and Codex send it)
        if (token === undefined) log(`bearer token (send 'Authorization: Bearer <token>'): ${h.token}`);
        else log(`bearer token: the value of ${TOKEN_ENV}`);
        episode = await ready();
        log(`stopped by ${await stop}`);
        await h.close();
      }
      await episode.close();
    });
}
