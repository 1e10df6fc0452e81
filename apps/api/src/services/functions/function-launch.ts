/** What a run needs besides the function: who asked, how, and the secrets made for this run. */
export interface Launch {
  executionId: string;
  trigger: 'http' | 'schedule' | 'event';
  method: string;
  path: string;
  body: string;
  /** The caller's own headers (already validated: none starts with x-appwrite-). */
  headers: Record<string, string>;
  userId: string;
  /** A JWT acting as the caller's session; '' for guests, keys and schedules. */
  userJwt: string;
  /** The dynamic key limited to the function's scopes. */
  key: string;
  clientIp: string;
  /** The event that triggered the run (x-appwrite-event), for trigger `event`. */
  event?: string;
}

/** The request headers Appwrite adds to every execution (Executions/Create.php), over the caller's. */
export function launchHeaders(launch: Launch): Record<string, string> {
  return {
    ...launch.headers,
    'x-appwrite-execution-id': launch.executionId,
    'x-appwrite-key': launch.key,
    'x-appwrite-trigger': launch.trigger,
    ...(launch.event === undefined ? {} : { 'x-appwrite-event': launch.event }),
    'x-appwrite-user-id': launch.userId,
    'x-appwrite-user-jwt': launch.userJwt,
    // No geo-IP for the caller's country here, so these stay as Appwrite sends them without a record.
    'x-appwrite-country-code': '',
    'x-appwrite-continent-code': '',
    'x-appwrite-continent-eu': 'false',
    'x-appwrite-client-ip': launch.clientIp,
  };
}

/** The APPWRITE_* variables Appwrite sets besides the APPWRITE_FUNCTION_* ones the worker pool adds. */
export const LAUNCH_ENVIRONMENT: Readonly<Record<string, string>> = {
  APPWRITE_VERSION: '1.6.2',
  APPWRITE_REGION: 'default',
  APPWRITE_DEPLOYMENT_TYPE: 'manual',
};
