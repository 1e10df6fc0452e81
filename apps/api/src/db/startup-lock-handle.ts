/** Held from before the first schema statement until the demo seed is done; released on exit or crash too. */
export interface StartupLock {
  release(): Promise<void>;
}
