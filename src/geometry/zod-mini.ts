/**
 * The validation library of the browser-safe layers: zod's tree-shakable `zod/mini` (functions, not
 * methods), so that the web demo's bundle carries only the checks it uses instead of all of zod.
 * zod/mini sets no locale of its own; English messages are installed here, once, because every
 * message must say what was wrong and what is accepted. The Node-only layers keep classic zod; both
 * share zod's core, so a classic schema may hold a mini one.
 */
import * as z from 'zod/mini';
import en from 'zod/v4/locales/en.js';

z.config(en());

export { z };
