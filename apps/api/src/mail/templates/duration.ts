const units = [
  ['day', 24 * 60],
  ['hour', 60],
  ['minute', 1],
] as const;

/** A validity period in words, in the largest unit that divides it: 60 → "1 hour", 90 → "90 minutes", "saa 1" in Swahili. */
export function formatDuration(minutes: number, language: string): string {
  const [unit, size] = units.find(([, size]) => minutes % size === 0) ?? units[units.length - 1]!;
  return new Intl.NumberFormat(language, { style: 'unit', unit, unitDisplay: 'long', maximumFractionDigits: 0 }).format(minutes / size);
}
