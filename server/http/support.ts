import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  agentAlertsSchema,
  officeHoursSchema,
  supportStatusSchema,
} from "../../contract/support.schema.ts";
import type { Api } from "./api.ts";
import { authOf } from "./authenticate.ts";
import { httpError } from "./http-error.ts";
import { refusals } from "./responses.ts";

/** The hub's webhook path, where PUSHER_WEBHOOK_URLS of an external service point (docs/realtime.md). */
export const PRESENCE_WEBHOOK_PATH = "/broadcasting/webhooks";

/**
 * Support's presence: whether support is online and its office hours (anyone), the hours staff
 * set, and the receiver of the hub's webhooks, which records who is online and when last seen.
 */
export const supportRoutes: FastifyPluginAsyncZod<Api> = async (
  app,
  { services, guard },
) => {
  const { support } = services;

  app.get(
    "/api/support/status",
    {
      schema: {
        summary:
          "Whether a staff member is online now, and support’s office hours with the away message",
        description:
          "Public on purpose, and minimal (ADR 0090): whether anyone is there, never who or how many; the hours and away message are what the sidebar shows guests.",
        tags: ["chat"],
        response: { 200: supportStatusSchema },
      },
    },
    async () => support.status(),
  );

  app.put(
    "/api/admin/support/office-hours",
    {
      preValidation: guard.admin,
      schema: {
        summary: "Staff: set support’s office hours and away message",
        description:
          "Days are ISO weekdays (1 Monday … 7 Sunday); `from` before `to`, local to `time_zone`.",
        tags: ["staff"],
        body: officeHoursSchema,
        response: { 200: officeHoursSchema, ...refusals(401, 403, 422) },
      },
    },
    async (request) => support.setOfficeHours(request.body),
  );

  app.get(
    "/api/admin/support/alerts",
    {
      preValidation: guard.admin,
      schema: {
        summary: "Staff: the signed-in agent’s own alerts for new client messages",
        tags: ["staff"],
        response: { 200: agentAlertsSchema, ...refusals(401, 403) },
      },
    },
    async (request) => support.agentAlerts(authOf(request).user.id),
  );

  app.put(
    "/api/admin/support/alerts",
    {
      preValidation: guard.admin,
      schema: {
        summary: "Staff: set the signed-in agent’s own alerts (kept per agent, in every browser)",
        tags: ["staff"],
        body: agentAlertsSchema,
        response: { 200: agentAlertsSchema, ...refusals(401, 403, 422) },
      },
    },
    async (request) => support.setAgentAlerts(authOf(request).user.id, request.body),
  );

  await app.register(async (hooks) => {
    // The signature is over the raw body: here, and only here, JSON stays a string.
    hooks.removeContentTypeParser("application/json");
    hooks.addContentTypeParser(
      "application/json",
      { parseAs: "string" },
      (_request, body, done) => done(null, body),
    );
    hooks.post(
      PRESENCE_WEBHOOK_PATH,
      {
        schema: {
          summary:
            "The hub’s webhooks (Pusher format): presence records when users were last online",
          description:
            "`{time_ms, events}` signed with `X-Pusher-Key` and `X-Pusher-Signature` (HMAC-SHA256 of the body with the app secret). " +
            "`member_added` and `member_removed` update who is online and `last_seen_at`; other events are acknowledged.",
          tags: ["realtime"],
          response: {
            200: z.object({ ok: z.literal(true) }),
            ...refusals(400, 401),
          },
        },
      },
      async (request) => {
        const header = (name: string) => {
          const value = request.headers[name];
          return Array.isArray(value) ? value[0] : value;
        };
        const body = typeof request.body === "string" ? request.body : "";
        const outcome = await support.receiveWebhook(
          {
            key: header("x-pusher-key"),
            signature: header("x-pusher-signature"),
          },
          body,
        );
        if (outcome === "unsigned")
          throw httpError(401, request.locale, "http.unauthenticated");
        if (outcome === "malformed")
          throw httpError(400, request.locale, "http.bad_request");
        return { ok: true as const };
      },
    );
  });
};
