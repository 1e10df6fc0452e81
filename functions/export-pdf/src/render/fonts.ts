import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * DejaVu Sans (the npm package dejavu-fonts-ttf): one TrueType file per weight that covers every
 * letter of the demo data (Latin Extended, ŋ, ɔ, ɛ, Vietnamese, combining accents, curly
 * apostrophes). PDFKit embeds only the glyphs a document uses.
 */
export const FONT_FILES = {
  regular: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'),
  bold: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'),
} as const;

export type FontName = keyof typeof FONT_FILES;
