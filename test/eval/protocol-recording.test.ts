/**
 * Issue #17's "must show", end to end through the project's chat backend (`openai-chat:MODEL@URL`)
 * against a recording OpenAI-compatible server on 127.0.0.1: what whole runs send to a provider.
 *  - VLN (goal and native configurations): no pose number in any request; the Visuomotor Agent's
 *    requests offer request_verification and request_corrective_goal (issue 37, seed 003).
 *  - GOAT under `--policy independent`: no get_map / mark / preview_path (nor recovery or file tools)
 *    offered, no ledger, handover or house-note reading; metrics.json carries success_definition,
 *    token_source, peak_prompt_tokens_mean, navigation_cost and auxiliary_cost; an image goal's
 *    opening carries the photograph.
 *  - GOAT under `--policy single`: the window is 1,000,000 tokens (issue 37).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runSequence } from '../../src/eval/run-sequence.js';
import { runVln } from '../../src/eval/vln-run.js';
import { createModel } from '../../src/models/factory.js';
import { smallEpisodes } from '../vln/helpers.js';
import { chatText, startRecordingChatServer, type ChatBody, type ChatReply } from '../models/recording-chat-server.js';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** Every text of a request: messages, tool-call arguments, tool definitions. */
const requestText = (b: ChatBody): string =>
  [...b.messages.map((m) => `${chatText(m.content)} ${JSON.stringify(m.tool_calls ?? [])}`), JSON.stringify(b.tools ?? [])].join('\n');
const toolNames = (b: ChatBody): string[] => (b.tools ?? []).map((t) => t.function.name);
const system = (b: ChatBody): string => chatText(b.messages.find((m) => m.role === 'system')?.content);
const isVisuomotor = (b: ChatBody): boolean => system(b).includes('Before moving, read the active goal');
const calls = (b: ChatBody): number => b.messages.filter((m) => m.role === 'assistant' && (m.tool_calls?.length ?? 0) > 0).length;

/** Whether a message's parts hold an image right after the text part `label`. */
function imageAfter(content: unknown, label: string): boolean {
  const parts = Array.isArray(content) ? (content as { type: string; text?: string; image_url?: { url: string } }[]) : [];
  return parts.some(
    (p, i) => p.type === 'text' && p.text === label && parts[i + 1]?.type === 'image_url' && /^data:image\/png;base64,/.test(parts[i + 1].image_url?.url ?? ''),
  );
}

/** A provider that walks a little, then stops (VLN) — enough to exercise every agent of both configurations. */
function vlnResponder(b: ChatBody): ChatReply {
  const s = system(b);
  if (s.includes('Generate only the next goal'))
    return { content: JSON.stringify({ goal: 'walk to the doorway ahead', question: 'Is the doorway right ahead?', final: true }) };
  if (s.includes('Answer the verification question'))
    return { content: JSON.stringify({ evidence: 'a doorway fills the view', status: 'complete', next_step: 'stop' }) };
  if (s.includes('Combine the previous memory')) return { content: 'Walked to the doorway.' };
  // Visuomotor (a fresh request per decision, executions in its records) or native (one growing
  // conversation): move twice, then stop
  const moved = calls(b) + (requestText(b).match(/Executed \d+ of/g)?.length ?? 0);
  if (moved >= 2) return { call: { name: 'stop', args: { reason: 'at the doorway' } } };
  const walk = { name: 'step', args: { actions: ['forward', 'left', 'forward'] } };
  // the Visuomotor Agent submits each interaction for verification (seed 003, C.4)
  return isVisuomotor(b) ? { calls: [walk, { name: 'request_verification', args: {} }] } : { call: walk };
}

