export { Episode, EpisodeOptionsSchema, type EpisodeBrief, type EpisodeInfo, type EpisodeOptions } from './episode.js';
export { toMcpResult } from './content.js';
export { createMcpServer, episodeInstructions, serveStdio, SERVER_NAME } from './server.js';
export { serveHttp, LOOPBACK, MCP_PATH, type HttpHandle } from './http.js';
export { TOOL_ANNOTATIONS } from './annotations.js';
