/**
 * What the demo's figures depend on, as one hash: every file under src/ and build/, and the locked
 * packages. docs/demo-results.json records it; test/commands/readme-demo-figures.test.ts compares it
 * with the checkout's, so a change to the code the demo runs cannot leave the README's figures
 * standing unnoticed: the figures must be generated again (`npm run demo:results`).
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

export const DEMO_INPUTS = ['src', 'build', 'package-lock.json'] as const;

function files(root: string, rel: string): string[] {
  const abs = join(root, rel);
  if (!statSync(abs).isDirectory()) return [rel];
  return readdirSync(abs)
    .sort()
    .flatMap((n) => files(root, join(rel, n)));
}

export function demoInputsHash(root: string): string {
  const h = createHash('sha256');
  for (const f of DEMO_INPUTS.flatMap((d) => files(root, d)).sort()) {
    // the path as written on every platform, then the bytes
    h.update(relative(root, join(root, f)).split(sep).join('/'));
    h.update('\0');
    h.update(readFileSync(join(root, f)));
    h.update('\0');
  }
  return h.digest('hex');
}
