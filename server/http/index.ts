import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../config.ts';
import type { Db } from '../db/schema.ts';
import type { Services } from '../services/index.ts';
import { adminRequestRoutes } from './admin-requests.ts';
import type { Api } from './api.ts';
import { articleRoutes } from './articles.ts';
import { createGuards } from './authenticate.ts';
import { broadcastingRoutes } from './broadcasting.ts';
import { calendarRoutes } from './calendar.ts';
import { cannedReplyRoutes } from './canned-replies.ts';
import { chatRoutes } from './chat.ts';
import { chatWorkspaceRoutes } from './chat-workspace.ts';
import { devMailboxRoutes } from './dev-mailbox.ts';
import { emailVerificationRoutes } from './email-verification.ts';
import { healthRoutes } from './health.ts';
import { historyRoutes } from './history.ts';
import { ipoRoutes } from './ipo.ts';
import { investingRoutes } from './investing.ts';
import { ipoProspectusRoutes } from './ipo-prospectus.ts';
import { notificationRoutes } from './notifications.ts';
import { oauthRoutes } from './oauth.ts';
import { openApiRoutes, registerOpenApi } from './openapi.ts';
import { passwordResetRoutes } from './password-reset.ts';
import { registrationRoutes } from './registration.ts';
import { serializerCompiler, validatorCompiler } from './schema-compilers.ts';
import { serviceRoutes } from './services.ts';
import { securityRoutes } from './security.ts';
import { sessionRoutes } from './session.ts';
import { registerStaffAudit } from './staff-audit.ts';
import { securityActivityRoutes } from './security-activity.ts';
import { staffAuditRoutes } from './audit.ts';
import { settingsRoutes } from './settings.ts';
import { supportRoutes } from './support.ts';
import { ticketRoutes } from './tickets.ts';
import { tradingAccountRoutes } from './trading-accounts.ts';
import { userRoutes } from './user.ts';
import { verificationRoutes } from './verification.ts';
import { walletRoutes } from './wallet.ts';
import { accountRoutes } from './accounts.ts';
import { paymentMethodRoutes } from './payment-methods.ts';
import { platformRoutes } from './platform.ts';
import { privacyRoutes } from './privacy.ts';

/**
 * Every API route, each declaring its params, query, body and answers with zod (the handlers'
 * types come from them), and the OpenAPI document built from those declarations. A new route
 * file is registered here and nowhere else.
 */
export async function registerRoutes(app: FastifyInstance, { services, config, db }: { services: Services; config: Config; db: Db }): Promise<void> {
  app.setValidatorCompiler(validatorCompiler);
  // Answers are checked against their schemas in development and tests, not in production.
  app.setSerializerCompiler(serializerCompiler({ verify: config.nodeEnv !== 'production' }));
  await registerOpenApi(app);

  const routes = app.withTypeProvider<ZodTypeProvider>();
  const api: Api = { services, guard: createGuards(services) };
  // Before every route, so that each staff route is recorded (docs/adr/0088).
  registerStaffAudit(app, { guard: api.guard, staffAudit: services.staffAudit });
  await routes.register(healthRoutes, { db });
  await routes.register(sessionRoutes, api);
  await routes.register(securityRoutes, api);
  await routes.register(registrationRoutes, api);
  await routes.register(userRoutes, api);
  await routes.register(emailVerificationRoutes, api);
  await routes.register(passwordResetRoutes, api);
  await routes.register(settingsRoutes, api);
  if (config.nodeEnv !== 'production') await routes.register(devMailboxRoutes, { outbox: config.mail.outbox });
  await routes.register(oauthRoutes, { ...api, appUrl: config.appUrl });
  await routes.register(verificationRoutes, api);
  await routes.register(chatRoutes, api);
  await routes.register(chatWorkspaceRoutes, api);
  await routes.register(cannedReplyRoutes, api);
  await routes.register(supportRoutes, api);
  await routes.register(broadcastingRoutes, { ...api, pusher: config.pusher });
  await routes.register(tradingAccountRoutes, api);
  await routes.register(walletRoutes, api);
  await routes.register(paymentMethodRoutes, api);
  await routes.register(platformRoutes, api);
  await routes.register(accountRoutes, api);
  await routes.register(historyRoutes, api);
  await routes.register(adminRequestRoutes, api);
  await routes.register(articleRoutes, api);
  await routes.register(serviceRoutes, api);
  await routes.register(calendarRoutes, api);
  await routes.register(ticketRoutes, api);
  await routes.register(notificationRoutes, api);
  await routes.register(ipoRoutes, api);
  await routes.register(investingRoutes, api);
  await routes.register(privacyRoutes, api);
  await routes.register(securityActivityRoutes, api);
  await routes.register(staffAuditRoutes, api);
  await routes.register(ipoProspectusRoutes, api);
  await routes.register(openApiRoutes);
}
