const allowedSchemes = new Set(['http:', 'https:', 'mailto:']);

/**
 * The href a Markdown link may carry, or null when it must stay inert. Browsers strip leading and
 * trailing control characters and drop tabs and newlines anywhere before reading the scheme
 * (`java\tscript:` runs), so the scheme is checked on the URL as the browser will see it.
 */
export function safeHref(raw: string): string | null {
  const cleaned = raw.replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '').replace(/[\t\n\r]/g, '');
  if (cleaned === '') return null;
  const scheme = /^[a-z][a-z0-9+.-]*:/i.exec(cleaned);
  if (scheme) return allowedSchemes.has(scheme[0].toLowerCase()) ? cleaned : null;
  // No scheme: a relative reference (`/Contact`, `#part`, `../x`, `?q=`) or `//host/…`.
  return cleaned;
}
