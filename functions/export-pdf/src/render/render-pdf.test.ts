import { describe, expect, it } from 'vitest';
import { candidateRows, type ExportDocument } from '../document-model.ts';
import { pdfFonts, pdfInfo, pdfText, positionsInOrder } from '../test-support/poppler.ts';
import { sampleCandidates, sampleDocument } from '../test-support/sample-document.ts';
import { renderPdf } from './render-pdf.ts';

const pageNumbers = (pages: number, label: (page: number) => string) => Array.from({ length: pages }, (_, index) => label(index + 1));

describe('renderPdf, candidates', () => {
  it('writes every name in export order as selectable text, with "Page n of m" on every page', async () => {
    const offices = sampleCandidates(120);
    let pagesSeen = 0;
    const { bytes, pages } = await renderPdf(sampleDocument('en', offices), { onPage: (count) => (pagesSeen = count) });
    const text = pdfText(bytes);
    const names = candidateRows(offices).map((row) => row.name);
    for (const hard of [/Đặng Thị/, /’/, /\p{M}/u, /[ŋɔɛ]/]) expect(names.some((name) => hard.test(name)), String(hard)).toBe(true);
    expect(positionsInOrder(text, names)).not.toContain(-1);
    expect(pages).toBeGreaterThan(3);
    expect(pagesSeen).toBe(pages);
    expect(Number(pdfInfo(bytes)['Pages'])).toBe(pages);
    expect(positionsInOrder(text, pageNumbers(pages, (page) => `Page ${page} of ${pages}`))).not.toContain(-1);
    expect(text).toContain('Ballot Atlas');
    expect(text).toContain('Generated January 15, 2027');
    for (const heading of ['No.', 'Name', 'Party', 'Office', 'Member of Parliament', 'Kàmpálá Ward 1', 'Independent', 'National Unity Party']) expect(text).toContain(heading);
  });

  it('speaks the export’s language: French headings and "Page n sur m"', async () => {
    const { bytes, pages } = await renderPdf(sampleDocument('fr', sampleCandidates(60)));
    const text = pdfText(bytes);
    for (const heading of ['N°', 'Nom', 'Parti', 'Fonction', 'Indépendant', 'Généré le 15 janvier 2027', 'Source :', '(suite)']) expect(text).toContain(heading);
    expect(text).not.toMatch(/\bPage \d+ of\b/);
    expect(positionsInOrder(text, pageNumbers(pages, (page) => `Page ${page} sur ${pages}`))).not.toContain(-1);
  });

  it('numbers Swahili pages "Ukurasa n kati ya m"', async () => {
    const { bytes, pages } = await renderPdf(sampleDocument('sw', sampleCandidates(40)));
    expect(positionsInOrder(pdfText(bytes), pageNumbers(pages, (page) => `Ukurasa ${page} kati ya ${pages}`))).not.toContain(-1);
  });

  it('embeds only a subset of DejaVu Sans', async () => {
    const { bytes } = await renderPdf(sampleDocument('en', sampleCandidates(10)));
    const fonts = pdfFonts(bytes);
    expect(fonts.map((font) => font.name.replace(/^[A-Z]{6}\+/, '')).sort()).toEqual(['DejaVuSans', 'DejaVuSans-Bold']);
    expect(fonts.every((font) => font.embedded && font.subset)).toBe(true);
    expect(bytes.length).toBeLessThan(80_000);
  });

  it('draws initials where a photo or logo cannot be read', async () => {
    const offices = sampleCandidates(3);
    const row = offices[0]!.places[0]!.rows[0]!;
    row.photo = new TextEncoder().encode('<html>not a picture</html>');
    row.party = { name: 'Broken Logo Party', abbreviation: 'BLP', colour: '#7c3aed', logo: new Uint8Array([1, 2, 3]) };
    const text = pdfText((await renderPdf(sampleDocument('en', offices))).bytes);
    expect(text).toContain(row.name);
    expect(text).toContain('Broken Logo Party');
  });

  it('completes a 1,500-candidate document', async () => {
    const offices = sampleCandidates(1500);
    const started = performance.now();
    const { bytes, pages } = await renderPdf(sampleDocument('en', offices));
    const seconds = (performance.now() - started) / 1000;
    console.log(`1,500 candidates: ${pages} pages, ${(bytes.length / 1024).toFixed(0)} KiB in ${seconds.toFixed(2)} s`);
    expect(Number(pdfInfo(bytes)['Pages'])).toBe(pages);
    expect(positionsInOrder(pdfText(bytes), candidateRows(offices).map((row) => row.name))).not.toContain(-1);
    expect(seconds).toBeLessThan(30);
  }, 60_000);
});

describe('renderPdf, calendar and text', () => {
  const base: Omit<ExportDocument, 'body'> = { ...sampleDocument('en', []), title: 'Election calendar', subtitle: [] };

  it('lists events month by month', async () => {
    const { bytes } = await renderPdf({
      ...base,
      body: {
        kind: 'events',
        months: [
          { month: 'January 2027', events: [{ when: 'Mon, Jan 4, 2027 · All day', title: 'Voter registration opens', kind: 'Registration', location: 'Nationwide' }] },
          { month: 'March 2027', events: [{ when: 'Thu, Mar 4, 2027 · All day', title: 'Polling day', kind: 'Polling', location: 'Every polling station' }] },
        ],
      },
    });
    const text = pdfText(bytes);
    expect(positionsInOrder(text, ['Election calendar', 'January 2027', 'Voter registration opens', 'Registration', 'March 2027', 'Polling day', 'Every polling station'])).not.toContain(-1);
    for (const heading of ['Date', 'Event', 'Type', 'Location']) expect(text).toContain(heading);
  });

  it('flows pasted text over pages without losing a line', async () => {
    const paragraphs = Array.from({ length: 60 }, (_, index) => `Paragraph ${index + 1}: ${'Ŋoŋo’s manifesto promises clean water and roads. '.repeat(6)}`);
    const { bytes, pages } = await renderPdf({ ...base, title: 'My notes', body: { kind: 'text', paragraphs } });
    expect(pages).toBeGreaterThan(2);
    const text = pdfText(bytes);
    expect(positionsInOrder(text, paragraphs.map((_, index) => `Paragraph ${index + 1}:`))).not.toContain(-1);
    expect(positionsInOrder(text, pageNumbers(pages, (page) => `Page ${page} of ${pages}`))).not.toContain(-1);
  });
});
