import type { FastifyPluginAsync } from 'fastify';
import type { AdminCalendarEvent, CalendarEventsAnswer, CalendarSettings } from '../../contract/calendar.ts';
import { calendarEventBodySchema, calendarQuerySchema, calendarSettingsSchema } from '../../contract/calendar.schema.ts';
import type { Services } from '../services/index.ts';
import { authOf, requireAdmin, requireAuth } from './authenticate.ts';
import { notFound } from './http-error.ts';
import { idOf } from './id-params.ts';
import { validate } from './validation.ts';

/** The economic calendar: reading and settings for every user, writes for staff (ours; docs/api.md). */
export const calendarRoutes: FastifyPluginAsync<{ services: Services }> = async (app, { services }) => {
  const signedIn = requireAuth(services);
  const staff = { preHandler: [signedIn, requireAdmin] };

  app.get('/api/calendar/events', { preHandler: signedIn }, async (request): Promise<CalendarEventsAnswer> => {
    const query = validate(calendarQuerySchema, request.query, request.locale);
    const found = await services.calendar.between(query, request.locale);
    return { ...found, time_zone: query.time_zone };
  });

  app.get('/api/calendar/settings', { preHandler: signedIn }, async (request): Promise<CalendarSettings> =>
    services.calendar.settingsOf(authOf(request).user.id),
  );

  app.put('/api/calendar/settings', { preHandler: signedIn }, async (request): Promise<CalendarSettings> => {
    const settings = validate(calendarSettingsSchema, request.body, request.locale);
    return services.calendar.saveSettings(authOf(request).user.id, settings);
  });

  app.get('/api/admin/calendar/events', staff, async (request) => {
    const query = validate(calendarQuerySchema, request.query, request.locale);
    const found = await services.calendar.adminBetween(query);
    return { ...found, time_zone: query.time_zone };
  });

  app.post('/api/admin/calendar/events', staff, async (request, reply): Promise<AdminCalendarEvent> => {
    const input = validate(calendarEventBodySchema, request.body, request.locale);
    const created = await services.calendar.create(input, authOf(request).user.id);
    reply.code(201);
    return created;
  });

  app.put('/api/admin/calendar/events/:id', staff, async (request): Promise<AdminCalendarEvent> => {
    const id = idOf(request);
    const input = validate(calendarEventBodySchema, request.body, request.locale);
    const updated = await services.calendar.update(id, input);
    if (!updated) throw notFound(request.locale);
    return updated;
  });

  app.delete('/api/admin/calendar/events/:id', staff, async (request, reply) => {
    if (!(await services.calendar.remove(idOf(request)))) throw notFound(request.locale);
    return reply.code(204).send();
  });
};
