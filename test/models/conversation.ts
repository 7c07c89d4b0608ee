import { image, text, user, type Message, type ModelRequest, type ToolDefinition } from '../../src/models/index.js';
import { tinyPng } from './png.js';

export const SYSTEM = 'You control a robot in a house. Alternate looking and moving.';
export const TOOLS: ToolDefinition[] = [
  {
    name: 'observe',
    description: 'Return the forward camera image.',
    parameters: { $schema: 'https://json-schema.org/draft/2020-12/schema', type: 'object', properties: {}, additionalProperties: false },
  },
  {
    name: 'step',
    description: 'Execute 1-12 coarse actions.',
    parameters: {
      type: 'object',
      properties: { actions: { type: 'array', items: { type: 'string', enum: ['forward', 'left', 'right'] }, minItems: 1, maxItems: 12 } },
      required: ['actions'],
      additionalProperties: false,
    },
  },
];
export const GOAL_PNG = tinyPng(1);
export const VIEW_PNG = tinyPng(2);
export const VIEW2_PNG = tinyPng(3);

export const FIRST: Message[] = [user(text('Goal: find the sofa. Read ledger.md first.'), image(GOAL_PNG))];

/** The conversation after the model called observe and step, and the tools answered with images. */
export const SECOND: Message[] = [
  ...FIRST,
  {
    role: 'assistant',
    text: 'Looking first.',
    toolCalls: [
      { id: 'call_obs', name: 'observe', arguments: {}, rawArguments: '{}' },
      { id: 'call_step', name: 'step', arguments: { actions: ['left', 'left'] }, rawArguments: '{"actions":["left","left"]}' },
    ],
  },
  { role: 'tool', callId: 'call_obs', name: 'observe', content: [text('tracking: ok'), image(VIEW_PNG)] },
  { role: 'tool', callId: 'call_step', name: 'step', content: [text('executed 2 of 2 actions'), image(VIEW2_PNG)] },
];

export const request = (messages: Message[]): ModelRequest => ({ system: SYSTEM, tools: TOOLS, messages });
