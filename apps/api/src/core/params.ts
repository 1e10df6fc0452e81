import { z } from 'zod';
import { CUSTOM_ID_DESCRIPTION, isValidId, UID_DESCRIPTION } from '@ballot-atlas/shared/appwrite/id';
import { MAX_QUERIES, MAX_QUERY_LENGTH } from '@ballot-atlas/shared/appwrite/query';
import { MAX_PERMISSIONS } from '@ballot-atlas/shared/appwrite/permission';
import { isStorableText } from '../schema/validate-document.ts';

/** One declared parameter. Location is derived: path if named in the path, else query (GET) or body; or the request header `header` names. */
export interface ParamDefinition<T extends z.ZodType = z.ZodType> {
  schema: T;
  required: boolean;
  description: string;
  /** Read from this request header (e.g. `X-Ballot-Source`) instead of the path, query or body. */
  header?: string;
}

export type ParamShape = Record<string, ParamDefinition>;

export type ParamValues<P extends ParamShape> = {
  [K in keyof P]: P[K]['required'] extends true ? z.output<P[K]['schema']> : z.output<P[K]['schema']> | undefined;
};

type Options = { description: string };

const PREFS_MAX_BYTES = 65_536;
/** As deep as PHP's json_decode reads (so as Appwrite accepts); deeper would overflow the stack when serialised. */
const PREFS_MAX_DEPTH = 512;

/** True when no array or object inside `value` is nested deeper than `limit`; iterative, so any depth is safe to ask about. */
function nestedAtMost(value: unknown, limit: number): boolean {
  const pending: [unknown, number][] = [[value, 1]];
  while (pending.length) {
    const [current, depth] = pending.pop()!;
    if (current === null || typeof current !== 'object') continue;
    if (depth > limit) return false;
    for (const child of Object.values(current)) pending.push([child, depth + 1]);
  }
  return true;
}

function define<T extends z.ZodType, R extends boolean>(schema: T, required: R, description: string): ParamDefinition<T> & { required: R } {
  return { schema, required, description };
}

