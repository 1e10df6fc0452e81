import { useEffect } from 'react';
import { useRevalidator } from 'react-router';

const EVERY_MS = 1000;

/**
 * While work runs on the server (an import, an export), the page asks for fresh data every second (with JavaScript); without
 * JavaScript, RefreshWithoutScript's meta refresh reloads it.
 */
export function useRefreshWhile(running: boolean): void {
  const revalidator = useRevalidator();
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => {
      if (revalidator.state === 'idle') void revalidator.revalidate();
    }, EVERY_MS);
    return () => clearInterval(timer);
  }, [running, revalidator]);
}

/** A reload every 2 s for browsers without JavaScript (inside <noscript>, so scripts never see it). */
export function RefreshWithoutScript({ running }: { running: boolean }) {
  if (!running) return null;
  return <noscript dangerouslySetInnerHTML={{ __html: '<meta http-equiv="refresh" content="2">' }} />;
}
