/**
 * One cell of the matrix: a resource, an operation, a target, a principal; the answer Appwrite's
 * rules give, and the real server's. The runner asks every cell and reports each disagreement as
 * one readable line.
 */
import { routes } from '../../../src/core/registry.ts';
import { scopeRefusal, type Outcome } from './appwrite-rules.ts';
import { inPool, type Reply } from './matrix-http.ts';
import type { Principal } from './principals.ts';

export interface Cell {
  /** `collection regions`, `bucket media`, `team editors`, `topic contact`. */
  resource: string;
  operation: string;
  /** The target's permission variant, when the operation has one. */
  target?: string;
  principal: Principal;
  /** The registry route the request reaches: its scope is checked before anything else. */
  routeId: string;
  /** Evaluated when the cell runs, so it sees the principals' memberships of that moment. */
  expected(): Outcome;
  /** Sends the request; `expected` lets a cell that will change its target use a fresh one. */
  send(expected: Outcome): Promise<Reply>;
  /** Checks of a successful answer's body; each problem as text. */
  check?(reply: Reply): string[];
  /** Text no refusal may contain: markers of targets the caller may not read. */
  secrets?: readonly string[];
}

export interface CellContext {
  projectId: string;
  /** The host the requests are sent to, as it appears in a key's scope message. */
  host: string;
}

export function routeScope(routeId: string): string {
  const route = routes.find((candidate) => candidate.id === routeId);
  if (!route) throw new Error(`no route ${routeId} in the registry`);
  if (!route.scope) throw new Error(`route ${routeId} needs no scope`);
  return route.scope;
}

/** The whole expected answer: the route's scope first, then the cell's own rule. */
export function expectedOutcome(cell: Cell, context: CellContext): Outcome {
  return scopeRefusal(cell.principal, routeScope(cell.routeId), context.projectId, context.host) ?? cell.expected();
}

function describe(outcome: Outcome): string {
  return [outcome.status, outcome.type, outcome.message && `"${outcome.message}"`, outcome.grantableRoles && `(roles ${outcome.grantableRoles.join(', ')})`].filter(Boolean).join(' ');
}

function sameRoles(message: string, roles: readonly string[]): boolean {
  const match = /^Permissions must be one of: \((.*)\)$/.exec(message);
  if (!match) return false;
  const listed = match[1]!.split(', ').filter(Boolean).sort();
  return JSON.stringify(listed) === JSON.stringify([...roles].sort());
}

/** What is wrong with the answer to one cell; empty when it is Appwrite's. */
export function judge(cell: Cell, expected: Outcome, reply: Reply): string[] {
  const problems: string[] = [];
  const body = reply.json as { message?: unknown; code?: unknown; type?: unknown; version?: unknown } | undefined;
  if (reply.status !== expected.status) problems.push(`status ${reply.status}`);
  if (reply.status >= 400) {
    if (!body || typeof body.message !== 'string' || body.code !== reply.status || typeof body.type !== 'string' || typeof body.version !== 'string') problems.push(`not Appwrite's error shape: ${reply.text.slice(0, 200)}`);
    else {
      if (expected.type && body.type !== expected.type) problems.push(`type ${body.type}`);
      if (expected.message && body.message !== expected.message) problems.push(`message "${body.message}"`);
      if (expected.grantableRoles && !sameRoles(body.message, expected.grantableRoles)) problems.push(`message "${body.message}"`);
    }
    for (const secret of cell.secrets ?? []) if (reply.text.includes(secret)) problems.push(`the refusal carries ${secret}`);
  } else if (reply.status === expected.status && cell.check) {
    problems.push(...cell.check(reply));
  }
  return problems;
}

export function cellName(cell: Cell): string {
  return [cell.resource, cell.operation, cell.target && `target ${cell.target}`, cell.principal.name].filter(Boolean).join(' · ');
}

export interface MatrixResult {
  cells: number;
  mismatches: string[];
}

/** Runs the cells, `concurrency` at a time (1 for cells that change shared state). */
export async function runCells(cells: readonly Cell[], context: CellContext, concurrency: number): Promise<MatrixResult> {
  const mismatches: string[] = [];
  await inPool(cells, concurrency, async (cell) => {
    const expected = expectedOutcome(cell, context);
    let problems: string[];
    let got = '';
    try {
      const reply = await cell.send(expected);
      problems = judge(cell, expected, reply);
      got = `${reply.status} ${reply.json?.type ?? ''} ${reply.json?.message ? `"${reply.json.message}"` : ''}`.trim();
    } catch (error) {
      problems = [`request failed: ${(error as Error).message}`];
    }
    if (problems.length) mismatches.push(`${cellName(cell)}: expected ${describe(expected)}; got ${got} — ${problems.join('; ')}`);
  });
  return { cells: cells.length, mismatches: mismatches.sort() };
}
