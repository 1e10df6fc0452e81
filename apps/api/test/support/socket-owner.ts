/**
 * Which process holds the server side of a TCP connection, read from Linux's /proc: the
 * connection's socket inode (from /proc/net/tcp*) and the processes' open descriptors.
 */
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

function inodeOfPeer(serverPort: number, clientPort: number): string | undefined {
  const hex = (port: number) => port.toString(16).toUpperCase().padStart(4, '0');
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const row of readFileSync(table, 'utf8').split('\n').slice(1)) {
      const fields = row.trim().split(/\s+/);
      if (fields.length < 10) continue;
      if (fields[1]!.endsWith(`:${hex(serverPort)}`) && fields[2]!.endsWith(`:${hex(clientPort)}`)) return fields[9];
    }
  }
  return undefined;
}

/** The pid among `pids` whose descriptors include the server end of the connection from `clientPort`. */
export function serverSideOwner(serverPort: number, clientPort: number, pids: readonly number[]): number | undefined {
  const inode = inodeOfPeer(serverPort, clientPort);
  if (!inode) return undefined;
  const target = `socket:[${inode}]`;
  return pids.find((pid) => {
    try {
      return readdirSync(`/proc/${pid}/fd`).some((fd) => {
        try {
          return readlinkSync(`/proc/${pid}/fd/${fd}`) === target;
        } catch {
          return false;
        }
      });
    } catch {
      return false;
    }
  });
}
