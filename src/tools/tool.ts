/**
 * A tool is data: a name, a description for the model, a zod schema for its arguments and a handler
 * (the OpenAI Agents SDK shape). Results are text plus PNG images. Handlers never see unparsed input:
 * `callTool` validates first and turns every failure — bad arguments, a refused action, an
 * unexpected exception — into a tool error the model can act on.
 */
import { z } from 'zod';
import type { StatedFacts } from '../models/index.js';
import type { ToolContext } from './context.js';

export type ToolContent = { type: 'text'; text: string } | { type: 'image'; png: Uint8Array };

export interface ToolResult {
  content: ToolContent[];
  isError?: boolean;
  /** the figures the text states, for a reader that must not parse prose (the message carries them) */
  facts?: StatedFacts;
}

export interface Tool<S extends z.ZodType = z.ZodType> {
  name: string;
  description: string;
  schema: S;
  run(args: z.infer<S>, ctx: ToolContext): Promise<ToolResult>;
}

export function defineTool<S extends z.ZodType>(t: Tool<S>): Tool<S> {
  return t;
}

export const textResult = (text: string, ...images: Uint8Array[]): ToolResult => ({
  content: [{ type: 'text', text }, ...images.map((png) => ({ type: 'image' as const, png }))],
});

/** A value the caller sent, quoted back in a message: at most `max` characters, the rest counted. */
export function echo(value: string, max = 60): string {
  return value.length <= max ? `'${value}'` : `'${value.slice(0, max)}…' (${value.length} characters)`;
}

export const toolError = (text: string): ToolResult => ({ content: [{ type: 'text', text }], isError: true });

export const withFacts = (result: ToolResult, facts: StatedFacts): ToolResult => ({ ...result, facts });

/** "actions[2]: Invalid option: expected one of …" lines, naming each offending argument. */
export function describeArgumentErrors(tool: string, err: z.ZodError): string {
  const lines = err.issues.map((i) => `- ${i.path.length ? i.path.map(String).join('.') : 'arguments'}: ${i.message}`);
  return `${tool}: invalid arguments\n${lines.join('\n')}`;
}
