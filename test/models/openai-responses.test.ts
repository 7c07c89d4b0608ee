import { afterEach, describe, expect, it } from 'vitest';
import { OpenAIResponsesModel } from '../../src/models/index.js';
import { FIRST, GOAL_PNG, SECOND, SYSTEM, VIEW2_PNG, VIEW_PNG, request } from './conversation.js';
import { startMockServer, type MockServer } from './mock-server.js';
import { b64 } from './png.js';

function responseBody(output: unknown[], usage: { input: number; cached: number; output: number }) {
  return {
    id: 'resp_1',
    object: 'response',
    created_at: 1_700_000_000,
    status: 'completed',
    model: 'gpt-test',
    output,
    usage: {
      input_tokens: usage.input,
      input_tokens_details: { cached_tokens: usage.cached },
      output_tokens: usage.output,
      output_tokens_details: { reasoning_tokens: 0 },
      total_tokens: usage.input + usage.output,
    },
  };
}

describe('OpenAI Responses API through the real SDK', () => {
  let server: MockServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('sends images in user input and inside function_call_output; parses tool calls and cached usage', async () => {
    server = await startMockServer([
      {
        body: responseBody(
          [
            { type: 'reasoning', id: 'rs_0', summary: [] }, // no encrypted content: cannot be replayed, so dropped
            { type: 'reasoning', id: 'rs_1', summary: [], encrypted_content: 'opaque-blob' },
            { type: 'function_call', id: 'fc_1', call_id: 'call_obs', name: 'observe', arguments: '{}', status: 'completed' },
            { type: 'function_call', id: 'fc_2', call_id: 'call_step', name: 'step', arguments: '{"actions":["left","left"]}', status: 'completed' },
          ],
          { input: 1500, cached: 1024, output: 40 },
        ),
      },
      {
        body: responseBody(
          [
            {
              type: 'message',
              id: 'msg_1',
              role: 'assistant',
              status: 'completed',
              content: [{ type: 'output_text', text: 'The sofa is ahead.', annotations: [] }],
            },
          ],
          { input: 3000, cached: 2048, output: 12 },
        ),
      },
    ]);
    const model = new OpenAIResponsesModel({
      model: 'gpt-test',
      apiKey: 'k',
      baseURL: `${server.url}/v1`,
      maxRetries: 0,
      timeoutMs: 5000,
      reasoningEffort: 'low',
    });

    const r1 = await model.complete(request(FIRST));
    expect(r1.stopReason).toBe('tool_use');
    expect(r1.message.toolCalls).toEqual([
      { id: 'call_obs', name: 'observe', arguments: {}, rawArguments: '{}' },
      { id: 'call_step', name: 'step', arguments: { actions: ['left', 'left'] }, rawArguments: '{"actions":["left","left"]}' },
    ]);
    expect(r1.usage).toEqual({ uncachedInput: 476, cachedInput: 1024, output: 40 });
    expect(r1.message.opaque?.items.length).toBe(1);

    const req1 = server.requests[0];
    expect(req1.method).toBe('POST');
    expect(req1.url).toBe('/v1/responses');
    expect(req1.body.instructions).toBe(SYSTEM);
    expect(req1.body.include).toEqual(['reasoning.encrypted_content']);
    expect(req1.body.tools[0].parameters.$schema).toBeUndefined();
    expect(req1.body.tools[1]).toMatchObject({ type: 'function', name: 'step', parameters: { required: ['actions'] } });
    expect(req1.body.input[0].content[1]).toEqual({ type: 'input_image', image_url: `data:image/png;base64,${b64(GOAL_PNG)}`, detail: 'auto' });

    // Second turn: replay the model's items, then the tool outputs with their images inside.
    const second = [...SECOND];
    second[1] = { ...r1.message, text: 'Looking first.' };
    const r2 = await model.complete(request(second));
    expect(r2.message.text).toBe('The sofa is ahead.');
    expect(r2.stopReason).toBe('end_turn');
    expect(r2.usage).toEqual({ uncachedInput: 952, cachedInput: 2048, output: 12 });

    const input = server.requests[1].body.input as any[];
    expect(input.map((i) => i.type ?? i.role)).toEqual([
      'user',
      'reasoning',
      'assistant',
      'function_call',
      'function_call',
      'function_call_output',
      'function_call_output',
    ]);
    expect(input[1]).toMatchObject({ type: 'reasoning', encrypted_content: 'opaque-blob' });
    const outs = input.filter((i) => i.type === 'function_call_output');
    expect(outs[0]).toEqual({
      type: 'function_call_output',
      call_id: 'call_obs',
      output: [
        { type: 'input_text', text: 'tracking: ok' },
        { type: 'input_image', image_url: `data:image/png;base64,${b64(VIEW_PNG)}`, detail: 'auto' },
      ],
    });
    expect(outs[1].call_id).toBe('call_step');
    expect(outs[1].output[1].image_url).toBe(`data:image/png;base64,${b64(VIEW2_PNG)}`);
    // no image escapes into a separate user message in this API
    expect(input.filter((i) => i.role === 'user').length).toBe(1);
  });

  it('malformed tool-call JSON becomes undefined arguments, and HTTP errors reject', async () => {
    server = await startMockServer([
      {
        body: responseBody([{ type: 'function_call', id: 'fc', call_id: 'c1', name: 'step', arguments: '{"actions": [', status: 'completed' }], {
          input: 10,
          cached: 0,
          output: 5,
        }),
      },
      { status: 400, body: { error: { message: 'bad request', type: 'invalid_request_error' } } },
    ]);
    const model = new OpenAIResponsesModel({ model: 'gpt-test', apiKey: 'k', baseURL: `${server.url}/v1`, maxRetries: 0, timeoutMs: 5000 });
    const r = await model.complete(request(FIRST));
    expect(r.message.toolCalls[0]).toMatchObject({ name: 'step', arguments: undefined, rawArguments: '{"actions": [' });
    expect(server.requests[0].body.reasoning).toBeUndefined();
    await expect(model.complete(request(FIRST))).rejects.toThrow(/400/);
  });
});
