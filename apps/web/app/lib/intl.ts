/**
 * Shared Intl formatters and collators. Building one costs far more than using it (in a browser the
 * first of a kind also loads its locale data: tens of milliseconds on a phone, inside the long task
 * that hydrates the page), and lists format every row, so each is built when first asked for and
 * kept per (language, options) for the life of the process.
 */
const numberFormats = new Map<string, Intl.NumberFormat>();
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();
let readingOrder: Intl.Collator | undefined;

export function numberFormat(language: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  const key = `${language}|${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) numberFormats.set(key, (format = new Intl.NumberFormat(language, options)));
  return format;
}

export function dateTimeFormat(language: string, options: Intl.DateTimeFormatOptions = {}): Intl.DateTimeFormat {
  const key = `${language}|${JSON.stringify(options)}`;
  let format = dateTimeFormats.get(key);
  if (!format) dateTimeFormats.set(key, (format = new Intl.DateTimeFormat(language, options)));
  return format;
}

/** Names in reading order: case and accents ignored, digits by value ("Area 2" before "Area 10"). */
export function readingOrderCollator(): Intl.Collator {
  return (readingOrder ??= new Intl.Collator('en', { sensitivity: 'base', numeric: true }));
}
