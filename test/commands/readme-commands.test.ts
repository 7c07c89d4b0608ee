/**
 * Issue 38: README command lines with `a|b` alternatives became shell pipes when pasted. Every
 * `npx navharness` line of the README's shell blocks must paste as written: no unquoted shell
 * operator (| < > ; &), no `...` placeholder, and every --flag one the command accepts.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildProgram, unknownFlag } from '../../src/commands/main.js';

const ROOT = resolve(__dirname, '../..');

/** The `npx navharness …` lines of the ```sh blocks of a Markdown text, their comments removed. */
function commandLines(markdown: string): string[] {
  const lines: string[] = [];
  let inShell = false;
  for (const line of markdown.split('\n')) {
    if (/^```(sh|bash)\b/.test(line)) inShell = true;
    else if (line.startsWith('```')) inShell = false;
    else if (inShell && line.startsWith('npx navharness ')) lines.push(line.replace(/\s#\s.*$/, '').trim());
  }
  return lines;
}

/** Shell words of a line, and the shell operators found outside quotes. */
function shellWords(line: string): { words: string[]; operators: string[] } {
  const words: string[] = [];
  const operators: string[] = [];
  let word = '';
  let quote: string | null = null;
  for (const ch of line) {
    if (quote) {
      if (ch === quote) quote = null;
      else word += ch;
    } else if (ch === '"' || ch === "'") quote = ch;
    else if (/\s/.test(ch)) {
      if (word) words.push(word);
      word = '';
    } else {
      if ('|<>;&`$('.includes(ch)) operators.push(ch);
      word += ch;
    }
  }
  if (word) words.push(word);
  return { words, operators };
}

describe('README commands paste as written', () => {
  const lines = commandLines(readFileSync(resolve(ROOT, 'README.md'), 'utf8'));

  it('finds the command block', () => {
    expect(lines.length).toBeGreaterThan(15);
  });

  it.each(lines.map((l) => [l]))('%s', async (line) => {
    const { words, operators } = shellWords(line);
    expect(operators, 'shell operators outside quotes').toEqual([]);
    expect(words).not.toContain('...');
    const args = words.slice(2);
    const program = await buildProgram(args);
    let cmd = program;
    for (const w of args.filter((a) => !a.startsWith('-'))) {
      const sub = cmd.commands.find((c) => c.name() === w);
      if (!sub) break;
      cmd = sub;
    }
    expect(cmd, `a command of ${line}`).not.toBe(program);
    expect(unknownFlag(cmd, args)).toBeNull();
  });
});
