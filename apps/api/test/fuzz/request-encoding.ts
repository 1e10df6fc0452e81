/**
 * A generated case written out as the bytes of an HTTP request: world references resolved,
 * parameters percent-escaped into the path and query string or serialised into a JSON, form or
 * multipart body, the caller's credentials and the odd headers added.
 */
import { RawText, resolveWorld, toJsonText, preview, type WorldRef } from './fuzz-values.ts';
import { RAW_BODIES, type ChunkClaim, type FileBytes, type MultipartForm } from './request-extras.ts';
import { locationOf, type FuzzCase } from './route-arbitraries.ts';

export interface HttpRequest {
  method: string;
  /** Path and query string, exactly as sent. */
  path: string;
  headers: Record<string, string>;
  body: Buffer | undefined;
}

/** What the request needs from the world at the moment it is sent. */
export interface WorldView {
  projectId: string;
  apiKey: string;
  session: string;
  jwt: string;
  png: Buffer;
  lookup(ref: WorldRef): string;
}

/** Percent-escapes text as UTF-8; a lone surrogate goes as U+FFFD (a browser's choice). */
function escape(text: string): string {
  return encodeURIComponent(text.toWellFormed());
}

/** Text for a URL: RawText as is, strings escaped, anything else as escaped JSON. */
function urlText(value: unknown): string {
  if (value instanceof RawText) return value.text;
  if (typeof value === 'string') return escape(value);
  return escape(toJsonText(value));
}

function queryPairs(name: string, value: unknown, arrays: FuzzCase['arrays']): string[] {
  if (value instanceof RawText) return [`${escape(name)}=${value.text}`];
  if (!Array.isArray(value)) return [`${escape(name)}=${urlText(value)}`];
  return value.map((item, index) => {
    const key = arrays === 'brackets' ? `${name}[]` : arrays === 'indexed' ? `${name}[${index}]` : name;
    return `${escape(key)}=${urlText(item)}`;
  });
}

const FILES: Record<Exclude<FileBytes, 'png'>, () => Buffer> = {
  text: () => Buffer.from('fuzzed upload\n'),
  empty: () => Buffer.alloc(0),
  'svg-script': () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
  'six-megabytes': () => Buffer.alloc(6 * 1024 * 1024, 0x62),
};

const BOUNDARY = 'FuzzBoundary7MA4YWxkTrZu0gW';

/** Form fields as the SDKs flatten them: arrays as `name[]` repeated, objects as JSON text. */
function formFields(values: Record<string, unknown>): [string, string][] {
  return Object.entries(values).flatMap(([name, value]): [string, string][] => {
    if (Array.isArray(value)) return value.map((item) => [`${name}[]`, typeof item === 'string' ? item : toJsonText(item)]);
    if (value instanceof RawText) return [[name, value.text]];
    return [[name, typeof value === 'string' ? value : toJsonText(value)]];
  });
}

/** The Content-Range (and X-Appwrite-Id) headers a chunk claim makes for a file of `size` bytes. */
function chunkHeaders(claim: ChunkClaim, size: number, fileId: unknown): Record<string, string> {
  // The id goes as a header only when HTTP can carry it (no control characters, nothing above latin-1).
  const id: Record<string, string> = typeof fileId === 'string' && /^[\x20-\x7e\x80-\xff]{0,1000}$/.test(fileId) ? { 'x-appwrite-id': fileId } : {};
  const last = Math.max(size - 1, 0);
  switch (claim) {
    case 'none':
      return {};
    case 'whole':
      return { 'content-range': `bytes 0-${last}/${size}` };
    case 'first-of-two':
      return { 'content-range': `bytes 0-${last}/${size * 2}` };
    case 'second-of-two':
      return { 'content-range': `bytes ${size}-${size + last}/${size * 2}`, ...id };
    case 'beyond-total':
      return { 'content-range': `bytes ${size * 3}-${size * 3 + last}/${size}`, ...id };
    case 'overlapping':
      return { 'content-range': `bytes 1-${size}/${size * 2}`, ...id };
    case 'garbage':
      return { 'content-range': `bytes ${last}-0/-${size}`, ...id };
  }
}

function fileBytes(form: MultipartForm, png: Buffer): Buffer {
  return form.bytes === 'png' ? png : FILES[form.bytes]();
}

