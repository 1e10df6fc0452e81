import { AppwriteException, Functions } from 'appwrite';
import { serverClient } from '../../../lib/appwrite.server';
import type { SendUpdateBody } from './update-form';

/** The function that sends an update to a topic's subscribers (functions/send-update; `team:editors` may run it). */
export const SEND_UPDATE_FUNCTION = 'send-update';

function parsed(text: string): Record<string, unknown> {
  try {
    const value = JSON.parse(text) as unknown;
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/**
 * Runs `send-update` as the editor (a synchronous execution); the message's id. The function's
 * refusal (`{ message }` with a 4xx) and a failed run are thrown as the SDK's errors, so the page
 * shows them like any API problem.
 */
export async function sendUpdate(request: Request, body: SendUpdateBody): Promise<string> {
  const execution = await new Functions(serverClient(request)).createExecution({ functionId: SEND_UPDATE_FUNCTION, body: JSON.stringify(body) });
  const answer = parsed(execution.responseBody);
  const status = execution.responseStatusCode;
  if (execution.status === 'completed' && status >= 200 && status < 300 && typeof answer['messageId'] === 'string') return answer['messageId'];
  const message = typeof answer['message'] === 'string' ? answer['message'] : execution.errors || `The function answered ${status}.`;
  throw new AppwriteException(message.slice(0, 500), status >= 400 && status < 600 ? status : 500, 'function_update_refused', execution.responseBody);
}
