/**
 * Runs s3rver (see s3-server.ts) in its own process: `node --openssl-legacy-provider s3rver-child.ts <directory> <bucket>`.
 * Prints `{"port":N}` once it listens, and stops on SIGTERM.
 */
import type { AddressInfo } from 'node:net';
import S3rver from 's3rver';

const [directory, bucket] = process.argv.slice(2) as [string, string];
const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
const { port } = (await server.run()) as AddressInfo;
process.stdout.write(`${JSON.stringify({ port })}\n`);
process.once('SIGTERM', () => void server.close().finally(() => process.exit(0)));
