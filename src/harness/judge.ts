/**
 * Closure checks. A judge sees only the evidence of a close request — goal, four stop views, earlier
 * frames chosen by S12, the map and a mechanical record — never the acting conversation or its
 * self-assessment. `ModelJudge` asks a model with no tools, prompting once more for the JSON alone
 * when the reply cannot be parsed and recording `unknown` after that.
 */
import type { BodyFrame } from '../body/index.js';
import { type ContentPart, type Message, type Model, type Usage, addUsage, image, text, ZERO_USAGE } from '../models/index.js';
import {
  earlierFrameLabel,
  judgeGoal,
  judgeSystem,
  judgeJsonReprompt,
  judgeRequest,
  MAP_LABEL,
  stopViewLabel,
  type MechanicalRecord,
} from '../prompts/index.js';
import type { JudgeVerdict } from '../memory/index.js';
import { providerMessage } from './model-call.js';
import { judgeStep, unresolvedVerdict } from './verdict-parse.js';
import type { AgentGoal } from '../tools/index.js';

export interface EarlierFrame {
  png: Uint8Array;
  /** position of the frame in the attempt's archive (for the label) */
  index: number;
}

export interface JudgeEvidence {
  goal: AgentGoal;
  /** the four views captured at the stop point, with instance ids when the body provides them */
  stopViews: BodyFrame[];
  stopPngs: Uint8Array[];
  earlier: EarlierFrame[];
  mapPng: Uint8Array | null;
  record: MechanicalRecord;
}

export interface JudgeResult {
  verdict: JudgeVerdict;
  usage: Usage;
  /** how the verdict was obtained */
  source: 'first-reply' | 'json-reprompt' | 'unresolved' | 'ground-truth-perception';
}

export interface Judge {
  readonly id: string;
  check(e: JudgeEvidence): Promise<JudgeResult>;
}

/**
 * The judge's request in the order its prompt states: goal photograph (image goals), the earlier
 * frames oldest first, the stop views (the latest frames), the map last.
 */
export function judgeContent(e: JudgeEvidence): ContentPart[] {
  const photo = e.goal.kind === 'image' && e.goal.image ? e.goal.image : null;
  const n = e.stopPngs.length;
  const parts: ContentPart[] = [text(judgeRequest(judgeGoal(e.goal.kind, e.goal.text), e.record, { stopViews: n, goalPhotograph: photo !== null }))];
  if (photo) parts.push(text('goal photograph'), image(photo));
  for (const f of e.earlier) parts.push(text(earlierFrameLabel(f.index)), image(f.png));
  e.stopPngs.forEach((png, i) => parts.push(text(stopViewLabel(i + 1, n)), image(png)));
  if (e.mapPng) parts.push(text(MAP_LABEL), image(e.mapPng));
  return parts;
}

export class ModelJudge implements Judge {
  constructor(readonly model: Model) {}

  get id(): string {
    return `model:${this.model.id}`;
  }

  async check(e: JudgeEvidence): Promise<JudgeResult> {
    const messages: Message[] = [{ role: 'user', content: judgeContent(e) }];
    const replies: string[] = [];
    let usage = { ...ZERO_USAGE };
    for (;;) {
      let res;
      try {
        res = await this.model.complete({ system: judgeSystem(e.stopPngs.length), messages, tools: [] });
      } catch (err) {
        // a provider error (after the SDK's own retries) is a check that could not be made: unknown
        // (paper 001 §3.4), which never blocks a stop, instead of an error that ends the run
        return { verdict: unresolvedVerdict(`the judge model call failed (${providerMessage(err)})`), usage, source: 'unresolved' };
      }
      usage = addUsage(usage, res.usage);
      messages.push(res.message);
      replies.push(res.message.text);
      const step = judgeStep(replies);
      if (step.kind === 'verdict') return { verdict: step.verdict, usage, source: step.source };
      if (step.kind === 'unresolved') return { verdict: step.verdict, usage, source: 'unresolved' };
      messages.push({ role: 'user', content: [text(judgeJsonReprompt(step.error))] });
    }
  }
}
