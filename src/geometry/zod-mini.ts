/**
 * The validation library of the browser-safe layers: zod's tree-shakable `zod/mini` (functions, not
 * methods), so that a bundle carries only the checks it uses instead of all of zod. zod/mini sets no
 * locale of its own; English messages are installed here, once, because every message must say what
 * was wrong and what is accepted. The Node-only layers keep classic zod; both share zod's core, so a
 * classic schema may hold a mini one.
 *
 * `z` is a plain object of the functions these layers use, not zod/mini's namespace: a namespace
 * object handed from module to module is kept whole by bundlers (esbuild bundled all of zod and its
 * 40 locales, 430 KB, for navharness/core), while an object of named functions keeps only those.
 * A function missing here is a type error where it is first used; add it to the list.
 */
import * as mini from 'zod/mini';
import en from 'zod/v4/locales/en.js';

mini.config(en());

export const z = {
  _default: mini._default,
  array: mini.array,
  boolean: mini.boolean,
  coerce: mini.coerce,
  custom: mini.custom,
  discriminatedUnion: mini.discriminatedUnion,
  enum: mini.enum,
  gt: mini.gt,
  instanceof: mini.instanceof,
  int: mini.int,
  literal: mini.literal,
  looseObject: mini.looseObject,
  lt: mini.lt,
  maximum: mini.maximum,
  maxLength: mini.maxLength,
  minimum: mini.minimum,
  minLength: mini.minLength,
  NEVER: mini.NEVER,
  nonnegative: mini.nonnegative,
  nullable: mini.nullable,
  number: mini.number,
  object: mini.object,
  optional: mini.optional,
  pipe: mini.pipe,
  positive: mini.positive,
  prettifyError: mini.prettifyError,
  readonly: mini.readonly,
  refine: mini.refine,
  regex: mini.regex,
  strictObject: mini.strictObject,
  string: mini.string,
  superRefine: mini.superRefine,
  transform: mini.transform,
  trim: mini.trim,
  tuple: mini.tuple,
  union: mini.union,
};

/** The type helpers, under the same name as the functions (a type-only namespace merged with `z`). */
export declare namespace z {
  type infer<T extends mini.ZodMiniType> = mini.infer<T>;
  type input<T extends mini.ZodMiniType> = mini.input<T>;
  type output<T extends mini.ZodMiniType> = mini.output<T>;
}
