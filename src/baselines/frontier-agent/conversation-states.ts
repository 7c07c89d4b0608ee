/**
 * The states that read the conversation before the robot moves: file-only hops (recovery note,
 * missing handover), sessions without navigation, the answer to a close request, a close in
 * progress, and asking for the goal.
 */
import { finish, handoverText, recoveryNote } from './close.js';
import { call, lastCallWas, lastResultOf, say, type AgentContext, type Reply, type StateResult, type Turn } from './context.js';

const RECOVERY_RE = /(tasks\/[\w.-]+\/recovery-\d+\.json)/;

/** A file-only hop that asks for the recovery note. */
export function writeRecoveryNote(a: AgentContext, turn: Turn): Reply | null {
  const recovery = turn.prompt.match(RECOVERY_RE);
  if (!recovery || !turn.tools.has('write_file') || turn.tools.has('step')) return null;
  if (lastCallWas(turn.messages, 'write_file')) return say('Recovery note written.');
  return call('write_file', { path: recovery[1], content: JSON.stringify(recoveryNote(a, turn.task)) });
}

/** A session the agent cannot act in: it only navigates. */
export function idle(_a: AgentContext, turn: Turn): Reply | null {
  return turn.tools.has('step') ? null : say('I can only navigate; nothing to do in this session.');
}

/** The orchestrator found the handover missing: write it. */
export function writeMissingHandover(a: AgentContext, turn: Turn): Reply | null {
  if (!(/handover/i.test(turn.prompt) && /does not exist|is missing|not (been )?written/i.test(turn.prompt) && turn.handover)) return null;
  if (lastCallWas(turn.messages, 'write_file')) return say('Handover written.');
  return call('write_file', { path: turn.handover, content: handoverText(a, turn.task, 'closed') });
}

/**
 * After a close request: when it came back with contrary evidence that sighting does not count and
 * the search goes on (state reset, no answer); otherwise the agent yields.
 */
export function afterCloseRequest(a: AgentContext, turn: Turn): Reply | null {
  if (!lastCallWas(turn.messages, 'close_task')) return null;
  if (turn.last?.role !== 'user') return say('Close requested; yielding.');
  const t = turn.task;
  const nav = a.oracle.navigator.planar();
  if (nav) t.rejected.push({ x: nav.x, z: nav.z });
  t.target = null;
  t.approaching = false;
  t.handoverWritten = false;
  t.closing = null;
  t.matched = null;
  return null;
}

/** A close in progress runs to its end. */
export function closing(a: AgentContext, turn: Turn): Reply | null {
  return turn.task.closing ? finish(a, turn, turn.task.closing.evidence) : null;
}

/** With an appearance matcher, ask for the goal first: a photograph is matched by appearance. */
export async function getGoal(a: AgentContext, turn: Turn): Promise<Reply | null> {
  const t = turn.task;
  if (t.perception !== 'pending') return null;
  const got = lastResultOf(turn.messages, 'get_goal');
  if (!got) return call('get_goal', {});
  const photo = got.isError ? undefined : got.content.find((p) => p.type === 'image');
  if (photo && photo.type === 'image') {
    await a.imageGoals!.setGoalPng(photo.png);
    t.perception = 'image';
  } else {
    t.perception = 'ids';
  }
  return null;
}

export type ConversationState = (a: AgentContext, turn: Turn) => StateResult;
