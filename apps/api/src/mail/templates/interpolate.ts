const placeholder = /\{\{(\w+)\}\}/g;

/**
 * Fills `{{name}}` placeholders in one pass, so a value that itself looks like a placeholder stays
 * as written. A placeholder without a value is a bug in the caller and throws, naming the
 * placeholder only (values may be secrets).
 */
export function interpolate(template: string, values: Readonly<Record<string, string | undefined>>): string {
  return template.replace(placeholder, (_match, name: string) => {
    const value = Object.hasOwn(values, name) ? values[name] : undefined;
    if (value === undefined) throw new Error(`message template needs a value for {{${name}}}`);
    return value;
  });
}

/** The placeholder names a template uses, sorted and without repeats. */
export function placeholdersOf(template: string): string[] {
  return [...new Set(Array.from(template.matchAll(placeholder), (match) => match[1]!))].sort();
}
