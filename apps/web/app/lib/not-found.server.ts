import { data } from 'react-router';

/** Fatal 404 (seed §2): a route whose parameters do not resolve shows the error page. */
export function pageNotFound(request: Request): never {
  const { pathname } = new URL(request.url);
  throw data({ message: `Page Not Found: ${decodeSafely(pathname)}` }, { status: 404 });
}

export function decodeSafely(pathname: string): string {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return pathname;
  }
}