function multipartBody(fields: [string, string][], form: MultipartForm, png: Buffer): { contentType: string | undefined; body: Buffer } {
  const bytes = fileBytes(form, png);
  const field = ([name, value]: [string, string]) => Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name.replace(/["\r\n]/g, '_')}"\r\n\r\n${value}\r\n`);
  const filePart = Buffer.concat([Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${form.filename.replace(/["\r\n]/g, '_')}"\r\nContent-Type: application/octet-stream\r\n\r\n`), bytes, Buffer.from('\r\n')]);
  const end = Buffer.from(`--${BOUNDARY}--\r\n`);
  const fieldParts = fields.map(field);
  const typed = `multipart/form-data; boundary=${BOUNDARY}`;
  switch (form.variant) {
    case 'ok':
      return { contentType: typed, body: Buffer.concat([...fieldParts, filePart, end]) };
    case 'no-boundary':
      return { contentType: 'multipart/form-data', body: Buffer.concat([...fieldParts, filePart, end]) };
    case 'part-without-headers':
      return { contentType: typed, body: Buffer.concat([Buffer.from(`--${BOUNDARY}\r\n\r\nvalue\r\n`), filePart, end]) };
    case 'truncated': {
      const whole = Buffer.concat([...fieldParts, filePart, end]);
      return { contentType: typed, body: whole.subarray(0, Math.max(1, Math.floor(whole.length / 2))) };
    }
    case 'wrong-boundary':
      return { contentType: 'multipart/form-data; boundary=other', body: Buffer.concat([...fieldParts, filePart, end]) };
    case 'no-file':
      return { contentType: typed, body: Buffer.concat([...fieldParts, end]) };
    case 'two-files':
      return { contentType: typed, body: Buffer.concat([...fieldParts, filePart, filePart, end]) };
    case 'file-first':
      return { contentType: typed, body: Buffer.concat([filePart, ...fieldParts, end]) };
    case 'not-multipart':
      return { contentType: 'application/json', body: Buffer.from(toJsonText(Object.fromEntries(fields))) };
    case 'no-final-boundary':
      return { contentType: typed, body: Buffer.concat([...fieldParts, filePart]) };
  }
}

function projectHeaders(fuzzCase: FuzzCase, projectId: string): { headers: Record<string, string>; query: string[] } {
  switch (fuzzCase.project.kind) {
    case 'header':
      return { headers: { 'x-appwrite-project': projectId }, query: [] };
    case 'query':
      return { headers: {}, query: [`project=${escape(projectId)}`] };
    case 'none':
      return { headers: {}, query: [] };
    case 'wrong':
      return { headers: { 'x-appwrite-project': fuzzCase.project.value }, query: [] };
    case 'conflict':
      return { headers: { 'x-appwrite-project': projectId }, query: [`project=other-project`] };
  }
}

function credentials(fuzzCase: FuzzCase, world: WorldView): Record<string, string> {
  if (fuzzCase.caller === 'key') return { 'x-appwrite-key': world.apiKey };
  if (fuzzCase.caller === 'guest') return {};
  const cookie = `a_session_${world.projectId}`;
  switch (fuzzCase.channel) {
    case 'cookie':
      return { cookie: `${cookie}=${escape(world.session)}` };
    case 'legacy-cookie':
      return { cookie: `${cookie}_legacy=${escape(world.session)}` };
    case 'header':
      return { 'x-appwrite-session': world.session };
    case 'fallback':
      return { 'x-fallback-cookies': JSON.stringify({ [cookie]: world.session }) };
    case 'jwt':
      return { 'x-appwrite-jwt': world.jwt };
  }
}

/**
 * A value as a header can carry it: text as is when every character may appear in a header,
 * otherwise percent-encoded (HTTP clients refuse control characters), anything else as JSON.
 */
function percentEncoded(character: string): string {
  try {
    return encodeURIComponent(character);
  } catch {
    return '%ED%A0%80'; // a lone surrogate: its bytes as they would be, invalid UTF-8
  }
}

function headerText(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value) ?? '';
  return /^[\t\x20-\x7e]*$/.test(text) ? text : text.replace(/[^\t\x20-\x7e]/gu, percentEncoded);
}

