/**
 * CLOSE: mark the place, write the handover (when a path is assigned) and close_task in one turn — a
 * model may call several tools at once, and none of the calls changes what the others should say.
 */
import type { ModelResponse } from '../../models/index.js';
import { calls } from './conversation.js';
import type { Ctx } from './context.js';

/** what one write stores (the workspace's WRITE_LIMIT_CHARS): a longer handover loses its last lines */
const HANDOVER_CHARS = 6_000;

/** `lines`: what the handover carries for the next task, in at most the characters given. */
export type HandoverLines = (budget: number) => string;

export function closeTask(c: Ctx, evidence: string | null, lines: HandoverLines = () => ''): ModelResponse {
  const claim = evidence ? 'complete' : 'incomplete';
  const path = c.turn.handoverPath();
  // the place where the task ends is named, so later tasks (and the maps) can refer to it
  // (under a name no place has yet: re-marking one would move it, and what earlier tasks noted near it)
  const name = c.nav.places.unusedName(`${claim === 'complete' ? 'found' : 'search end'} task ${c.task.key}`);
  const list: { name: string; args: Record<string, unknown> }[] = [{ name: 'mark', args: { name } }];
  if (path) list.push({ name: 'write_file', args: { path, content: handoverText(c, claim, evidence, lines) } });
  list.push({
    name: 'close_task',
    args: { claim, evidence: evidence ?? 'Every reachable part of this floor the map shows was looked at without seeing the goal.' },
  });
  return calls(c.turn.req, list);
}

export function handoverText(c: Ctx, claim: string, evidence: string | null, lines: HandoverLines = () => ''): string {
  const t = c.task;
  const places = c.nav.places.names().slice(-3);
  const head = [
    `Goal: ${c.goals.label()}.`,
    `Searched: ${t.areas} areas driven to${places.length ? `; places marked nearby: ${places.join(', ')}` : ''}.`,
    `Outcome: ${claim}.${evidence ? ` ${evidence}` : ''}`,
    t.rejected.length ? `${t.rejected.length} sighting(s) could not be reached or were rejected by the check.` : '',
    `Unsuccessful searches: ${claim === 'complete' ? 'none' : 'every reachable area of the floor'}.`,
  ]
    .filter(Boolean)
    .join('\n');
  const rest = lines(HANDOVER_CHARS - head.length - 1);
  return rest ? `${head}\n${rest}` : head;
}
