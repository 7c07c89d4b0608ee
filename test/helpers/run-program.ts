/** Runs navharness commands in-process and returns what they printed with console.log. */
import { Command } from 'commander';
import { vi } from 'vitest';

export async function runProgram(register: ((p: Command) => void)[], args: string[]): Promise<string[]> {
  const p = new Command('navharness').exitOverride();
  for (const r of register) r(p);
  const lines: string[] = [];
  const spy = vi.spyOn(console, 'log').mockImplementation((s: unknown) => void lines.push(String(s)));
  try {
    await p.parseAsync(['node', 'navharness', ...args]);
  } finally {
    spy.mockRestore();
  }
  return lines;
}
