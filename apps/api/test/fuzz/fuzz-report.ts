/**
 * What a fuzz run tells: counts by status, route and error type, time spent per route and the
 * slowest answer — and, when a property broke, everything needed to replay it.
 */
import type fc from 'fast-check';
import type { HttpAnswer } from './http-send.ts';
import { describeCase, describeRequest, type HttpRequest } from './request-encoding.ts';
import type { FuzzCase } from './route-arbitraries.ts';

export interface FuzzReport {
  requests: number;
  durationMs: number;
  byStatus: Record<string, number>;
  /** Answers below 400. */
  accepted: number;
  /** Refused requests after which the store was compared. */
  refusedChecked: number;
  /** Route id → status → answers. */
  byRoute: Record<string, Record<string, number>>;
  /** `status type` of error answers → count. */
  byErrorType: Record<string, number>;
  /** Route id → milliseconds spent waiting for its answers. */
  msByRoute: Record<string, number>;
  /** The longest wait for one answer, and for which route. */
  slowest: { ms: number; route: string };
}

export function emptyReport(): FuzzReport {
  return { requests: 0, durationMs: 0, byStatus: {}, accepted: 0, refusedChecked: 0, byRoute: {}, byErrorType: {}, msByRoute: {}, slowest: { ms: 0, route: '' } };
}

const add = (counts: Record<string, number>, key: string | number, amount = 1) => (counts[key] = (counts[key] ?? 0) + amount);

/** Counts one answer (already checked: an error body is JSON in Appwrite's shape). */
export function recordAnswer(report: FuzzReport, route: string, method: string, answer: HttpAnswer, waitedMs: number): void {
  report.requests++;
  add(report.byStatus, answer.status);
  add((report.byRoute[route] ??= {}), answer.status);
  add(report.msByRoute, route, waitedMs);
  if (waitedMs > report.slowest.ms) report.slowest = { ms: Math.round(waitedMs), route };
  if (answer.status < 400) report.accepted++;
  else if (method !== 'HEAD') add(report.byErrorType, `${answer.status} ${(JSON.parse(answer.body.toString('utf8')) as { type: string }).type}`);
}

/** A broken property, with the request that broke it. */
export class PropertyFailure extends Error {
  override readonly name = 'PropertyFailure';
  readonly request: HttpRequest;
  constructor(message: string, request: HttpRequest) {
    super(message);
    this.request = request;
  }
}

/** The seed and path, the command that replays them, what broke, and the smallest failing request. */
export function failureReport(details: fc.RunDetails<[FuzzCase]>, requests: number, replayHint: string, report: FuzzReport): string {
  const error = details.errorInstance;
  const failure = error instanceof PropertyFailure ? error : undefined;
  return [
    `API fuzz failed after ${details.numRuns} runs (${report.requests} requests sent, ${details.numShrinks} shrinks)`,
    `seed: ${details.seed}   path: ${details.counterexamplePath}`,
    `replay: ${replayHint} --seed ${details.seed} --path ${details.counterexamplePath} --requests ${requests}`,
    `problem: ${error instanceof Error ? error.message : String(error)}`,
    details.counterexample ? `smallest failing case: ${describeCase(details.counterexample[0])}` : '',
    failure ? `request sent:\n${describeRequest(failure.request)}` : '',
    error instanceof Error && !failure ? `stack: ${error.stack}` : '',
  ]
    .filter(Boolean)
    .join('\n');
}
