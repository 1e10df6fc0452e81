import { Cron } from 'croner';
import { z } from 'zod';
import { KEY_SCOPES } from '../core/api-keys.ts';

/** Appwrite's Node.js runtimes (the SDKs' `Runtime` enum); every one runs on this server's Node.js. */
export const NODE_RUNTIMES = ['node-14.5', 'node-16.0', 'node-18.0', 'node-19.0', 'node-20.0', 'node-21.0', 'node-22', 'node-23', 'node-24', 'node-25'] as const;

/** Appwrite's function specifications (app/config/specifications.php): CPUs and memory in MB. */
export const SPECIFICATIONS: Readonly<Record<string, { cpus: number; memory: number }>> = {
  's-0.5vcpu-512mb': { cpus: 0.5, memory: 512 },
  's-1vcpu-512mb': { cpus: 1, memory: 512 },
  's-1vcpu-1gb': { cpus: 1, memory: 1024 },
  's-2vcpu-2gb': { cpus: 2, memory: 2048 },
  's-2vcpu-4gb': { cpus: 2, memory: 4096 },
  's-4vcpu-4gb': { cpus: 4, memory: 4096 },
  's-4vcpu-8gb': { cpus: 4, memory: 8192 },
  's-8vcpu-4gb': { cpus: 8, memory: 4096 },
  's-8vcpu-8gb': { cpus: 8, memory: 8192 },
};

/** Appwrite's default timeout and its ceiling (`_APP_FUNCTIONS_TIMEOUT`), in seconds. */
const DEFAULT_TIMEOUT = 15;
const MAX_TIMEOUT = 900;

/** The macros Appwrite's cron library (dragonmantank/cron-expression) accepts besides five fields. */
const CRON_MACROS = new Set(['@yearly', '@annually', '@monthly', '@weekly', '@daily', '@midnight', '@hourly']);

/** Why `expression` is not a schedule Appwrite would run, or null when it is. */
export function cronProblem(expression: string): string | null {
  const trimmed = expression.trim();
  if (!CRON_MACROS.has(trimmed) && trimmed.split(/\s+/).length !== 5) return 'needs five fields (minute hour day month weekday)';
  try {
    new Cron(trimmed, { paused: true });
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

const functionIdPattern = /^[A-Za-z0-9][A-Za-z0-9._-]{0,35}$/;

const declarationSchema = z.object({
  $id: z.string().regex(functionIdPattern, 'ids are at most 36 chars of a-z A-Z 0-9 . - _'),
  name: z.string().min(1).max(128),
  runtime: z.string().refine((runtime) => (NODE_RUNTIMES as readonly string[]).includes(runtime), {
    error: (issue) => `runtime "${String(issue.input)}" is not supported; this server runs Node.js functions: ${NODE_RUNTIMES.join(', ')}`,
  }),
  execute: z.array(z.string().min(1)).max(100).default([]),
  events: z.array(z.string().min(1)).max(100).default([]),
  schedule: z.string().default('').superRefine((schedule, context) => {
    const problem = schedule.trim() === '' ? null : cronProblem(schedule);
    if (problem) context.addIssue({ code: 'custom', message: `"${schedule}" is not a cron expression: ${problem}` });
  }),
  timeout: z.number().int().min(1).max(MAX_TIMEOUT).default(DEFAULT_TIMEOUT),
  enabled: z.boolean().default(true),
  logging: z.boolean().default(true),
  entrypoint: z.string().min(1).max(1024),
  /** Build command in the CLI's format; this server runs none (dependencies come from the workspace install). */
  commands: z.string().default(''),
  path: z.string().min(1).optional(),
  scopes: z.array(z.string()).default([]).superRefine((scopes, context) => {
    for (const scope of scopes) if (!KEY_SCOPES.has(scope)) context.addIssue({ code: 'custom', message: `unknown scope "${scope}"` });
  }),
  /**
   * The function's environment variables (the CLI's `vars`). A value written `${SITE_URL}` or
   * `${SITE_NAME}` is the server's own setting, so a deployment's address is not copied here.
   */
  vars: z.record(z.string().regex(/^[A-Za-z_][A-Za-z0-9_]{0,127}$/, 'variable names are letters, digits and _'), z.string().max(8192)).default({}),
  specification: z.string().default('s-1vcpu-512mb').refine((name) => name in SPECIFICATIONS, {
    error: (issue) => `specification "${String(issue.input)}" is not one of ${Object.keys(SPECIFICATIONS).join(', ')}`,
  }),
});

export type FunctionDeclaration = Omit<z.infer<typeof declarationSchema>, 'path'> & { path: string };

/**
 * The `functions` array of `appwrite.json`: every problem names its function
 * (`function "export-pdf": schedule: …`), and an id may be declared once.
 */
export const functionDeclarationsSchema = z.array(z.unknown()).transform((entries, context): FunctionDeclaration[] => {
  const declarations: FunctionDeclaration[] = [];
  const seen = new Set<string>();
  entries.forEach((entry, index) => {
    const rawId = typeof entry === 'object' && entry !== null ? (entry as Record<string, unknown>).$id : undefined;
    const label = typeof rawId === 'string' && rawId !== '' ? `function "${rawId}"` : `function at position ${index + 1}`;
    if (typeof rawId === 'string' && seen.has(rawId)) context.addIssue({ code: 'custom', path: [index], message: `${label}: the id is declared twice` });
    if (typeof rawId === 'string') seen.add(rawId);
    const parsed = declarationSchema.safeParse(entry);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = issue.path.length ? `${issue.path.join('.')}: ` : '';
        context.addIssue({ code: 'custom', path: [index], message: `${label}: ${field}${issue.message}` });
      }
      return;
    }
    declarations.push({ ...parsed.data, path: parsed.data.path ?? `functions/${parsed.data.$id}` });
  });
  return declarations;
});
