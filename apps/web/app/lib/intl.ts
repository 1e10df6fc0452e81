/**
 * Shared Intl formatters and collators. Building one costs far more than using it: in a browser
 * the first number format of a page loads the language's number data (25–40 ms on this machine's
 * Chromium, four times that on Lighthouse's phone), inside the task that hydrates the page. So each
 * format is built when first asked for and kept per (language, options), and while a page hydrates
 * it does not need to be built at all: the server's render records what each format wrote
 * (lib/intl-output.server.ts), the page carries that record (lib/intl-output.tsx), and the browser
 * answers from it the values the server already formatted (lib/intl-output.client.ts).
 */

/** What the formats of one render wrote: `format key → value → text`. */
export interface FormattedOutput {
  get(format: string, value: string): string | undefined;
  /** Kept only where the render is recorded (the server's). */
  add?(format: string, value: string, text: string): void;
  /** The record as the page carries it; empty when nothing was recorded. */
  serialized(): string;
}

let currentOutput: () => FormattedOutput | undefined = () => undefined;

/** Where formats look for (and record) their output: the server's render or the page being hydrated. */
export function setFormattedOutputSource(source: () => FormattedOutput | undefined): void {
  currentOutput = source;
}

export function formattedOutput(): FormattedOutput | undefined {
  return currentOutput();
}

export interface Format<Value> {
  format(value: Value): string;
}

class SharedFormat<Value> implements Format<Value> {
  #built: Format<Value> | undefined;

  constructor(
    private readonly key: string,
    private readonly build: () => Format<Value>,
    private readonly valueKey: (value: Value) => string,
    /** False for output that depends on the reader's machine (a date format without a time zone). */
    private readonly shareable: boolean,
  ) {}

  format(value: Value): string {
    const output = this.shareable ? currentOutput() : undefined;
    const valueKey = output ? this.valueKey(value) : '';
    const known = output?.get(this.key, valueKey);
    if (known !== undefined) return known;
    const text = (this.#built ??= this.build()).format(value);
    output?.add?.(this.key, valueKey, text);
    return text;
  }
}

const numberFormats = new Map<string, Format<number>>();
const dateTimeFormats = new Map<string, Format<Date | number>>();
let readingOrder: Intl.Collator | undefined;

export function numberFormat(language: string, options: Intl.NumberFormatOptions = {}): Format<number> {
  const key = `${language}|${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) numberFormats.set(key, (format = new SharedFormat(key, () => new Intl.NumberFormat(language, options), String, true)));
  return format;
}

export function dateTimeFormat(language: string, options: Intl.DateTimeFormatOptions = {}): Format<Date | number> {
  const key = `${language}|${JSON.stringify(options)}`;
  let format = dateTimeFormats.get(key);
  if (!format) {
    const instant = (value: Date | number): string => String(typeof value === 'number' ? value : value.getTime());
    dateTimeFormats.set(key, (format = new SharedFormat(key, () => new Intl.DateTimeFormat(language, options), instant, options.timeZone !== undefined)));
  }
  return format;
}

/** Names in reading order: case and accents ignored, digits by value ("Area 2" before "Area 10"). */
export function readingOrderCollator(): Intl.Collator {
  return (readingOrder ??= new Intl.Collator('en', { sensitivity: 'base', numeric: true }));
}
