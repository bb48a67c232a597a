import fastifySwagger, { type SwaggerTransformObject } from '@fastify/swagger';
import type { OpenAPIV3_1 } from 'openapi-types';
import type { FastifyInstance } from 'fastify';
import { createJsonSchemaTransform, createJsonSchemaTransformObject, type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import packageJson from '../../package.json' with { type: 'json' };
import { adminCalendarEventSchema, calendarEventSchema } from '../../contract/calendar.schema.ts';
import { adminRoomSchema, chatMessageSchema, chatRoomSchema } from '../../contract/chat.schema.ts';
import { articleSchema } from '../../contract/articles.schema.ts';
import { adminStrategySchema, copySubscriptionDetailsSchema, copySubscriptionSummarySchema, myStrategySchema, strategyDetailsSchema, strategySummarySchema } from '../../contract/investing.schema.ts';
import { serviceOfferSchema, serviceRequestSchema } from '../../contract/services.schema.ts';
import { currencySchema, ledgerEntrySchema, tradingAccountSchema, walletRequestSchema } from '../../contract/trading.schema.ts';
import { userSchema } from '../../contract/user.schema.ts';
import { adminVerificationSchema, verificationDocumentSchema } from '../../contract/verification.schema.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A body the handler reads itself (multipart parts): shown in the OpenAPI document, never validated. */
    documentedBody?: z.ZodType;
  }
}

export const OPENAPI_PATH = '/api/openapi.json';

/** The records many answers share, named once in the document's `components` and referred to. */
const COMPONENTS: Record<string, z.ZodType> = {
  User: userSchema,
  ChatMessage: chatMessageSchema,
  ChatRoom: chatRoomSchema,
  AdminRoom: adminRoomSchema,
  Currency: currencySchema,
  TradingAccount: tradingAccountSchema,
  LedgerEntry: ledgerEntrySchema,
  WalletRequest: walletRequestSchema,
  VerificationDocument: verificationDocumentSchema,
  AdminVerification: adminVerificationSchema,
  Article: articleSchema,
  ServiceOffer: serviceOfferSchema,
  ServiceRequest: serviceRequestSchema,
  CalendarEvent: calendarEventSchema,
  AdminCalendarEvent: adminCalendarEventSchema,
  StrategySummary: strategySummarySchema,
  StrategyDetails: strategyDetailsSchema,
  MyStrategy: myStrategySchema,
  AdminStrategy: adminStrategySchema,
  CopySubscriptionSummary: copySubscriptionSummarySchema,
  CopySubscriptionDetails: copySubscriptionDetailsSchema,
};
// Zod's global registry also holds the schemas' descriptions (`.describe()`), which the document shows.
for (const [id, schema] of Object.entries(COMPONENTS)) z.globalRegistry.add(schema, { id });

/** The route schemas as JSON Schema: zod's own conversion, anything it cannot express left open. */
const zodToJsonConfig = { unrepresentable: 'any' } as const;
const zodToOpenApi = createJsonSchemaTransform({ zodToJsonConfig });
const withComponents = createJsonSchemaTransformObject({ zodToJsonConfig });

/** The document with its components, less the request-side copies (`UserInput`) that no request uses. */
const transformObject: SwaggerTransformObject = (input) => {
  const document = withComponents(input) as OpenAPIV3_1.Document;
  const schemas = { ...document.components?.schemas };
  const used = JSON.stringify(document.paths);
  for (const name of Object.keys(schemas)) if (name.endsWith('Input') && !used.includes(`"#/components/schemas/${name}"`)) delete schemas[name];
  return { ...document, components: { ...document.components, schemas } };
};

/**
 * Collects every route registered after it into the OpenAPI document (`app.swagger()`): each
 * route's zod schemas are its reference, so the document cannot drift from what the server checks.
 * Register before the routes. docs/openapi.json is this document as `npm run openapi` writes it.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Traderoom API',
        version: packageJson.version,
        description: 'Generated from the route schemas in server/http/. Conventions, error shapes, flows and realtime: docs/api.md.',
      },
    },
    transform: (input) => {
      const documented = input.route.config?.documentedBody;
      return zodToOpenApi(documented ? { ...input, schema: { ...input.schema, body: documented } } : input);
    },
    transformObject,
  });
}

/** GET /api/openapi.json: the document. */
export const openApiRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    OPENAPI_PATH,
    {
      schema: {
        summary: 'This document (OpenAPI 3.1)',
        tags: ['service'],
        response: { 200: z.record(z.string(), z.unknown()).describe('The OpenAPI document') },
      },
    },
    async () => app.swagger() as unknown as Record<string, unknown>,
  );
};
