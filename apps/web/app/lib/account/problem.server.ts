import { AppwriteException } from 'appwrite';
import type { Problem } from './problem';

/** The problem to show for a failed API call; failures that are not API answers are logged. */
export function problemOf(error: unknown): Problem {
  if (error instanceof AppwriteException && error.type) return { type: error.type, message: error.message };
  console.error('[web] account call failed:', error);
  return { type: 'general_unknown', message: '' };
}

/** The HTTP status an action answers with for a problem: the API's, or 400 for the site's own checks. */
export function statusOf(error: unknown): number {
  return error instanceof AppwriteException && error.code >= 400 && error.code < 600 ? error.code : 500;
}
