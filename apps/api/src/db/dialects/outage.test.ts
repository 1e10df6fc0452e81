import { describe, expect, it, vi } from 'vitest';
import { toErrorBody } from '../../core/errors.ts';
import { DatabaseTimeoutError, DatabaseUnavailableError, describeDriverError, OutageMonitor, statementKind } from './outage.ts';
import { postgresFailure } from './postgres.ts';
import { sqliteFailure } from './sqlite.ts';

function coded(code: string, message = 'boom'): Error {
  return Object.assign(new Error(message), { code });
}

describe('which driver errors mean an outage', () => {
  it.each([
    [coded('57P01', 'terminating connection due to administrator command'), 'unavailable'],
    [coded('57P03', 'the database system is starting up'), 'unavailable'],
    [coded('08006'), 'unavailable'],
    [coded('53300', 'too many connections for database'), 'unavailable'],
    [coded('25006', 'cannot execute INSERT in a read-only transaction'), 'unavailable'],
    [coded('ECONNREFUSED'), 'unavailable'],
    [new Error('Connection terminated unexpectedly'), 'unavailable'],
    [new Error('timeout exceeded when trying to connect'), 'unavailable'],
    [new Error('Client has encountered a connection error and is not queryable'), 'unavailable'],
    [coded('57014', 'canceling statement due to statement timeout'), 'timeout'],
    [coded('23505', 'duplicate key value violates unique constraint'), undefined],
    [coded('42P01', 'relation does not exist'), undefined],
    [new Error('something else'), undefined],
  ])('PostgreSQL: %s → %s', (error, expected) => {
    expect(postgresFailure(error)).toBe(expected);
  });

  it.each([
    [coded('SQLITE_FULL', 'database or disk is full'), 'unavailable'],
    [coded('SQLITE_READONLY', 'attempt to write a readonly database'), 'unavailable'],
    [coded('SQLITE_READONLY_DBMOVED'), 'unavailable'],
    [coded('SQLITE_BUSY', 'database is locked'), 'unavailable'],
    [coded('SQLITE_IOERR_WRITE', 'disk I/O error'), 'unavailable'],
    [coded('SQLITE_CANTOPEN'), 'unavailable'],
    [new TypeError('The database connection is not open'), 'unavailable'],
    [coded('SQLITE_CONSTRAINT_UNIQUE'), undefined],
    [coded('SQLITE_ERROR', 'no such table'), undefined],
  ])('SQLite: %s → %s', (error, expected) => {
    expect(sqliteFailure(error)).toBe(expected);
  });
});

describe('statementKind', () => {
  it.each([
    ['select 1', 'read'],
    ['  SELECT * from x', 'read'],
    ['insert into "t" ("a") values (?) returning *', 'write'],
    ['update "t" set a = 1', 'write'],
    ['begin', 'control'],
    ['rollback', 'control'],
    ['savepoint "sp1"', 'control'],
    ['commit', 'control'],
  ])('%s → %s', (text, kind) => {
    expect(statementKind(text)).toBe(kind);
  });
});

describe('OutageMonitor', () => {
  it('types outage errors, leaves the others alone, and logs one line when an outage starts and one when it ends', () => {
    const log = vi.fn();
    const monitor = new OutageMonitor(postgresFailure, log);
    const unique = coded('23505');
    expect(monitor.translate(unique, 'write')).toBe(unique);
    const first = monitor.translate(coded('57P01', 'terminating connection due to administrator command'), 'read');
    expect(first).toBeInstanceOf(DatabaseUnavailableError);
    expect(monitor.translate(coded('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432'), 'connect')).toBeInstanceOf(DatabaseUnavailableError);
    expect(log.mock.calls).toEqual([['warn', 'database unavailable (general_service_unavailable): 57P01: terminating connection due to administrator command']]);
    monitor.succeeded('read');
    expect(log).toHaveBeenCalledTimes(2);
    expect(log.mock.calls[1]).toEqual(['info', expect.stringMatching(/^database available again after \d+ ms$/)]);
    expect(monitor.translate(coded('57014'), 'read')).toBeInstanceOf(DatabaseTimeoutError);
  });

  it('any error while connecting is an outage, whatever its code', () => {
    const monitor = new OutageMonitor(postgresFailure);
    expect(monitor.translate(coded('28P01', 'password authentication failed'), 'connect')).toBeInstanceOf(DatabaseUnavailableError);
  });

  it('failed writes fail the health check until a write succeeds; reads and transaction control do not clear it', () => {
    const log = vi.fn();
    const monitor = new OutageMonitor(sqliteFailure, log);
    monitor.translate(coded('SQLITE_FULL', 'database or disk is full'), 'write');
    expect(monitor.failingWrites()).toBe('SQLITE_FULL: database or disk is full');
    monitor.succeeded('read');
    monitor.succeeded('control');
    expect(monitor.failingWrites()).toBe('SQLITE_FULL: database or disk is full');
    expect(log).toHaveBeenCalledTimes(1);
    monitor.succeeded('write');
    expect(monitor.failingWrites()).toBeUndefined();
    expect(log).toHaveBeenCalledTimes(2);
  });

  it('a failed write is forgotten after a quiet while with no write at all', () => {
    vi.useFakeTimers();
    try {
      const monitor = new OutageMonitor(sqliteFailure);
      monitor.translate(coded('SQLITE_READONLY'), 'write');
      vi.advanceTimersByTime(9_000);
      expect(monitor.failingWrites()).toBeDefined();
      vi.advanceTimersByTime(2_000);
      expect(monitor.failingWrites()).toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
  });

  it('the client sees Appwrite\'s shape and never the driver\'s message', () => {
    const body = toErrorBody(new DatabaseUnavailableError('57P01: terminating connection due to administrator command'));
    expect(body).toEqual({ message: 'The database is unavailable at the moment. Please try again shortly.', code: 503, type: 'general_service_unavailable', version: expect.any(String) });
    expect(toErrorBody(new DatabaseTimeoutError('57014: canceling statement'))).toMatchObject({ code: 408, type: 'database_timeout' });
  });

  it('describeDriverError keeps the code and message only', () => {
    const error = Object.assign(new Error('terminating connection'), { code: '57P01', client: { processID: 1, secretKey: 2 } });
    expect(describeDriverError(error)).toBe('57P01: terminating connection');
  });
});
