import { AppwriteException, type Client } from 'appwrite';

/**
 * The SDK parses every JSON answer with json-bigint, a parser written in JavaScript, so that 64-bit
 * integers survive; on a rendered page that was 7 % of the server's CPU (a candidate list parses
 * hundreds of documents). The directory holds no integer beyond 2^53, so answers the site reads
 * on the server are parsed with the engine's JSON.parse; the request, its errors and everything
 * but the parser are the SDK's own (`prepareRequest`, `AppwriteException`).
 */
export function withNativeJson(client: Client): Client {
  const call = client.call.bind(client);
  client.call = async (method, url, headers = {}, params = {}, responseType = 'json') => {
    if (responseType !== 'json') return call(method, url, headers, params, responseType);
    const { uri, options } = client.prepareRequest(method, url, headers, params);
    const response = await fetch(uri, options);
    const text = await response.text();
    const data = response.headers.get('content-type')?.includes('application/json') ? (JSON.parse(text) as Record<string, unknown>) : { message: text };
    if (response.status >= 400) {
      const message = typeof data['message'] === 'string' ? data['message'] : text;
      throw new AppwriteException(message, response.status, typeof data['type'] === 'string' ? data['type'] : '', text);
    }
    return data;
  };
  return client;
}
