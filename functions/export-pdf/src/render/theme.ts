/** The site's palette (primary green, neutral slate) and the page geometry, in points. */
export const COLOURS = {
  green700: '#15803d',
  green800: '#166534',
  green50: '#f0fdf4',
  slate900: '#0f172a',
  slate700: '#334155',
  slate600: '#475569',
  slate500: '#64748b',
  slate300: '#cbd5e1',
  slate200: '#e2e8f0',
  slate100: '#f1f5f9',
  slate50: '#f8fafc',
  white: '#ffffff',
} as const;

export const PAGE = {
  size: 'A4',
  width: 595.28,
  height: 841.89,
  left: 42,
  right: 42,
  /** Content starts below the header band… */
  top: 78,
  /** …and ends above the footer band. */
  bottom: 64,
} as const;

export const CONTENT_WIDTH = PAGE.width - PAGE.left - PAGE.right;
