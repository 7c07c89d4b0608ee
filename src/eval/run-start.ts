/**
 * What a run checks before it creates anything (issue 19 item 2): the options, the house reference
 * (a scene file must exist), the acting model (`--agent`), the replay script (`--script`) and the
 * judge. A refused start leaves no run directory, run state or ledger behind. Each problem names the
 * flag, what was wrong and what is accepted.
 */
import { statSync } from 'node:fs';
import { createModel, MODEL_SPEC_FORMS, modelSettingProblems, ScriptedModel } from '../models/index.js';
import { HouseSpecSchema } from '../world/index.js';
import { COMMAND_AGENT_FORM, isCommandAgent, type JudgeKind, parseCommandAgent } from '../harness/index.js';

export interface RunStartInput {
  house: string;
  agent: string;
  script?: string;
  judge?: JudgeKind;
  modelSettings?: { reasoningEffort?: string; thinkingBudget?: number };
}

function houseProblem(house: string): string | null {
  const r = HouseSpecSchema.safeParse(house);
  if (!r.success) return `--house: ${r.error.issues[0]?.message}`;
  const ref = r.data;
  if (ref.kind !== 'gltf') return null;
  let isFile = false;
  try {
    isFile = statSync(ref.path).isFile();
  } catch {
    isFile = false;
  }
  return isFile ? null : `--house: no scene file at '${ref.path}'; accepted: seed:N or the path of an existing .glb/.gltf file`;
}

function agentProblems(o: RunStartInput): string[] {
  const command = isCommandAgent(o.agent);
  const offline = o.agent === 'scripted' || o.agent === 'mock' || command;
  const out: string[] = [];
  if (command) {
    const c = parseCommandAgent(o.agent);
    if (!c.ok) out.push(`${c.error}; accepted: ${COMMAND_AGENT_FORM}`);
  } else if (o.agent !== 'scripted') {
    try {
      createModel(o.agent); // builds the client only: no request is sent
    } catch (e) {
      out.push(`--agent: ${(e as Error).message}; accepted: ${MODEL_SPEC_FORMS.join(', ')}, ${COMMAND_AGENT_FORM}`);
    }
  }
  if (o.modelSettings) out.push(...modelSettingProblems(o.agent, o.modelSettings));
  if (o.script !== undefined) {
    if (o.agent !== 'scripted') out.push(`--script: replays a script only with --agent scripted (got --agent ${o.agent})`);
    else {
      try {
        ScriptedModel.fromFile(o.script);
      } catch (e) {
        out.push(`--script '${o.script}': ${(e as Error).message}; accepted: a JSON list of recorded model responses`);
      }
    }
  }
  if (o.judge === 'model' && offline)
    out.push(`--judge model needs a model agent (openai:MODEL or anthropic:MODEL); '${o.agent}' is offline or a command agent`);
  return out;
}

/** Every reason the run cannot start, each naming its flag; empty when it can. */
export function runStartProblems(o: RunStartInput): string[] {
  const house = houseProblem(o.house);
  return [...(house ? [house] : []), ...agentProblems(o)];
}
