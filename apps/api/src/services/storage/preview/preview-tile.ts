import { textPath, textWidth, GLYPH_HEIGHT, isGlyph } from './tile-glyphs.ts';

/** Side of a tile when the request gives neither width nor height. */
export const DEFAULT_TILE_SIZE = 256;

const EXTENSIONS: Record<string, string> = {
  'application/pdf': 'PDF',
  'application/json': 'JSON',
  'application/xml': 'XML',
  'application/zip': 'ZIP',
  'application/gzip': 'GZ',
  'application/x-gzip': 'GZ',
  'application/x-tar': 'TAR',
  'application/x-bzip2': 'BZ2',
  'application/x-7z-compressed': '7Z',
  'application/vnd.rar': 'RAR',
  'application/x-rar-compressed': 'RAR',
  'application/msword': 'DOC',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'DOCX',
  'application/vnd.ms-excel': 'XLS',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'XLSX',
  'application/vnd.ms-powerpoint': 'PPT',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'PPTX',
  'application/vnd.oasis.opendocument.text': 'ODT',
  'application/vnd.oasis.opendocument.spreadsheet': 'ODS',
  'application/vnd.oasis.opendocument.presentation': 'ODP',
  'application/rtf': 'RTF',
  'application/javascript': 'JS',
  'application/octet-stream': 'FILE',
  'text/plain': 'TXT',
  'text/csv': 'CSV',
  'text/html': 'HTML',
  'text/markdown': 'MD',
  'text/javascript': 'JS',
  'text/css': 'CSS',
  'text/xml': 'XML',
  'image/svg+xml': 'SVG',
  'image/jpeg': 'JPG',
  'audio/mpeg': 'MP3',
  'video/quicktime': 'MOV',
};

const CATEGORY_COLOURS: [RegExp, string][] = [
  [/^PDF$/, '#e53935'],
  [/^(DOCX?|ODT|RTF|TXT|MD)$/, '#1e88e5'],
  [/^(XLSX?|ODS|CSV)$/, '#43a047'],
  [/^(PPTX?|ODP|KEY)$/, '#fb8c00'],
  [/^(ZIP|GZ|TAR|RAR|7Z|BZ2|XZ)$/, '#8d6e63'],
  [/^(MP3|WAV|OGG|FLAC|AAC|M4A|OPUS)$/, '#8e24aa'],
  [/^(MP4|MOV|WEBM|AVI|MKV|MPEG)$/, '#d81b60'],
  [/^(SVG|TIFF?|BMP|ICO|HEIC|HEIF|JPG|PNG|GIF|WEBP|AVIF|PSD)$/, '#00897b'],
];
const DEFAULT_COLOUR = '#546e7a';

/** The short upper-case label for a mime type: `application/pdf` → `PDF`, `video/x-matroska` → `MATR`… up to 4 characters, else `FILE`. */
export function fileTypeLabel(mime: string): string {
  const type = mime.split(';')[0]!.trim().toLowerCase();
  const known = EXTENSIONS[type];
  if (known) return known;
  const subtype = (type.split('/')[1] ?? '').replace(/^(x-|vnd\.)/, '').split('+')[0]!;
  const last = (subtype.split('.').pop() ?? '').toUpperCase();
  return last.length > 0 && last.length <= 4 && [...last].every(isGlyph) ? last : 'FILE';
}

/** Canvas size of a tile: the requested box; one side given → a square; none → the default. */
export function tileSize(width: number, height: number): { width: number; height: number } {
  if (width && height) return { width, height };
  const side = width || height || DEFAULT_TILE_SIZE;
  return { width: side, height: side };
}

/** A transparent canvas with a document icon carrying `label`, centred; the renderer lays it on the background. */
export function fileTypeTileSvg(label: string, width: number, height: number): string {
  const colour = CATEGORY_COLOURS.find(([pattern]) => pattern.test(label))?.[1] ?? DEFAULT_COLOUR;
  const unit = 2;
  const text = label.slice(0, 4);
  const textW = textWidth(text) * unit;
  const badgeW = Math.max(36, textW + 16);
  const badgeH = GLYPH_HEIGHT * unit + 12;
  const badgeX = 50 - badgeW / 2;
  const badgeY = 54;
  const icon = [
    '<path d="M26 6H62L82 26V90Q82 94 78 94H26Q22 94 22 90V10Q22 6 26 6Z" fill="#ffffff" stroke="#b0bec5" stroke-width="2" stroke-linejoin="round"/>',
    '<path d="M62 6V22Q62 26 66 26H82Z" fill="#cfd8dc" stroke="#b0bec5" stroke-width="2" stroke-linejoin="round"/>',
    '<rect x="30" y="30" width="28" height="4" rx="2" fill="#dfe5e8"/>',
    '<rect x="30" y="40" width="40" height="4" rx="2" fill="#dfe5e8"/>',
    `<rect x="${badgeX}" y="${badgeY}" width="${badgeW}" height="${badgeH}" rx="4" fill="${colour}"/>`,
    `<path d="${textPath(text, 50 - textW / 2, badgeY + 6, unit)}" fill="none" stroke="#ffffff" stroke-width="2.4" stroke-linecap="round" stroke-linejoin="round"/>`,
  ];
  return centredIcon(icon.join(''), width, height);
}

/** A transparent canvas with a generic picture icon, for images too large to preview. */
export function imagePlaceholderSvg(width: number, height: number): string {
  const icon = [
    '<defs><clipPath id="frame"><rect x="10" y="18" width="80" height="64" rx="6"/></clipPath></defs>',
    '<rect x="10" y="18" width="80" height="64" rx="6" fill="#ffffff"/>',
    '<circle cx="33" cy="39" r="7" fill="#b0bec5"/>',
    '<path d="M8 84L36 54L50 68L64 52L92 84Z" fill="#90a4ae" clip-path="url(#frame)"/>',
    '<rect x="10" y="18" width="80" height="64" rx="6" fill="none" stroke="#b0bec5" stroke-width="2"/>',
  ];
  return centredIcon(icon.join(''), width, height);
}

/** Places a 100 × 100 icon at 60% of the canvas' shorter side, centred. */
function centredIcon(body: string, width: number, height: number): string {
  const side = Math.min(width, height) * 0.6;
  const x = (width - side) / 2;
  const y = (height - side) / 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><svg x="${x}" y="${y}" width="${side}" height="${side}" viewBox="0 0 100 100">${body}</svg></svg>`;
}
