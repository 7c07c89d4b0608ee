/**
 * An offline stand-in for the consolidation model, for runs without a model service. It plays the
 * consolidation session through the file tools like a model would — reads the ledger and the
 * handovers it lists, then writes the four house notes — but its prose only restates the journal:
 * certified outcomes in one section, the sessions' own accounts (handovers) quoted as accounts.
 * It adds no navigation skill (it cannot tell which routes the journal supports).
 */
import { MockModel, type ScriptedStep, type Message, type ModelRequest, textOf } from '../models/index.js';
import { HOUSE_NOTES } from '../prompts/index.js';

function toolTexts(messages: readonly Message[]): Map<string, string> {
  const byCall = new Map<string, string>();
  const args = new Map<string, string>();
  for (const m of messages) {
    if (m.role === 'assistant') for (const c of m.toolCalls) if (c.name === 'read_file') args.set(c.id, String((c.arguments as { path?: string })?.path ?? ''));
    if (m.role === 'tool' && args.has(m.callId) && !m.isError) byCall.set(args.get(m.callId) as string, textOf(m.content));
  }
  return byCall;
}

function listedFiles(opening: string): string[] {
  const read = opening.split('Then write:')[0];
  return [...read.matchAll(/^- (\S+)$/gm)].map((m) => m[1]);
}

function notes(files: Map<string, string>): Record<keyof typeof HOUSE_NOTES, string> {
  const ledger = files.get('ledger.md') ?? '';
  const lines = ledger.split('\n').filter((l) => l.startsWith('- task-'));
  const certified = lines.filter((l) => / · certified (complete|incomplete) · /.test(l));
  const other = lines.filter((l) => !certified.includes(l));
  const handovers = [...files.entries()].filter(([p]) => p.endsWith('/handover.md'));
  const places = new Set<string>();
  for (const l of lines) {
    const last = l.split(' · ').pop() ?? '-';
    if (last !== '-') for (const p of last.split(', ')) places.add(p.trim());
  }
  const previous = (k: keyof typeof HOUSE_NOTES) => files.get(HOUSE_NOTES[k]) ?? '';
  return {
    index: `# House notes: index\n\n- ${HOUSE_NOTES.overview}: what the run records establish about the house\n- ${HOUSE_NOTES.rooms}: named places and the tasks that used them\n- ${HOUSE_NOTES.skills}: navigation skills supported by the journal\n- Run records: ledger.md and tasks/<task>/handover.md\n\nWritten by the offline record consolidator (restates the journal; adds no interpretation).\n`,
    overview: `# House overview\n\n## Certified outcomes\n${certified.length ? certified.join('\n') : '- none this run'}\n\n## Unchecked (claimed, unknown, stop)\n${other.length ? other.join('\n') : '- none'}\n\n## Sessions' own accounts (not verified)\n${handovers.map(([p, t]) => `### ${p}\n${t.trim().slice(0, 600)}`).join('\n\n') || '- no handovers'}\n`.slice(0, 5900),
    rooms: `# Room notes\n\nNamed places used this run (names are the sessions' claims): ${[...places].join(', ') || 'none'}.\n${previous('rooms') && !previous('rooms').includes('offline record consolidator') ? `\n## Earlier notes\n${previous('rooms').slice(0, 3000)}\n` : ''}`,
    skills: `# Navigation skills\n\nNo skill is recorded: the offline consolidator cannot establish from the journal which routes or practices worked.\n`,
  };
}

export function offlineConsolidator(): MockModel {
  return new MockModel((req: ModelRequest, turn: number): ScriptedStep => {
    const opening = req.messages[0]?.role === 'user' ? textOf(req.messages[0].content) : '';
    const wanted = listedFiles(opening);
    const have = toolTexts(req.messages);
    const unread = wanted.filter((p) => !have.has(p) && !Object.values(HOUSE_NOTES).includes(p as never));
    const unreadNotes = wanted.filter((p) => !have.has(p) && Object.values(HOUSE_NOTES).includes(p as never));
    const pending = [...unread, ...unreadNotes];
    if (pending.length && turn === 0) return { toolCalls: pending.map((path) => ({ name: 'read_file', arguments: { path } })) };
    const written = req.messages.some((m) => m.role === 'assistant' && m.toolCalls.some((c) => c.name === 'write_file'));
    if (written) return { text: 'House notes rewritten.' };
    const n = notes(have);
    return {
      toolCalls: (Object.keys(HOUSE_NOTES) as (keyof typeof HOUSE_NOTES)[]).map((k) => ({ name: 'write_file', arguments: { path: HOUSE_NOTES[k], content: n[k] } })),
    };
  }, 'offline-consolidator');
}