/** Param builders; each carries Appwrite's validator wording as its error message. */
export const param = {
  string<const R extends boolean = false>(options: Options & { required?: R; max?: number; min?: number }) {
    const max = options.max ?? 4096;
    const min = options.min ?? 0;
    const message = `Value must be a valid string${min ? ` and at least ${min} chars` : ''} and no longer than ${max} chars`;
    // Text is stored as both engines can keep it (PostgreSQL refuses NUL), as document attributes are.
    const schema = z.string({ error: message }).min(min, { error: message }).max(max, { error: message }).refine(isStorableText, { error: message });
    return define(schema, (options.required ?? false) as R, options.description);
  },
  /** A new resource's id, chosen by the client; `unique()` asks the server to generate one. */
  newId<const R extends boolean = false>(options: Options & { required?: R }) {
    const schema = z.string({ error: CUSTOM_ID_DESCRIPTION }).refine((value) => value === 'unique()' || isValidId(value), { error: CUSTOM_ID_DESCRIPTION });
    return define(schema, (options.required ?? false) as R, options.description);
  },
  /** The id of an existing resource. */
  uid<const R extends boolean = false>(options: Options & { required?: R }) {
    const schema = z.string({ error: UID_DESCRIPTION }).refine(isValidId, { error: UID_DESCRIPTION });
    return define(schema, (options.required ?? false) as R, options.description);
  },
  queries<const R extends boolean = false>(options: Options & { required?: R }) {
    const message = `Value must a valid array no longer than ${MAX_QUERIES} items and Value must be a valid string and at least 1 chars and no longer than ${MAX_QUERY_LENGTH} chars`;
    const schema = z.array(z.string({ error: message }).min(1, { error: message }).max(MAX_QUERY_LENGTH, { error: message }), { error: message }).max(MAX_QUERIES, { error: message });
    return define(schema, (options.required ?? false) as R, options.description);
  },
  permissions<const R extends boolean = false>(options: Options & { required?: R }) {
    const message = `Permissions must be an array of at most ${MAX_PERMISSIONS} permission strings`;
    const schema = z.array(z.string({ error: message }).max(4096, { error: message }), { error: message }).max(MAX_PERMISSIONS, { error: message }).nullable();
    return define(schema, (options.required ?? false) as R, options.description);
  },
  object<const R extends boolean = false>(options: Options & { required?: R }) {
    const message = 'Value must be a valid object.';
    const schema = z.record(z.string(), z.unknown(), { error: message });
    return define(schema, (options.required ?? false) as R, options.description);
  },
  /** Team roles: free strings of key characters, at most 32 each and 100 in all (Appwrite's Key validator). */
  roles<const R extends boolean = false>(options: Options & { required?: R }) {
    const message = 'Value must a valid array no longer than 100 items and Parameter must contain at most 32 chars. Valid chars are a-z, A-Z, 0-9, period, hyphen, and underscore. Can\'t start with a special char';
    const schema = z.array(z.string({ error: message }).regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,31}$/, { error: message }), { error: message }).max(100, { error: message });
    return define(schema, (options.required ?? false) as R, options.description);
  },
  /** A free-form preferences object (account, team), at most 64 KiB as JSON and 512 levels deep. */
  prefs<const R extends boolean = false>(options: Options & { required?: R }) {
    const message = `Value must be a valid object no larger than ${PREFS_MAX_BYTES} bytes and nested at most ${PREFS_MAX_DEPTH} levels deep.`;
    const schema = z
      .record(z.string(), z.unknown(), { error: message })
      .refine((value) => nestedAtMost(value, PREFS_MAX_DEPTH) && Buffer.byteLength(JSON.stringify(value)) <= PREFS_MAX_BYTES, { error: message });
    return define(schema, (options.required ?? false) as R, options.description);
  },
  boolean<const R extends boolean = false>(options: Options & { required?: R }) {
    return define(z.boolean({ error: 'Value must be a valid boolean' }), (options.required ?? false) as R, options.description);
  },
  email<const R extends boolean = false>(options: Options & { required?: R }) {
    const message = 'Value must be a valid email address';
    const schema = z.string({ error: message }).max(254, { error: message }).pipe(z.email({ error: message })).transform((value) => value.toLowerCase());
    return define(schema, (options.required ?? false) as R, options.description);
  },
  password<const R extends boolean = false>(options: Options & { required?: R; min?: number }) {
    const min = options.min ?? 8;
    const message = `Password must be between ${min} and 256 characters long.`;
    const schema = z.string({ error: message }).min(min, { error: message }).max(256, { error: message });
    return define(schema, (options.required ?? false) as R, options.description);
  },
  phone<const R extends boolean = false>(options: Options & { required?: R }) {
    const message = "Phone number must start with a '+' can have a maximum of fifteen digits.";
    const schema = z.string({ error: message }).regex(/^\+[1-9]\d{6,14}$/, { error: message });
    return define(schema, (options.required ?? false) as R, options.description);
  },
  url<const R extends boolean = false>(options: Options & { required?: R }) {
    const message = 'Value must be a valid URL';
    const schema = z.string({ error: message }).max(2048, { error: message }).refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), { error: message });
    return define(schema, (options.required ?? false) as R, options.description);
  },
  strings<const R extends boolean = false>(options: Options & { required?: R; max?: number }) {
    const message = `Value must a valid array no longer than ${options.max ?? 100} items and Value must be a valid string and no longer than 4096 chars`;
    const schema = z.array(z.string({ error: message }).max(4096, { error: message }).refine(isStorableText, { error: message }), { error: message }).max(options.max ?? 100, { error: message });
    return define(schema, (options.required ?? false) as R, options.description);
  },
  integer<const R extends boolean = false>(options: Options & { required?: R; min: number; max: number }) {
    const format = new Intl.NumberFormat('en-US');
    const message = `Value must be a valid range between ${format.format(options.min)} and ${format.format(options.max)}`;
    const schema = z.number({ error: message }).int({ error: message }).min(options.min, { error: message }).max(options.max, { error: message });
    return define(schema, (options.required ?? false) as R, options.description);
  },
};
