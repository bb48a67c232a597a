/** A small closed-loop HTTP load: `connections` keep-alive clients asking one URL again and again. */
import http from 'node:http';

export interface LoadResult {
  done: number;
  perSecond: number;
  failed: number;
}

export async function load(url: string, headers: Record<string, string>, { connections = 16, seconds = 4, warmupSeconds = 1 } = {}): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const once = () =>
    new Promise<boolean>((resolve) => {
      const request = http.get(url, { agent, headers }, (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode === 200));
      });
      request.on('error', () => resolve(false));
    });
  const run = async (ms: number) => {
    const until = Date.now() + ms;
    let done = 0;
    let failed = 0;
    await Promise.all(
      Array.from({ length: connections }, async () => {
        while (Date.now() < until) {
          if (await once()) done++;
          else failed++;
        }
      }),
    );
    return { done, failed };
  };
  if (warmupSeconds > 0) await run(warmupSeconds * 1000);
  const started = Date.now();
  const { done, failed } = await run(seconds * 1000);
  agent.destroy();
  return { done, perSecond: done / ((Date.now() - started) / 1000), failed };
}
