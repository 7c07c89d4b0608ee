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

/** Runs the whole command line (`main`) in-process: its exit code, what it wrote as errors, and what it printed. */
export async function runMain(...args: string[]): Promise<{ code: number; err: string; out: string }> {
  const { main } = await import('../../src/commands/main.js');
  const err: string[] = [];
  const out: string[] = [];
  const log = vi.spyOn(console, 'log').mockImplementation((s: unknown) => void out.push(String(s)));
  try {
    const code = await main(['node', 'navharness', ...args], { err: (t) => err.push(t) });
    return { code, err: err.join('\n'), out: out.join('\n') };
  } finally {
    log.mockRestore();
  }
}