/** The request a case stands for, against the world as it is now. */
export function materialise(fuzzCase: FuzzCase, world: WorldView): HttpRequest {
  const { route, template } = fuzzCase;
  const values = resolveWorld(fuzzCase.params, world.lookup) as Record<string, unknown>;
  const project = projectHeaders(fuzzCase, world.projectId);
  const query: string[] = [...project.query];
  const bodyValues: Record<string, unknown> = {};
  const headerValues: Record<string, string> = {};
  let path = `/v1${template}`;
  for (const name of Object.keys(route.params)) {
    const location = locationOf(route, name, template);
    const value = values[name];
    if (location === 'path') path = path.replace(`{${name}}`, value === undefined ? '' : urlText(value));
    else if (value === undefined) continue;
    else if (location === 'query') query.push(...queryPairs(name, value, fuzzCase.arrays));
    else if (location === 'header') headerValues[route.params[name]!.header!.toLowerCase()] = headerText(value);
    else bodyValues[name] = value;
  }
  query.push(...fuzzCase.extraQuery.map((pair) => pair.text));
  const headers: Record<string, string> = { ...project.headers, ...credentials(fuzzCase, world), ...headerValues };
  for (const [name, value] of Object.entries(fuzzCase.headers)) {
    const text = value.replaceAll('{project}', world.projectId);
    // A junk cookie goes beside the session cookie, not instead of it.
    headers[name] = name === 'cookie' && headers['cookie'] ? `${text}; ${headers['cookie']}` : text;
  }
  let body: Buffer | undefined;
  let contentType: string | undefined;
  if (fuzzCase.range) headers['range'] = fuzzCase.range;
  if (fuzzCase.multipart) {
    ({ contentType, body } = multipartBody(formFields(bodyValues), fuzzCase.multipart, world.png));
    Object.assign(headers, chunkHeaders(fuzzCase.multipart.chunk, fileBytes(fuzzCase.multipart, world.png).length, bodyValues['fileId']));
  } else if (route.method !== 'GET' || fuzzCase.body.kind === 'raw') {
    const form = fuzzCase.body;
    if (form.kind === 'raw') {
      contentType = form.contentType;
      body = RAW_BODIES[form.body]();
    } else if (form.kind === 'form') {
      contentType = 'application/x-www-form-urlencoded';
      body = Buffer.from(formFields(bodyValues).map(([name, value]) => `${escape(name)}=${escape(value)}`).join('&'));
    } else if (Object.keys(bodyValues).length || route.method !== 'DELETE') {
      contentType = form.contentType;
      body = Buffer.from(toJsonText(bodyValues));
    }
  }
  if (contentType !== undefined && body !== undefined) headers['content-type'] = contentType;
  return { method: fuzzCase.method, path: query.length ? `${path}?${query.join('&')}` : path, headers, body };
}

/** The request in a few lines, long values cut: for failure reports and replays. */
export function describeRequest(request: HttpRequest): string {
  const cut = (text: string, limit: number) => (text.length > limit ? `${text.slice(0, limit)}… (${text.length} chars)` : text);
  const headers = Object.entries(request.headers).map(([name, value]) => `  ${name}: ${cut(value, 200)}`);
  const body = request.body ? [`  body (${request.body.length} bytes): ${cut(request.body.subarray(0, 600).toString('utf8'), 500)}`] : [];
  return [`${request.method} ${cut(request.path, 600)}`, ...headers, ...body].join('\n');
}

/** The case in one line: route, caller and each parameter's value (world references by name). */
export function describeCase(fuzzCase: FuzzCase): string {
  const params = Object.entries(fuzzCase.params).map(([name, value]) => `${name}=${preview(value, 120)}`);
  const extras = [
    fuzzCase.project.kind === 'header' ? '' : `project:${fuzzCase.project.kind}`,
    Object.keys(fuzzCase.headers).length ? `headers:${Object.keys(fuzzCase.headers).join(',')}` : '',
    fuzzCase.body.kind === 'json' && fuzzCase.body.contentType === 'application/json' ? '' : `body:${fuzzCase.body.kind === 'raw' ? fuzzCase.body.body : fuzzCase.body.kind}`,
    fuzzCase.multipart ? `multipart:${fuzzCase.multipart.variant}/${fuzzCase.multipart.bytes}/chunk:${fuzzCase.multipart.chunk}` : '',
    fuzzCase.range ? `range:${fuzzCase.range}` : '',
    fuzzCase.extraQuery.length ? `extraQuery:${fuzzCase.extraQuery.map((pair) => preview(pair.text, 60)).join('&')}` : '',
  ].filter(Boolean);
  return `${fuzzCase.route.id} ${fuzzCase.method} ${fuzzCase.template} as ${fuzzCase.caller}${fuzzCase.caller === 'user' ? `(${fuzzCase.channel})` : ''} {${params.join(', ')}} ${extras.join(' ')}`.trim();
}
