/** One small instruction episode and its world, shared by the loop tests. */
import { generateDataset } from '../../src/sim/episodes/dataset.js';
import type { InstructionEpisode } from '../../src/sim/episodes/schema.js';
import { textOf, type Model, type ModelRequest, type ModelResponse } from '../../src/models/index.js';

export async function smallEpisodes(n = 1, seed = 3): Promise<InstructionEpisode[]> {
  const ds = await generateDataset({ kind: 'instruction', houses: 1, perHouse: n, seed });
  return ds.episodes as InstructionEpisode[];
}

/** Wraps a model and keeps every request it was sent. */
export class RecordingModel implements Model {
  readonly requests: ModelRequest[] = [];
  constructor(private readonly inner: Model) {}
  get id() {
    return this.inner.id;
  }
  complete(req: ModelRequest): Promise<ModelResponse> {
    this.requests.push({ ...req, messages: req.messages.map((m) => ({ ...m })) });
    return this.inner.complete(req);
  }
}

/** Every text an agent received in a request: system brief, messages, tool results, tool schemas. */
export function serialisedText(req: ModelRequest): string {
  const parts = [req.system, JSON.stringify(req.tools)];
  for (const m of req.messages) parts.push(m.role === 'assistant' ? `${m.text} ${m.toolCalls.map((c) => c.rawArguments).join(' ')}` : textOf(m.content));
  return parts.join('\n');
}

export const roleOf = (req: ModelRequest): string => {
  const s = req.system;
  if (s.includes('Generate only the next goal')) return 'goal';
  if (s.includes('Answer the verification question')) return 'verify';
  if (s.includes('Combine the previous memory')) return 'memory';
  if (s.includes('Before moving, read the active goal')) return 'visuomotor';
  return 'native';
};
