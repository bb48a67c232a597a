import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminCalendarEventSchema,
  adminCalendarEventsAnswerSchema,
  calendarEventBodySchema,
  calendarEventsAnswerSchema,
  calendarQuerySchema,
  calendarSettingsSchema,
} from '../../contract/calendar.schema.ts';
import type { Api } from './api.ts';
import { authOf } from './authenticate.ts';
import { notFound } from './http-error.ts';
import { idParam } from './id-params.ts';
import { noContent, refusals } from './responses.ts';

const tags = ['calendar'];
const eventParams = z.object({ id: idParam });

/** The economic calendar: reading and settings for every user, writes for staff (ours; docs/api.md). */
export const calendarRoutes: FastifyPluginAsyncZod<Api> = async (app, { services, guard }) => {
  const signedIn = guard.signedIn;
  // Staff only, refused before the body is looked at.
  const staff = guard.admin;

  app.get(
    '/api/calendar/events',
    {
      preValidation: signedIn,
      schema: {
        summary: 'The events of `days` local days from `date` in `time_zone`',
        tags,
        querystring: calendarQuerySchema,
        response: { 200: calendarEventsAnswerSchema, ...refusals(401, 422) },
      },
    },
    async (request) => {
      const found = await services.calendar.between(request.query, request.locale);
      return { ...found, time_zone: request.query.time_zone };
    },
  );

  app.get(
    '/api/calendar/settings',
    { preValidation: signedIn, schema: { summary: 'What the user follows', tags, response: { 200: calendarSettingsSchema, ...refusals(401) } } },
    async (request) => services.calendar.settingsOf(authOf(request).user.id),
  );

  app.put(
    '/api/calendar/settings',
    {
      preValidation: signedIn,
      schema: { summary: 'Save what the user follows', tags, body: calendarSettingsSchema, response: { 200: calendarSettingsSchema, ...refusals(401, 422) } },
    },
    async (request) => services.calendar.saveSettings(authOf(request).user.id, request.body),
  );

  app.get(
    '/api/admin/calendar/events',
    {
      preValidation: staff,
      schema: {
        summary: 'Staff: the events of a range, with every title',
        tags,
        querystring: calendarQuerySchema,
        response: { 200: adminCalendarEventsAnswerSchema, ...refusals(401, 403, 422) },
      },
    },
    async (request) => {
      const found = await services.calendar.adminBetween(request.query);
      return { ...found, time_zone: request.query.time_zone };
    },
  );

  app.post(
    '/api/admin/calendar/events',
    {
      preValidation: staff,
      schema: {
        summary: 'Staff: add an event',
        tags,
        body: calendarEventBodySchema,
        response: { 201: adminCalendarEventSchema, ...refusals(401, 403, 422) },
      },
    },
    async (request, reply) => reply.code(201).send(await services.calendar.create(request.body, authOf(request).user.id)),
  );

  app.put(
    '/api/admin/calendar/events/:id',
    {
      preValidation: staff,
      schema: {
        summary: 'Staff: change an event',
        tags,
        params: eventParams,
        body: calendarEventBodySchema,
        response: { 200: adminCalendarEventSchema, ...refusals(401, 403, 404, 422) },
      },
    },
    async (request) => {
      const updated = await services.calendar.update(request.params.id, request.body);
      if (!updated) throw notFound(request.locale);
      return updated;
    },
  );

  app.delete(
    '/api/admin/calendar/events/:id',
    {
      preValidation: staff,
      schema: { summary: 'Staff: remove an event', tags, params: eventParams, response: { 204: noContent, ...refusals(401, 403, 404) } },
    },
    async (request, reply) => {
      if (!(await services.calendar.remove(request.params.id))) throw notFound(request.locale);
      return reply.code(204).send();
    },
  );
};
