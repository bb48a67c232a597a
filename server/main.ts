/**
 * `npm start`: reads the environment (see config.ts), rebuilds the app when its sources
 * changed (not in production, not with SKIP_BUILD=1), migrates, seeds the demo accounts,
 * listens, and shuts down cleanly on SIGINT/SIGTERM. Importing this module starts the server.
 */
import { ConfigError, loadConfig } from './config.ts';
import { startServer } from './start.ts';

const SHUTDOWN_GRACE_MS = 10_000;

try {
  const config = loadConfig();
  const server = await startServer(config);

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) {
      server.app.log.warn(`${signal} again: exiting now`);
      process.exit(1);
    }
    stopping = true;
    server.app.log.info(`${signal}: closing`);
    setTimeout(() => {
      server.app.log.error('Open connections did not finish in time: exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS).unref();
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        server.app.log.error({ err: error }, 'Error while closing');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
