/**
 * The only logic in the prompt folder: `{{name}}` substitution that fails loudly when a variable is
 * missing or a placeholder is left unfilled, so a prompt can never go out with a hole in it.
 */
export type Vars = Record<string, string | number>;

export function fill(template: string, vars: Vars): string {
  const used = new Set<string>();
  const out = template.replace(/\{\{(\w+)\}\}/g, (_m, name: string) => {
    if (!(name in vars)) throw new Error(`prompt variable '${name}' was not provided`);
    used.add(name);
    return String(vars[name]);
  });
  const extra = Object.keys(vars).filter((k) => !used.has(k));
  if (extra.length) throw new Error(`prompt variables not used by the template: ${extra.join(', ')}`);
  return out;
}

/** "- a\n- b" for file lists and the like. */
export const bullets = (items: readonly string[]): string => items.map((i) => `- ${i}`).join('\n');
