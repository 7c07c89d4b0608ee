/**
 * A command's flags declared once: each row holds the flag as commander reads it, its help, its zod
 * schema and its default, and the commander options and the zod object are both made from the rows.
 * Commander holds no default, so a command sees only the flags actually given (`givenFlags`): the
 * defaults are the schema's (or, for a harness switch, the harness configuration's), a `--config`
 * file comes between, and a flag given on the command line wins.
 */
import { type Command, Option } from 'commander';
import { z } from 'zod';

export interface Flag<S extends z.core.$ZodType = z.core.$ZodType> {
  /** commander's flag text: '--policy <policy>', '--no-prestop', '--resume' */
  flag: string;
  help: string;
  /** validates the given value; a default is part of it (`.default`), applied after the flags are read */
  schema: S;
  /** the default as the help shows it (also for a default that is applied elsewhere: the harness's) */
  shown?: string | number;
  required?: boolean;
}

export type FlagTable = Record<string, Flag>;

/** A flag with no default: absent when not given. */
export function optional<S extends z.ZodType>(flag: string, help: string, schema: S, shown?: string | number): Flag<z.ZodOptional<S>> {
  return { flag, help, schema: schema.optional(), shown };
}

/** A flag whose schema applies `value` when it is not given; the help shows it. */
export function defaulted<S extends z.ZodType>(flag: string, help: string, schema: S, value: z.output<S> & (string | number | boolean)): Flag<z.ZodDefault<S>> {
  return { flag, help, schema: schema.default(value as never), shown: typeof value === 'boolean' ? undefined : value };
}

export function required<S extends z.core.$ZodType>(flag: string, help: string, schema: S): Flag<S> {
  return { flag, help, schema, required: true };
}

/** The same flag with the help one command says it in (`--out` is a run, a deployment or an eval directory). */
export function describedAs<F extends Flag>(row: F, help: string): F {
  return { ...row, help };
}

/** The zod object of a table: one key per row, each the row's schema. */
export function flagsSchema<T extends FlagTable>(table: T): z.ZodObject<{ [K in keyof T]: T[K]['schema'] }> {
  return z.object(Object.fromEntries(Object.entries(table).map(([k, r]) => [k, r.schema]))) as z.ZodObject<{ [K in keyof T]: T[K]['schema'] }>;
}

/** The help line commander shows for a default, kept for defaults commander no longer holds. */
const shownDefault = (r: Flag): string => (r.shown === undefined ? '' : ` (default: ${JSON.stringify(String(r.shown))})`);

/** Adds the rows' options to `cmd` in table order; a row's key must be the name commander gives its value. */
export function declareFlags(cmd: Command, table: FlagTable): Command {
  for (const [key, r] of Object.entries(table)) {
    const o = new Option(r.flag, r.help + shownDefault(r));
    if (o.attributeName() !== key) throw new Error(`flag table: ${r.flag} is read as '${o.attributeName()}', not '${key}'`);
    if (r.required) o.makeOptionMandatory();
    cmd.addOption(o);
  }
  return cmd;
}

/**
 * The options the command line gave, without the values commander fills in by itself (a lone
 * `--no-x` makes `x` true when it is absent): what is absent here takes the config file's or the
 * table's value.
 */
export function givenFlags(cmd: Command): Record<string, unknown> {
  return Object.fromEntries(Object.entries(cmd.opts()).filter(([k]) => cmd.getOptionValueSource(k) === 'cli'));
}
