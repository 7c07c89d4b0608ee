import type { Command } from 'commander';

/** Placeholder registration replaced by the mapping demo in the foundation commit that follows. */
export function registerDemo(program: Command): void {
  void program;
}
