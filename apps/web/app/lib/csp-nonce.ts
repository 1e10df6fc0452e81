import { createContext, useContext } from 'react';

declare module 'react-router' {
  interface AppLoadContext {
    /** This response's Content-Security-Policy nonce (server/handler.ts makes one per request). */
    cspNonce?: string;
  }
}

/**
 * The nonce that lets the page's own inline scripts run under the Content-Security-Policy. Set
 * around the server render (entry.server.tsx); undefined in the browser, which needs none once
 * the page is hydrated.
 */
export const CspNonceContext = createContext<string | undefined>(undefined);

export function useCspNonce(): string | undefined {
  return useContext(CspNonceContext);
}
