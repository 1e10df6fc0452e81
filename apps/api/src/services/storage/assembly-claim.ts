import type { AtRestMeta } from './at-rest.ts';
import { hasStopped, instanceName, isThisProcess, parseInstanceName, THIS_PROCESS, type ProcessInstance } from './process-instance.ts';

/** A claim held by a process on another host (whose pid cannot be checked) is taken over after this long. */
export const FOREIGN_CLAIM_MS = 60 * 60 * 1000;

/** What a joined file will be once complete: recorded before its bytes are placed, so a crash after placing can finish the job. */
export interface ReadyFile {
  md5: string;
  mimeType: string;
  sizeActual: number;
  meta: AtRestMeta;
}

/**
 * Held in a file record's `storage` column while its status is `assembling`: which process joins
 * the chunks, since when, and (once the joined bytes are ready) what they are.
 */
export interface AssemblyClaim {
  by: string;
  since: string;
  ready?: ReadyFile;
}

export function newClaim(holder: ProcessInstance = THIS_PROCESS): AssemblyClaim {
  return { by: instanceName(holder), since: new Date().toISOString() };
}

export function encodeClaim(claim: AssemblyClaim): string {
  return JSON.stringify(claim);
}

/** The claim in a record's `storage` column; undefined for what an older version left there. */
export function decodeClaim(storage: unknown): AssemblyClaim | undefined {
  try {
    const claim = JSON.parse(String(storage)) as Partial<AssemblyClaim>;
    return typeof claim.by === 'string' && typeof claim.since === 'string' ? (claim as AssemblyClaim) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * True when nobody is working on the claim any more: its process stopped, it is this process's
 * but no assembly of it runs here (it failed half-way), or it is another host's and old.
 * `runningHere`: whether this process is assembling the file right now.
 */
export function claimIsAbandoned(claim: AssemblyClaim | undefined, runningHere: boolean, now = Date.now()): boolean {
  if (!claim) return true;
  const holder = parseInstanceName(claim.by);
  if (!holder) return true;
  if (isThisProcess(holder)) return !runningHere;
  return hasStopped(holder) ?? now - Date.parse(claim.since) > FOREIGN_CLAIM_MS;
}
