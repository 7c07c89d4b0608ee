/**
 * What the MCP layer costs. One tool call (observe: a render, pose, map update and a 320×240 PNG)
 * direct through `Episode.call`, through the MCP protocol in-process (in-memory transport: JSON-RPC,
 * base64 images, SDK validation), and over stdio to a spawned `navharness mcp`; plus how long an agent
 * waits for the stdio handshake and for its first observation after spawning the server.
 */
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { createMcpServer, Episode } from '../src/mcp/index.js';
import type { BenchOptions, BenchResult } from './run.js';
import { median, medians } from './stats.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const HOUSE = { kind: 'procedural', seed: 7 } as const;
const BUDGET = 100_000;

async function spawnClient(): Promise<{ client: Client; handshakeMs: number; t0: number }> {
  const t0 = performance.now();
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: ['--import', 'tsx', 'src/cli.ts', 'mcp', '--house', 'seed:7', '--steps', String(BUDGET)],
    cwd: ROOT,
    stderr: 'ignore',
  });
  const client = new Client({ name: 'navharness-bench', version: '0.0.0' });
  await client.connect(transport);
  return { client, handshakeMs: performance.now() - t0, t0 };
}

export async function run(opts: BenchOptions): Promise<BenchResult> {
  const time = opts.quick ? 300 : 1000;
  opts.log('opening the episode in-process');
  const episode = await Episode.open({ house: HOUSE, poseSource: 'ground-truth', steps: BUDGET, sequence: 0, task: 0 });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const server = createMcpServer(episode, { house: HOUSE, task: 0, steps: BUDGET });
  await server.connect(serverSide);
  const memClient = new Client({ name: 'navharness-bench', version: '0.0.0' });
  await memClient.connect(clientSide);

  const spawns = opts.quick ? 1 : 3;
  const handshakes: number[] = [];
  const firstObserve: number[] = [];
  let stdio: Client | null = null;
  for (let i = 0; i < spawns; i++) {
    opts.log(`spawning navharness mcp (${i + 1}/${spawns})`);
    const s = await spawnClient();
    handshakes.push(s.handshakeMs);
    await s.client.callTool({ name: 'observe' });
    firstObserve.push(performance.now() - s.t0);
    if (i === spawns - 1) stdio = s.client;
    else await s.client.close();
  }

  opts.log('timing observe calls');
  const m = await medians(
    {
      observe_direct: () => episode.call('observe', {}),
      observe_mcp_memory: () => memClient.callTool({ name: 'observe' }),
      observe_mcp_stdio: () => stdio!.callTool({ name: 'observe' }),
    },
    { time },
  );
  await stdio!.close();
  await memClient.close();
  await episode.close();

  const summary = {
    median_ms_observe_direct: +m.observe_direct.toFixed(2),
    median_ms_observe_mcp_memory: +m.observe_mcp_memory.toFixed(2),
    median_ms_observe_mcp_stdio: +m.observe_mcp_stdio.toFixed(2),
    mcp_stdio_over_direct: +(m.observe_mcp_stdio / m.observe_direct).toFixed(2),
    median_ms_stdio_handshake: Math.round(median(handshakes)),
    median_ms_stdio_first_observe: Math.round(median(firstObserve)),
    spawns,
  };
  return {
    table: [
      { path: 'direct (Episode.call)', median_ms: summary.median_ms_observe_direct },
      { path: 'MCP, in-memory transport', median_ms: summary.median_ms_observe_mcp_memory },
      { path: 'MCP, stdio to a spawned server', median_ms: summary.median_ms_observe_mcp_stdio },
      { path: 'stdio handshake after spawn', median_ms: summary.median_ms_stdio_handshake },
      { path: 'first observe after spawn', median_ms: summary.median_ms_stdio_first_observe },
    ],
    summary,
  };
}
