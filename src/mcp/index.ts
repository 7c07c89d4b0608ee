/** The public surface of src/mcp/: what the layers above it use. */
export { toMcpResult } from './content.js';
export { Episode } from './episode.js';
export { serveHttp } from './http.js';
export { BearerTokenSchema } from './http-guard.js';
export { createMcpServer, serveStdio } from './server.js';
export { CommandAgent } from './command-agent.js';
