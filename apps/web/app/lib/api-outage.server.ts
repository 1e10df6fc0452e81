import { AppwriteException, type Client } from 'appwrite';
import { data } from 'react-router';

/**
 * A page whose data the API cannot serve right now (its database is down: 503) answers 503 with
 * the site's error page rather than a 500: thrown as a route error response, so the status, the
 * server's HTML and the hydrated page agree.
 */
function asPageError(error: unknown): unknown {
  if (error instanceof AppwriteException && error.code === 503) return data(null, { status: 503 });
  return error;
}

/**
 * Makes the client's calls fail as pages do when the request renders a page (GET, HEAD). Actions
 * keep the SDK's exception, so a form can say inline that it could not be sent.
 */
export function failingAsPage(client: Client, request: Request): Client {
  if (request.method !== 'GET' && request.method !== 'HEAD') return client;
  const call = client.call.bind(client);
  client.call = async (...args: Parameters<Client['call']>) => {
    try {
      return await call(...args);
    } catch (error) {
      throw asPageError(error);
    }
  };
  return client;
}
