// Worker-thread bootstrap: registers the tsx loader in this thread, then runs the TypeScript worker.
import { register } from 'tsx/esm/api';

register();
await import('./sequence-worker.ts');
