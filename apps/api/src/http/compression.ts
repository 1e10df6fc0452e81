import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** HTML, JSON, XML (the sitemaps), text, JavaScript, SVG; never an event stream. */
const COMPRESSIBLE_TYPES = /^text\/(?!event-stream)|[/+](json|xml|javascript)(;|$)/;
/** Below this a response is sent as it is: the encoding would save less than it costs. */
const THRESHOLD_BYTES = 1024;

/**
 * Responses are compressed as they are sent when the client accepts it: API JSON and the site's
 * pages and data, Brotli at quality 4 (fast enough per request) or gzip. Routes that send stored
 * files opt out where they are mounted (their bytes are sent as stored, and byte ranges must stay
 * ranges of them); files already compressed at build time carry their Content-Encoding and pass
 * untouched. Request bodies are never decompressed. Registered before any route: the plugin
 * attaches itself to routes as they are added.
 */
export async function registerCompression(server: FastifyInstance): Promise<void> {
  await server.register(fastifyCompress, { encodings: ['br', 'gzip'], threshold: THRESHOLD_BYTES, globalDecompression: false, customTypes: COMPRESSIBLE_TYPES });
}
