/** Appwrite's wire date format: ISO 8601 with milliseconds and a numeric UTC offset. */
export function formatDate(date: Date): string {
  return date.toISOString().replace('Z', '+00:00');
}

export function now(): string {
  return formatDate(new Date());
}

const isoDate = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?)?(?:Z|[+-]\d{2}:?\d{2})?$/;

/** Parses an ISO 8601 date or date-time into the wire format; undefined when it is not one. */
export function normalizeDate(value: string): string | undefined {
  if (!isoDate.test(value)) return undefined;
  const hasZone = /(?:Z|[+-]\d{2}:?\d{2})$/.test(value) && value.length > 10;
  const date = new Date(hasZone || value.length === 10 ? value : `${value}Z`);
  const year = date.getUTCFullYear();
  if (Number.isNaN(date.getTime()) || year < 1 || year > 9999) return undefined;
  return formatDate(date);
}
