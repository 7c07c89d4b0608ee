/**
 * Token accounting per model request and per episode, with the columns of the paper's table: Input
 * (incl. cached), Cache, Output, Total, Image/Dec., Text/Dec. (k chars). Seed 003 App. D: an external
 * decision is one logical request to the acting agent (Visuomotor, or the native agent); Image/Dec.
 * and Text/Dec. count the inputs of EVERY request (internal Goal, Verify and Memory calls included)
 * but divide by external decisions only.
 */
import type { ModelRequest, Usage } from '../models/index.js';

export type DecisionRole = 'goal' | 'visuomotor' | 'verify' | 'memory' | 'native';

export interface DecisionRecord {
  episode: string;
  decision: number;
  role: DecisionRole;
  /** input tokens including cached ones */
  inputTokens: number;
  cachedTokens: number;
  outputTokens: number;
  images: number;
  textChars: number;
}

/** Images and text characters an agent receives in one request (system brief and every message). */
export function requestSize(req: ModelRequest): { images: number; textChars: number } {
  let images = 0,
    textChars = req.system.length;
  for (const m of req.messages) {
    if (m.role === 'assistant') {
      textChars += m.text.length + m.toolCalls.reduce((s, c) => s + c.name.length + c.rawArguments.length, 0);
      continue;
    }
    for (const p of m.content) {
      if (p.type === 'image') images++;
      else textChars += p.text.length;
    }
  }
  return { images, textChars };
}

export class DecisionLedger {
  readonly decisions: DecisionRecord[] = [];
  constructor(readonly episode: string) {}

  add(role: DecisionRole, req: ModelRequest, usage: Usage): DecisionRecord {
    const size = requestSize(req);
    const d: DecisionRecord = {
      episode: this.episode,
      decision: this.decisions.length + 1,
      role,
      inputTokens: usage.uncachedInput + usage.cachedInput,
      cachedTokens: usage.cachedInput,
      outputTokens: usage.output,
      ...size,
    };
    this.decisions.push(d);
    return d;
  }
}

/** The roles whose requests are external decisions (the denominators of Image/Dec. and Text/Dec.). */
export const EXTERNAL_DECISION_ROLES: readonly DecisionRole[] = ['visuomotor', 'native'];

export interface TokenSummary {
  /** every model request (internal agents included) */
  decisions: number;
  /** requests to the acting agent (Visuomotor or native) */
  externalDecisions: number;
  inputTokens: number;
  cachedTokens: number;
  outputTokens: number;
  totalTokens: number;
  imagesPerDecision: number;
  textKCharsPerDecision: number;
}

export function summariseTokens(ds: readonly DecisionRecord[]): TokenSummary {
  const sum = (f: (d: DecisionRecord) => number) => ds.reduce((s, d) => s + f(d), 0);
  const n = ds.filter((d) => EXTERNAL_DECISION_ROLES.includes(d.role)).length;
  const input = sum((d) => d.inputTokens),
    output = sum((d) => d.outputTokens);
  return {
    decisions: ds.length,
    externalDecisions: n,
    inputTokens: input,
    cachedTokens: sum((d) => d.cachedTokens),
    outputTokens: output,
    totalTokens: input + output,
    imagesPerDecision: n ? sum((d) => d.images) / n : 0,
    textKCharsPerDecision: n ? sum((d) => d.textChars) / n / 1000 : 0,
  };
}
