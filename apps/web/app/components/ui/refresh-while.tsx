import { useEffect } from 'react';
import { useCoalescedRevalidate } from '../../lib/live/use-coalesced-revalidate';

const EVERY_MS = 1000;

/**
 * While work runs on the server (an import, an export), the page asks for fresh data every second (with JavaScript); without
 * JavaScript, RefreshWithoutScript's meta refresh reloads it. Pages that follow editors' changes
 * use lib/live/use-live-refresh.ts instead; both revalidate through useCoalescedRevalidate.
 */
export function useRefreshWhile(running: boolean): void {
  const refresh = useCoalescedRevalidate();
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(refresh, EVERY_MS);
    return () => clearInterval(timer);
  }, [running, refresh]);
}

/** A reload every 2 s for browsers without JavaScript (inside <noscript>, so scripts never see it). */
export function RefreshWithoutScript({ running }: { running: boolean }) {
  if (!running) return null;
  return <noscript dangerouslySetInnerHTML={{ __html: '<meta http-equiv="refresh" content="2">' }} />;
}
