/**
 * Offline models. `ScriptedModel` replays a given list of responses in order (validated with zod,
 * loadable from JSON); `MockModel` answers through a function. Both record every request so tests can
 * inspect what a session sent, and both report a deterministic usage estimate so that token
 * accounting runs offline too.
 */
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { textOf, type Model, type ModelRequest, type ModelResponse, type ToolCall, type Usage } from './types.js';

export const ScriptedStepSchema = z.object({
  text: z.string().default(''),
  toolCalls: z
    .array(
      z.object({
        name: z.string().min(1),
        arguments: z.record(z.string(), z.unknown()).default({}),
        id: z.string().min(1).optional(),
      }),
    )
    .default([]),
  usage: z
    .object({ uncachedInput: z.number().int().nonnegative(), cachedInput: z.number().int().nonnegative(), output: z.number().int().nonnegative() })
    .optional(),
});
export type ScriptedStep = z.input<typeof ScriptedStepSchema>;
export const ScriptSchema = z.array(ScriptedStepSchema);

/** Rough token estimate (4 characters per token, a fixed cost per image); deterministic by design. */
export const IMAGE_TOKEN_ESTIMATE = 765;
export function estimateUsage(req: ModelRequest, outputText: string): Usage {
  let chars = req.system.length + JSON.stringify(req.tools).length;
  let images = 0;
  for (const m of req.messages) {
    if (m.role === 'assistant') chars += m.text.length + m.toolCalls.reduce((s, c) => s + c.rawArguments.length + c.name.length, 0);
    else {
      chars += textOf(m.content).length;
      images += m.content.filter((p) => p.type === 'image').length;
    }
  }
  return { uncachedInput: Math.ceil(chars / 4) + images * IMAGE_TOKEN_ESTIMATE, cachedInput: 0, output: Math.ceil(outputText.length / 4) };
}

export class ScriptExhaustedError extends Error {
  constructor(n: number) {
    super(`the scripted model has replayed all ${n} of its responses; the session asked for one more`);
  }
}

function toResponse(step: z.output<typeof ScriptedStepSchema>, req: ModelRequest, turn: number): ModelResponse {
  const toolCalls: ToolCall[] = step.toolCalls.map((c, i) => {
    const raw = JSON.stringify(c.arguments);
    return { id: c.id ?? `call_${turn}_${i}`, name: c.name, arguments: JSON.parse(raw), rawArguments: raw };
  });
  const out = step.text + toolCalls.map((c) => c.rawArguments).join('');
  return {
    message: { role: 'assistant', text: step.text, toolCalls },
    usage: step.usage ?? estimateUsage(req, out),
    stopReason: toolCalls.length ? 'tool_use' : 'end_turn',
  };
}

export class ScriptedModel implements Model {
  readonly id = 'scripted';
  readonly requests: ModelRequest[] = [];
  private readonly steps: z.output<typeof ScriptedStepSchema>[];
  private next = 0;

  constructor(steps: readonly ScriptedStep[]) {
    const r = ScriptSchema.safeParse(steps);
    if (!r.success) {
      throw new Error(`invalid script: ${r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
    }
    this.steps = r.data;
  }

  static fromFile(path: string): ScriptedModel {
    let data: unknown;
    try {
      data = JSON.parse(readFileSync(path, 'utf8'));
    } catch (err) {
      throw new Error(`cannot read script '${path}': ${(err as Error).message}`);
    }
    return new ScriptedModel(data as ScriptedStep[]);
  }

  get remaining(): number {
    return this.steps.length - this.next;
  }

  async complete(req: ModelRequest): Promise<ModelResponse> {
    this.requests.push(req);
    if (this.next >= this.steps.length) throw new ScriptExhaustedError(this.steps.length);
    const turn = this.next++;
    return toResponse(this.steps[turn], req, turn);
  }
}

export type MockResponder = (req: ModelRequest, turn: number) => ScriptedStep;

/** A model that answers through a function; by default it acknowledges the last user text. */
export class MockModel implements Model {
  readonly requests: ModelRequest[] = [];
  private turn = 0;

  constructor(
    private readonly respond: MockResponder = (req) => {
      const last = [...req.messages].reverse().find((m) => m.role === 'user');
      const said = last && last.role === 'user' ? textOf(last.content).slice(0, 80) : '';
      return { text: `mock reply to: ${said}` };
    },
    readonly id = 'mock',
  ) {}

  async complete(req: ModelRequest): Promise<ModelResponse> {
    this.requests.push(req);
    const turn = this.turn++;
    const step = ScriptedStepSchema.parse(this.respond(req, turn));
    return toResponse(step, req, turn);
  }
}
