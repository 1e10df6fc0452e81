import { parse } from 'tldts';

/** The registrable domain (`example.co.uk` for `api.example.co.uk`) on the public suffix list; '' for IPs, `localhost` and unknown suffixes. */
function registrableDomain(host: string): string {
  const parsed = parse(host, { allowPrivateDomains: true });
  if (parsed.isIp || !(parsed.isIcann || parsed.isPrivate)) return '';
  return parsed.domain ?? '';
}

function hostOf(url: string): string {
  try {
    return new URL(url).hostname;
  } catch {
    return '';
  }
}

/**
 * Appwrite's `domainVerification`: true when the caller's page (Origin, else Referer) is on the
 * API's registrable domain, so the browser keeps our session cookie. When false (another site,
 * no origin at all, localhost or an IP address) the session also travels in `X-Fallback-Cookies`.
 */
export function originOnApiDomain(origin: string | undefined, referer: string | undefined, apiHostname: string): boolean {
  const page = registrableDomain(hostOf(origin || referer || ''));
  return page !== '' && page === registrableDomain(apiHostname);
}
