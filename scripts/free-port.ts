import { createServer } from 'node:net';

/**
 * A loopback port that was free a moment ago, for a throwaway server started beside the tests or
 * the bench (PostgreSQL, redis-server: their port 0 does not mean "any free one").
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}
