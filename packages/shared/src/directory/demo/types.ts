// Public types of the demo-data generator.

/** 'demo' ≈ 3,000 candidates, 'large' = 1,000,000; a number is an exact candidate count. */
export type DemoSize = 'demo' | 'large' | number;

export interface DemoRecord {
  collectionId: string;
  documentId: string;
  data: Record<string, unknown>;
}

export interface DemoPlan {
  size: DemoSize;
  seed: number;
  /** Expected number of records per collection id. */
  counts: Record<string, number>;
}
