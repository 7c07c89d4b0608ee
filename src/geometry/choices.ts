/**
 * The light surface of src/geometry/ (no arithmetic module): the validation library of the
 * browser-safe layers, for the schemas a command's flag tables read before any layer loads (a
 * command's help without its cache: geometry/index.ts would add its six arithmetic modules).
 */
export { z } from './zod-mini.js';
