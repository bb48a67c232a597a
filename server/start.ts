import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { ensureFreshBuild } from './build/freshness.ts';
import type { Config } from './config.ts';
import { connect } from './db/connect.ts';
import { migrateToLatest } from './db/migrate.ts';
import { seedDemo } from './db/seed.ts';

export interface StartOptions {
  /** Project root, for the build check. Default `process.cwd()`. */
  root?: string;
}

export interface RunningServer {
  app: FastifyInstance;
  /** The address it listens on. */
  url: string;
  /** Stops accepting requests, finishes those in flight, closes the database. */
  close(): Promise<void>;
}

/** Build check, migrations, demo seed, listen. Used by main.ts; usable by any harness that has a Config. */
export async function startServer(given: Config, { root = process.cwd() }: StartOptions = {}): Promise<RunningServer> {
  let config = given;
  const say = (message: string) => {
    if (config.logLevel !== 'silent') console.log(message);
  };
  // OAUTH_DEMO: a loopback OpenID Connect provider stands in as the `oidc` provider.
  // Imported only then: oidc-provider and its dependencies have no business in a production process.
  const demoOidc = config.oauth.demo
    ? await (await import('./dev/loopback-oidc.ts')).startLoopbackOidc({ redirectUri: `${config.appUrl}/api/oauth/oidc/callback` })
    : null;
  if (demoOidc) {
    config = { ...config, oauth: { ...config.oauth, oidc: demoOidc.client } };
    say(`OAuth demo: ${demoOidc.client.name} at ${demoOidc.client.issuer} (any e-mail, password traderoom-demo).`);
  }
  if (!config.skipBuild) await ensureFreshBuild(root, config.staticDir, say);

  const db = connect(config.database);
  try {
    const migrated = await migrateToLatest(db);
    for (const r of migrated.results ?? []) say(`Migrated ${r.migrationName}`);
    const app = await buildApp(config, { db });
    app.addHook('onClose', async () => {
      await db.destroy();
      await demoOidc?.close();
    });
    if (config.seedDemo) {
      const seeded = await seedDemo(db, app.services.users, { platform: app.services.platform, secondFactor: app.services.secondFactor });
      if (seeded > 0) say(`Seeded ${seeded} demo accounts (password: traderoom-demo).`);
    }
    await app.listen({ port: config.port, host: config.host });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    const url = `http://${config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host}:${port}`;
    app.log.info(`Traderoom is listening on ${url} (public URL ${config.appUrl})`);
    return { app, url, close: () => app.close() };
  } catch (error) {
    await db.destroy().catch(() => {});
    await demoOidc?.close();
    throw error;
  }
}
