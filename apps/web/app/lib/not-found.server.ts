import { data } from 'react-router';
import { decodePath } from './urls';

/** Fatal 404 (seed §2): a route whose parameters do not resolve shows the error page. */
export function pageNotFound(request: Request): never {
  const { pathname } = new URL(request.url);
  throw data({ message: `Page Not Found: ${decodeSafely(pathname)}` }, { status: 404 });
}

/** A path for the 404 message: decoded when it reads as text (decodePath), else as it was sent. */
export function decodeSafely(pathname: string): string {
  return decodePath(pathname) ?? pathname;
}
