/** list_files, read_file, write_file over the session's role-limited workspace access (src/memory). */
import { z } from 'zod';
import { describeList, describeRead, describeWrite } from '../memory/index.js';
import { defineTool, textResult, toolError } from './tool.js';
import type { ToolContext } from './context.js';

function access(ctx: ToolContext) {
  return ctx.files;
}

export const listFilesTool = defineTool({
  name: 'list_files',
  description: 'List the files of the run workspace and the house directory (house/), or of one folder.',
  schema: z.object({ path: z.string().max(500).optional() }).strict(),
  async run({ path }, ctx) {
    const f = access(ctx);
    if (!f) return toolError('This session has no file access.');
    const r = f.list(path ?? '');
    return r.ok ? textResult(describeList(r)) : toolError(r.error);
  },
});

export const readFileTool = defineTool({
  name: 'read_file',
  description: 'Read a text file of the workspace. Returns at most 20,000 characters and says when the file was longer.',
  schema: z.object({ path: z.string().min(1, 'give a path, e.g. "ledger.md"').max(500) }).strict(),
  async run({ path }, ctx) {
    const f = access(ctx);
    if (!f) return toolError('This session has no file access.');
    const r = f.read(path);
    return r.ok ? textResult(describeRead(r)) : toolError(r.error);
  },
});

export const writeFileTool = defineTool({
  name: 'write_file',
  description:
    'Write a text file you are allowed to write (your task handover, or your recovery note). Stores at most 6,000 characters and says when it cut the text.',
  schema: z.object({ path: z.string().min(1, 'give the path you were assigned').max(500), content: z.string({ error: 'content must be text' }) }).strict(),
  async run({ path, content }, ctx) {
    const f = access(ctx);
    if (!f) return toolError('This session has no file access.');
    const r = f.write(path, content);
    return r.ok ? textResult(describeWrite(r)) : toolError(r.error);
  },
});
