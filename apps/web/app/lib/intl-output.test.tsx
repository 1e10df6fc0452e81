import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, describe, expect, it } from 'vitest';
import { createI18n } from './i18n';
import { dateTimeFormat, formattedOutput, numberFormat, setFormattedOutputSource } from './intl';
import { FormattedOutputScript, OutputRecord } from './intl-output';
import { recordingFormattedOutput } from './intl-output.server';

const LOCALES = join(import.meta.dirname, '../locales');
const recordedSource = formattedOutput;

/** A format's text as a render records it, with the page's record element. */
function render(body: () => string): { text: string; script: string } {
  return recordingFormattedOutput(() => ({ text: body(), script: renderToStaticMarkup(<FormattedOutputScript />) }));
}

function recordIn(script: string): Record<string, Record<string, string>> {
  const json = /<script type="application\/json" id="formatted-output">(.*)<\/script>/.exec(script)?.[1];
  if (!json) throw new Error(`no record in ${script}`);
  return JSON.parse(json) as Record<string, Record<string, string>>;
}

describe("the server's formatted output, shared with the page", () => {
  it('records what each format wrote during a render and puts it in the page', () => {
    const { text, script } = render(() => `${numberFormat('en').format(4049783)} · ${numberFormat('en', { style: 'percent' }).format(0.25)}`);
    expect(text).toBe('4,049,783 · 25%');
    expect(recordIn(script)).toEqual({ 'en|{}': { '4049783': '4,049,783' }, 'en|{"style":"percent"}': { '0.25': '25%' } });
  });

  it('records nothing outside a render, and renders no element when nothing was formatted', () => {
    numberFormat('en').format(12);
    expect(formattedOutput()).toBeUndefined();
    expect(render(() => 'no numbers').script).toBe('');
  });

  it('keeps one record per render when renders interleave', async () => {
    const renderWith = (value: number) =>
      recordingFormattedOutput(async () => {
        numberFormat('fr').format(value);
        await new Promise((resolve) => setTimeout(resolve, 5));
        numberFormat('fr').format(value + 1);
        return recordIn(renderToStaticMarkup(<FormattedOutputScript />));
      });
    const [first, second] = await Promise.all([renderWith(1000), renderWith(2000)]);
    expect(Object.keys(first['fr|{}']!)).toEqual(['1000', '1001']);
    expect(Object.keys(second['fr|{}']!)).toEqual(['2000', '2001']);
  });

  it('does not share a date format without a time zone: its text depends on the reader', () => {
    const noon = Date.UTC(2027, 2, 4, 12);
    const { script } = render(() => dateTimeFormat('en', { hour: 'numeric' }).format(noon) + dateTimeFormat('en', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(noon)));
    expect(recordIn(script)).toEqual({ 'en|{"dateStyle":"long","timeZone":"UTC"}': { [String(noon)]: 'March 4, 2027' } });
  });

  it('escapes "<" so the record cannot end its element', () => {
    const record = OutputRecord.recording();
    record.add('en|{}', '1', '</script><script>alert(1)</script>');
    expect(record.serialized()).not.toContain('<');
    expect(OutputRecord.read(record.serialized()).get('en|{}', '1')).toBe('</script><script>alert(1)</script>');
  });

  it('counts in translated strings ({{count, number}}) go through the shared formats', () => {
    const i18n = createI18n('en', { common: { found_other: '{{count, number}} found' } });
    const { text, script } = render(() => i18n.t('found', { count: 12345 }));
    expect(text).toBe('12,345 found');
    expect(recordIn(script)['en|{}']).toEqual({ '12345': '12,345' });
  });

  it('every formatted interpolation in our strings is a plain `number` (the shared format takes no options)', () => {
    const formats = new Set<string>();
    for (const language of readdirSync(LOCALES, { withFileTypes: true }).filter((entry) => entry.isDirectory())) {
      for (const file of readdirSync(join(LOCALES, language.name)).filter((name) => name.endsWith('.json'))) {
        for (const match of readFileSync(join(LOCALES, language.name, file), 'utf8').matchAll(/{{[^},]+,([^}]+)}}/g)) formats.add(match[1]!.trim());
      }
    }
    expect([...formats]).toEqual(['number']);
  });
});

describe('a page being hydrated', () => {
  afterAll(() => setFormattedOutputSource(recordedSource));

  it("answers from the page's record, and formats for itself what the record lacks", () => {
    const page = OutputRecord.read(JSON.stringify({ 'sw|{}': { '1500': '1,500 (from the server)' } }));
    setFormattedOutputSource(() => page);
    expect(numberFormat('sw').format(1500)).toBe('1,500 (from the server)');
    expect(numberFormat('sw').format(2500)).toBe('2,500');
    expect(page.get('sw|{}', '2500'), 'a page does not record').toBeUndefined();
    expect(renderToStaticMarkup(<FormattedOutputScript />)).toContain('1,500 (from the server)');
  });

  it('an unreadable record is an empty one', () => {
    const page = OutputRecord.read('{not json');
    setFormattedOutputSource(() => page);
    expect(numberFormat('sw').format(1500)).toBe('1,500');
  });
});