/** A provider for GOAT tasks: two steps then a close; the judge gets a verdict. */
function goatResponder(b: ChatBody): ChatReply {
  if (!b.tools?.length)
    return { content: JSON.stringify({ verdict: 'incomplete', evidence: 'no goal object in the stop views', searched_places: ['start'], confidence: 0.7 }) };
  return calls(b) < 2
    ? { call: { name: 'step', args: { actions: ['left', 'forward', 'forward'] } } }
    : { call: { name: 'close_task', args: { claim: 'incomplete', evidence: 'the goal is not in view' } } };
}

describe('what whole runs send to an OpenAI-compatible provider (recording server on 127.0.0.1)', () => {
  it('VLN, goal compression and native: no pose number in any request; the Visuomotor Agent is offered its verification and corrective-goal requests, the native agent step and stop', async () => {
    const server = await startRecordingChatServer(vlnResponder);
    try {
      const episodes = await smallEpisodes(1, 11);
      for (const config of ['goal', 'native'] as const) {
        const run = await runVln(episodes, {
          config,
          agent: { kind: 'model', model: createModel(`openai-chat:recorder@${server.url}`) },
          budget: 20,
          maxDecisions: 12,
        });
        expect(run.metrics.episodes).toBe(1);
      }
      expect(server.requests.length).toBeGreaterThan(6);
      const executions = server.requests.flatMap((b) => b.messages.map((m) => chatText(m.content))).filter((t) => t.includes('Executed'));
      expect(executions.length).toBeGreaterThan(0);
      for (const b of server.requests) {
        const all = requestText(b);
        expect(all).not.toMatch(/estimated position|position estimate|heading -?\d|\b[xz]=-?\d|floor -?\d|floor unknown/i);
        if (isVisuomotor(b)) expect(toolNames(b)).toEqual(['step', 'stop', 'request_verification', 'request_corrective_goal']);
        else expect(toolNames(b).every((n) => n === 'step' || n === 'stop')).toBe(true);
      }
      // the verification the Visuomotor Agent requested was asked and answered 'complete': the goal advanced, memory compressed
      const systems = server.requests.map(system);
      expect(systems.filter((t) => t.includes('Before moving, read the active goal')).length).toBeGreaterThan(0);
      expect(systems.some((t) => t.includes('Answer the verification question'))).toBe(true);
      expect(systems.some((t) => t.includes('Combine the previous memory'))).toBe(true);
    } finally {
      await server.close();
    }
  }, 240_000);

  it('GOAT under --policy independent: no map, marker, path, recovery or file tools, no records to read; metrics carry the protocol fields', async () => {
    const server = await startRecordingChatServer(goatResponder);
    const out = mkdtempSync(join(tmpdir(), 'proto-independent-'));
    dirs.push(out);
    try {
      const r = await runSequence({
        house: 'seed:2',
        agent: `openai-chat:recorder@${server.url}`,
        out,
        judge: 'model',
        maxGoals: 2,
        harness: { policy: 'independent', poseSource: 'ground-truth', stepBudget: 30, turnBudget: 8 },
        prices: { uncachedInput: 1.25, cachedInput: 0.125, output: 10 },
      });
      expect(r.metrics.tasks).toBe(2);
      const actor = server.requests.filter((b) => (b.tools?.length ?? 0) > 0);
      const judge = server.requests.filter((b) => !b.tools?.length);
      expect(actor.length).toBeGreaterThanOrEqual(6);
      expect(judge.length).toBeGreaterThan(0);
      for (const b of actor) {
        const names = toolNames(b);
        expect(names).toEqual(expect.arrayContaining(['observe', 'step', 'get_goal', 'close_task']));
        for (const withheld of ['get_map', 'mark', 'preview_path', 'request_recovery', 'read_file', 'list_files', 'write_file'])
          expect(names).not.toContain(withheld);
        const all = requestText(b);
        expect(all).not.toMatch(/ledger|handover|house notes|house\/|persists/i);
      }
      // each task opens a fresh conversation (system + opening) ...
      const openings = actor.filter((b) => b.messages.length === 2);
      expect(openings.length).toBe(2);
      // ... and task 2 of seed:2 is an image goal: its opening carries the goal photograph itself
      expect(imageAfter(openings[1].messages[1].content, 'goal photograph')).toBe(true);
      expect(imageAfter(openings[0].messages[1].content, 'goal photograph')).toBe(false);
      // ... while the body starts task 2 where task 1 ended
      const ended = JSON.parse(readFileSync(join(out, 'eval/pose-after-task-001.json'), 'utf8')).position as number[];
      const path2 = JSON.parse(readFileSync(join(out, 'eval/trajectory-task-002.json'), 'utf8')).points as number[][];
      expect(Math.hypot(path2[0][0] - ended[0], path2[0][2] - ended[2])).toBeLessThan(1e-6);
      const m = JSON.parse(readFileSync(join(out, 'metrics.json'), 'utf8'));
      expect(m.success_definition).toBe('papers-1m');
      expect(m.token_source).toBe('provider');
      expect(m.peak_prompt_tokens_mean).toBeGreaterThan(0);
      expect(m.navigation_cost).toBeGreaterThan(0);
      expect(m.auxiliary_cost).toBeGreaterThan(0);
      expect(m.judge_stop_views).toBe(4);
      // C_K prices only the navigation input: the judge's requests are beside it
      expect(m.navigation_cost).toBeCloseTo((m.navigation_tokens.uncachedInput * 1.25 + m.navigation_tokens.cachedInput * 0.125) / 1e6, 9);
    } finally {
      await server.close();
    }
  }, 300_000);
  it("GOAT under --policy single: the window is 1,000,000 tokens (no compaction at 300k-token prompts, as at a 200k window), and the image goal's task message carries the photograph", async () => {
    const COMPACT = 'The conversation is about to exceed the context window';
    const runSingle = async (contextWindow: number | undefined) => {
      // every request is reported as a 300,000-token prompt: over the old 200k default, under 1M
      const server = await startRecordingChatServer(
        (b) => (chatText(b.messages[b.messages.length - 1]?.content).includes(COMPACT) ? { content: 'Summary: searched the start room.' } : goatResponder(b)),
        600_000,
        () => 300_000,
      );
      const out = mkdtempSync(join(tmpdir(), 'proto-single-'));
      dirs.push(out);
      try {
        const harness = {
          policy: 'single' as const,
          poseSource: 'ground-truth' as const,
          stepBudget: 30,
          turnBudget: 8,
          ...(contextWindow ? { contextWindow } : {}),
        };
        const r = await runSequence({ house: 'seed:2', agent: `openai-chat:recorder@${server.url}`, out, judge: 'ground-truth', maxGoals: 2, harness });
        expect(r.metrics.tasks).toBe(2);
        const m = JSON.parse(readFileSync(join(out, 'metrics.json'), 'utf8'));
        return { requests: [...server.requests], settings: m.settings };
      } finally {
        await server.close();
      }
    };
    const byDefault = await runSingle(undefined);
    expect(byDefault.settings.context_window).toBe(1_000_000);
    const compactions = (rs: ChatBody[]) => rs.filter((b) => chatText(b.messages[b.messages.length - 1]?.content).includes(COMPACT)).length;
    expect(compactions(byDefault.requests)).toBe(0);
    // one conversation: the last request still holds task 1's opening, and task 2's message carries the photograph
    const last = byDefault.requests[byDefault.requests.length - 1];
    expect(last.messages.filter((m) => m.role === 'system').length).toBe(1);
    const task2 = last.messages.find((m) => m.role === 'user' && /The previous task is closed/.test(chatText(m.content)));
    expect(task2).toBeDefined();
    expect(imageAfter(task2!.content, 'goal photograph')).toBe(true);
    // the same prompts under a 200k window are compacted: the default is what keeps them
    const small = await runSingle(200_000);
    expect(small.settings.context_window).toBe(200_000);
    expect(compactions(small.requests)).toBeGreaterThan(0);
  }, 300_000);
});
