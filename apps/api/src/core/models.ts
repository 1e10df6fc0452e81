import { z } from 'zod';

/** Wire models named by routes' `response.model`; the OpenAPI document is generated from these. */
const document = z
  .looseObject({
    $id: z.string().describe('Document ID.'),
    $sequence: z.string().describe('Internal insertion sequence.'),
    $collectionId: z.string(),
    $databaseId: z.string(),
    $createdAt: z.string().describe('ISO 8601 creation time.'),
    $updatedAt: z.string().describe('ISO 8601 time of the last update.'),
    $permissions: z.array(z.string()),
  })
  .describe('A document: system fields plus every attribute at the top level.');

export const models: Record<string, z.ZodType> = {
  Document: document,
  DocumentList: z.object({ total: z.number().int().describe('Matches, counted up to 5000.'), documents: z.array(document) }),
  HealthStatus: z.object({ name: z.string(), ping: z.number().int(), status: z.enum(['pass', 'fail']) }),
  Error: z.object({ message: z.string(), code: z.number().int(), type: z.string(), version: z.string() }),
};
