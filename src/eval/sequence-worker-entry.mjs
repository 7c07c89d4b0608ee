// Worker-thread bootstrap of `navharness eval`. In the compiled package (dist/eval/) the worker is
// plain JavaScript next to this file; in a source checkout run through tsx it is TypeScript, and a
// worker thread registers the tsx loader itself (tsx is a devDependency, never needed by dist/).
import { existsSync } from 'node:fs';

const compiled = new URL('./sequence-worker.js', import.meta.url);
if (existsSync(compiled)) {
  await import(compiled.href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import('./sequence-worker.ts');
}
