import * as appwrite17 from 'appwrite17';
import * as appwrite28 from 'appwrite28';
import { TEST_PROJECT } from '../../support/test-server.ts';
import type { SdkGeneration } from './sdk-generations.ts';

/** An execution as both generations return it (SDK 28 reads resourceId, SDK 17 functionId; the server sends both). */
export interface WireExecution {
  $id: string;
  $createdAt: string;
  $updatedAt: string;
  $permissions: string[];
  functionId: string;
  resourceId: string;
  resourceType: string;
  deploymentId: string;
  trigger: string;
  status: string;
  requestMethod: string;
  requestPath: string;
  requestHeaders: { name: string; value: string }[];
  responseStatusCode: number;
  responseBody: string;
  responseHeaders: { name: string; value: string }[];
  logs: string;
  errors: string;
  duration: number;
  scheduledAt?: string | null;
}

/** The Functions calls of the seed, in the positional form both generations accept. */
export interface FunctionsApi {
  createExecution(functionId: string, body?: string, async?: boolean, path?: string, method?: string, headers?: object, scheduledAt?: string): Promise<WireExecution>;
  listExecutions(functionId: string, queries?: string[]): Promise<{ total: number; executions: WireExecution[] }>;
  getExecution(functionId: string, executionId: string): Promise<WireExecution>;
}

/** A Functions client of this SDK generation, as a guest or acting as `session`. */
export function connectFunctions(sdk: SdkGeneration, endpoint: string, session?: string): FunctionsApi {
  const client = sdk.version === '17.0.2' ? new appwrite17.Client() : new appwrite28.Client();
  client.setEndpoint(endpoint).setProject(TEST_PROJECT);
  if (session !== undefined) client.setSession(session);
  const functions = sdk.version === '17.0.2' ? new appwrite17.Functions(client as appwrite17.Client) : new appwrite28.Functions(client as appwrite28.Client);
  return functions as unknown as FunctionsApi;
}
