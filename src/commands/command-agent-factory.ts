/**
 * The hop runner of a command agent (`--agent command:…`), loaded only when one is asked for: it needs
 * the MCP SDK, an optional dependency that `eval` and the offline agents never load.
 */
import { type CommandLimits, type ExternalHops, isCommandAgent } from '../harness/index.js';

type Factory = (o: { commandLine: string; dir: string; limits: CommandLimits }) => ExternalHops & { close(): Promise<void> };

export async function commandAgentFactory(agent: string): Promise<Factory | undefined> {
  if (!isCommandAgent(agent)) return undefined;
  const { CommandAgent } = await import('../mcp/index.js');
  return (o) => new CommandAgent(o);
}
