import { formattedOutput, type FormattedOutput } from './intl';

/** The id of the page's record of formatted output (a JSON data block, never executed). */
export const FORMATTED_OUTPUT_ID = 'formatted-output';

type Entries = Record<string, Record<string, string>>;

/** Formatted output by format and value; the server's render fills one, a page being hydrated reads one. */
export class OutputRecord implements FormattedOutput {
  /** `text`: the record as a page carried it, which is read, never added to; none while the server records. */
  private constructor(
    private readonly entries: Entries,
    private readonly text?: string,
  ) {}

  static recording(): OutputRecord {
    return new OutputRecord({});
  }

  /** The record a page carries; an unreadable one is an empty record (every format then builds its own). */
  static read(text: string): OutputRecord {
    let entries: Entries = {};
    try {
      const parsed: unknown = JSON.parse(text);
      if (parsed && typeof parsed === 'object') entries = parsed as Entries;
    } catch {
      // Nothing shared: the page formats for itself.
    }
    return new OutputRecord(entries, text);
  }

  get(format: string, value: string): string | undefined {
    const texts = this.entries[format];
    return texts && Object.hasOwn(texts, value) ? texts[value] : undefined;
  }

  add(format: string, value: string, text: string): void {
    if (this.text === undefined) (this.entries[format] ??= {})[value] = text;
  }

  serialized(): string {
    if (this.text !== undefined) return this.text;
    return Object.keys(this.entries).length ? JSON.stringify(this.entries).replaceAll('<', '\\u003c') : '';
  }
}

/**
 * The page's record of what its formats wrote, placed after the page's content so that the server
 * has rendered (and recorded) all of it, and before the scripts so that it is in the document when
 * they run. The browser renders the text it found, so hydration leaves the element as it is.
 */
export function FormattedOutputScript() {
  const text = formattedOutput()?.serialized();
  if (!text) return null;
  return <script type="application/json" id={FORMATTED_OUTPUT_ID} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: text }} />;
}
