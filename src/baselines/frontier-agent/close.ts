/**
 * The closing states of the scripted agent — mark the spot, write the handover, request the close —
 * and the notes it writes (handover, recovery note).
 */
import { call, lastCallWas, type AgentContext, type Reply, type Turn } from './context.js';
import type { TaskState } from './task-state.js';

/**
 * Closes the task with `evidence` (null: the search ended without a sighting). Once closing has
 * begun (mark, handover, close_task over several turns) it runs to the end with its first evidence.
 */
export function finish(a: AgentContext, turn: Turn, evidence: string | null): Reply {
  const t = turn.task;
  t.closing ??= { evidence };
  evidence = t.closing.evidence;
  const claim = evidence ? 'complete' : 'incomplete';
  if (!lastCallWas(turn.messages, 'mark') && !lastCallWas(turn.messages, 'write_file') && !lastCallWas(turn.messages, 'close_task')) {
    t.marks++;
    return call('mark', { name: a.oracle.navigator.places.unusedName(`${claim === 'complete' ? 'found' : 'search end'} ${a.calls}`) });
  }
  if (turn.handover && !t.handoverWritten) {
    t.handoverWritten = true;
    return call('write_file', { path: turn.handover, content: handoverText(a, t, claim, evidence) });
  }
  return call('close_task', {
    claim,
    evidence: evidence ?? 'Every reachable unexplored area on this floor was searched without seeing the goal.',
  });
}

/**
 * The goal as the agent may name it in what it writes. With ground-truth perception the oracle's
 * label is the goal as given (category or description); an image goal recognised by the encoder was
 * given only as a photograph, so its true category — the oracle's label — must not appear.
 */
export function goalName(a: AgentContext, t: TaskState): string {
  if (t.perception === 'ids') return a.oracle.goalLabel();
  return t.perception === 'image' ? 'the object in the goal photograph' : 'the goal of this task';
}

export function handoverText(a: AgentContext, t: TaskState, claim: string, evidence?: string | null): string {
  const places = a.oracle.navigator.places.names().slice(-3);
  return [
    `Goal: ${goalName(a, t)}.`,
    `Visited: ${t.searched.length} frontier areas${places.length ? `; places marked: ${places.join(', ')}` : ''}.`,
    `Outcome: ${claim}.${evidence ? ` ${evidence}` : ''}`,
    t.rejected.length ? `A first sighting was rejected by the check; searched on.` : '',
    `Unsuccessful searches: ${claim === 'complete' ? 'none' : 'all reachable frontiers'}.`,
  ].filter(Boolean).join('\n');
}

export function recoveryNote(a: AgentContext, t: TaskState) {
  const places = a.oracle.navigator.places.names();
  return {
    searched_places: places.slice(-5),
    exclusions: [],
    last_reliable_anchor: places[places.length - 1] ?? 'start of the task',
    untried_options: ['unexplored frontiers of the current floor'],
    uncertainties: [`${t.stuck} blocked moves toward the last target`],
    suggested_scope: 'attempt',
  };
}
