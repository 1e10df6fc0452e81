import type { Client } from 'appwrite';

type Answer = Record<string, unknown>;

function strip(document: unknown): void {
  if (document && typeof document === 'object') delete (document as Answer)['$permissions'];
}

/**
 * The site shows documents, never who may change them: `$permissions` is dropped from every
 * document (and list of documents or rows) the client receives, so no loader can pass it into a
 * page's HTML or loader data.
 */
export function withoutPermissions(client: Client): Client {
  const call = client.call.bind(client);
  client.call = async (...args: Parameters<Client['call']>) => {
    const answer: unknown = await call(...args);
    if (answer && typeof answer === 'object') {
      strip(answer);
      for (const key of ['documents', 'rows', 'files']) {
        const list = (answer as Answer)[key];
        if (Array.isArray(list)) list.forEach(strip);
      }
    }
    return answer;
  };
  return client;
}
