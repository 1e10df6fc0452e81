import { Account, AppwriteException, Client } from 'appwrite';
import { failingAsPage } from '../api-outage.server';
import { visitorHeaders } from '../appwrite.server';
import { siteEnv } from '../env.server';
import { requestLanguage } from '../i18n.server';
import { applySetCookies, hasSessionCookie } from './session-cookie';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * The visitor as the API sees them during one loader or action: their cookies, address, browser
 * and language (mails go out in it). The SDK drops the API's Set-Cookie, so the few calls that
 * start or end a session go through `send`, which keeps it for this site's response and uses the
 * new session for the calls that follow.
 */
export class Visitor {
  private cookie: string | null;
  private readonly setCookies: string[] = [];
  readonly language: string;

  constructor(private readonly request: Request) {
    this.cookie = request.headers.get('cookie');
    this.language = requestLanguage(request);
  }

  /** False when the visitor certainly has no session (no cookie), so asking the API is pointless. */
  get mayBeSignedIn(): boolean {
    return hasSessionCookie(this.cookie);
  }

  private headers(): Record<string, string> {
    const headers = visitorHeaders(this.request);
    delete headers['Cookie'];
    if (this.cookie) headers['Cookie'] = this.cookie;
    headers['X-Appwrite-Locale'] = this.language;
    // The API marks its session cookie Secure by the protocol it was reached with; the site may
    // reach it over plain http on the same machine while visitors use https.
    headers['X-Forwarded-Proto'] = new URL(this.request.url).protocol.replace(':', '');
    return headers;
  }

  /** The official SDK, calling as the visitor (with the newest session this request obtained). */
  client(): Client {
    const env = siteEnv();
    const client = new Client().setEndpoint(env.apiEndpoint).setProject(env.projectId);
    Object.assign(client.headers, this.headers());
    return failingAsPage(client, this.request);
  }

  get account(): Account {
    return new Account(this.client());
  }

  /** A JSON call whose Set-Cookie reaches the browser; errors are the SDK's AppwriteException. */
  async send<T = unknown>(method: Method, path: string, params: Record<string, unknown> = {}): Promise<T> {
    const env = siteEnv();
    const response = await fetch(`${env.apiEndpoint}${path}`, {
      method,
      headers: { ...this.headers(), 'X-Appwrite-Project': env.projectId, 'Content-Type': 'application/json', Accept: 'application/json' },
      body: method === 'GET' ? undefined : JSON.stringify(params),
    });
    this.keepCookies(response.headers.getSetCookie());
    const text = await response.text();
    const body = (response.headers.get('content-type') ?? '').includes('application/json') && text ? (JSON.parse(text) as Record<string, unknown>) : {};
    if (response.status >= 400) {
      throw new AppwriteException(String(body['message'] ?? text), response.status, String(body['type'] ?? ''), text);
    }
    return body as T;
  }

  /** Set-Cookie headers from the API (or the site) for this response; later calls use them too. */
  keepCookies(setCookies: readonly string[]): void {
    this.setCookies.push(...setCookies);
    this.cookie = applySetCookies(this.cookie, setCookies);
  }

  /** Headers for the site's response: every cookie set while handling the request. */
  responseHeaders(): Headers {
    const headers = new Headers();
    for (const cookie of this.setCookies) headers.append('Set-Cookie', cookie);
    return headers;
  }
}

/** The API's error type, or '' for anything that is not an API answer (network trouble…). */
export function errorType(error: unknown): string {
  return error instanceof AppwriteException ? (error.type ?? '') : '';
}
