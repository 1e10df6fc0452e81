// A fixed point for location tests: with DEFAULT_SEED it lies inside the electoral area Saint-Éloi
// (district Daø, region Côte d'Émeraude). boundaries.test.ts fails if the generator moves it out.

export const DEMO_KNOWN_LOCATION = {
  /** [longitude, latitude] in degrees. */
  point: [36.41246, -4.01577] as const,
  area: { id: 'ea0353', slug: 'saint-éloi', name: 'Saint-Éloi' },
  district: { slug: 'daø', name: 'Daø' },
  region: { slug: 'côte-démeraude', name: "Côte d'Émeraude" },
} as const;
