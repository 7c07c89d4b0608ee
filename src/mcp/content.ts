/**
 * Tool results as MCP content. Images travel only as image blocks (base64 PNG with its MIME type),
 * never inlined into text, so that clients hand them to the model as pictures.
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { ToolResult } from '../tools/index.js';

export function toMcpResult(r: ToolResult): CallToolResult {
  const content: CallToolResult['content'] = r.content.map((c) =>
    c.type === 'text'
      ? { type: 'text' as const, text: c.text }
      : { type: 'image' as const, data: Buffer.from(c.png.buffer, c.png.byteOffset, c.png.byteLength).toString('base64'), mimeType: 'image/png' },
  );
  return r.isError ? { content, isError: true } : { content };
}
