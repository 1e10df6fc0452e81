import { z } from 'zod';
import type { StoredDocument } from '../../db/documents/stored-document.ts';

export interface HeaderEntry {
  name: string;
  value: string;
}

/**
 * The Execution model for both SDK generations: `functionId` (SDK ≤ 26) beside `resourceId` and
 * `resourceType` (SDK 27+). Logs and errors are blanked for clients, as Appwrite does.
 */
export function executionModel(stored: StoredDocument, seesLogs: boolean) {
  const data = stored.data;
  const functionId = data['functionId'] as string;
  const scheduledAt = data['scheduledAt'] as string;
  return {
    $id: stored.id,
    $createdAt: stored.createdAt,
    $updatedAt: stored.updatedAt,
    $permissions: stored.permissions,
    functionId,
    resourceId: functionId,
    resourceType: 'functions',
    deploymentId: data['deploymentId'] as string,
    trigger: data['trigger'] as string,
    status: data['status'] as string,
    requestMethod: data['requestMethod'] as string,
    requestPath: data['requestPath'] as string,
    requestHeaders: JSON.parse((data['requestHeaders'] as string) || '[]') as HeaderEntry[],
    responseStatusCode: data['responseStatusCode'] as number,
    // Appwrite keeps the body only in the answer to a synchronous execution.
    responseBody: '',
    responseHeaders: JSON.parse((data['responseHeaders'] as string) || '[]') as HeaderEntry[],
    logs: seesLogs ? (data['logs'] as string) : '',
    errors: seesLogs ? (data['errors'] as string) : '',
    duration: data['duration'] as number,
    // Appwrite sends null for an optional field that is not set.
    scheduledAt: scheduledAt || null,
  };
}

export type ExecutionModel = ReturnType<typeof executionModel>;

const date = z.string().describe('ISO 8601 date-time.');
const headers = z.array(z.object({ name: z.string(), value: z.string() }));

const execution = z.object({
  $id: z.string(), $createdAt: date, $updatedAt: date, $permissions: z.array(z.string()).describe('read("user:<caller>") when a user ran it.'),
  functionId: z.string().describe('SDK 17 to 26.'), resourceId: z.string().describe('SDK 27 and later: the function ID.'), resourceType: z.enum(['functions']),
  deploymentId: z.string(), trigger: z.enum(['http', 'schedule', 'event']), status: z.enum(['waiting', 'scheduled', 'processing', 'completed', 'failed']),
  requestMethod: z.string(), requestPath: z.string(), requestHeaders: headers.describe('Only content-type, agent, content-length, host and x-appwrite-client-ip are kept.'),
  responseStatusCode: z.number().int(), responseBody: z.string().describe('Only in the answer to a synchronous execution.'),
  responseHeaders: headers, logs: z.string().describe('Empty for clients.'), errors: z.string().describe('Empty for clients.'),
  duration: z.number().describe('Seconds.'), scheduledAt: date.nullable().describe('null unless the execution was scheduled.'),
});

export const executionModels: Record<string, z.ZodType> = {
  Execution: execution,
  ExecutionList: z.object({ total: z.number().int(), executions: z.array(execution) }),
};
