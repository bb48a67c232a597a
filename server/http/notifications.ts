import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  notificationPageSchema,
  notificationPreferenceSchema,
  notificationPreferencesBodySchema,
  notificationsQuerySchema,
  unreadCountSchema,
} from '../../contract/notifications.schema.ts';
import { holdsRole } from '../../contract/user.ts';
import type { Api } from './api.ts';
import { authOf } from './authenticate.ts';
import { notFound } from './http-error.ts';
import { idParam } from './id-params.ts';
import { refusals } from './responses.ts';

const tags = ['notifications'];

/** The signed-in user's own notifications (nobody reads or marks another's) and their switches. */
export const notificationRoutes: FastifyPluginAsyncZod<Api> = async (app, { services, guard }) => {
  const preValidation = guard.signedIn;
  const { notifications } = services;

  app.get(
    '/api/notifications',
    {
      preValidation,
      schema: {
        summary: 'The caller’s notifications, newest first, with the unread count',
        description: 'Live: `notification.created` `{notification, unread}` on the user channel `#server-to-user-{id}`.',
        tags,
        querystring: notificationsQuerySchema,
        response: { 200: notificationPageSchema, ...refusals(401, 422) },
      },
    },
    async (request) => notifications.list(authOf(request).user.id, request.query.page, request.query.per_page, request.query.filter),
  );

  app.get(
    '/api/notifications/unread-count',
    { preValidation, schema: { summary: 'How many of the caller’s notifications are unread', tags, response: { 200: unreadCountSchema, ...refusals(401) } } },
    async (request) => ({ unread: await notifications.unreadCount(authOf(request).user.id) }),
  );

  app.post(
    '/api/notifications/:id/read',
    {
      preValidation,
      schema: {
        summary: 'Mark one of the caller’s notifications read',
        description: 'Another user’s (or an unknown) id is 404, telling nothing. Answers the unread count after it.',
        tags,
        params: z.object({ id: idParam }),
        response: { 200: unreadCountSchema, ...refusals(401, 404) },
      },
    },
    async (request) => {
      const userId = authOf(request).user.id;
      if (!(await notifications.markRead(userId, request.params.id))) throw notFound(request.locale);
      return { unread: await notifications.unreadCount(userId) };
    },
  );

  app.post(
    '/api/notifications/read-all',
    { preValidation, schema: { summary: 'Mark every notification of the caller read', tags, response: { 200: unreadCountSchema, ...refusals(401) } } },
    async (request) => {
      const userId = authOf(request).user.id;
      await notifications.markAllRead(userId);
      return { unread: await notifications.unreadCount(userId) };
    },
  );

  app.get(
    '/api/settings/notifications',
    {
      preValidation,
      schema: {
        summary: 'The caller’s switches per event: in-app and e-mail',
        description: 'Security mails (`email_locked`) always go out. Staff also see the events only staff receive.',
        tags: ['settings'],
        response: { 200: z.array(notificationPreferenceSchema), ...refusals(401) },
      },
    },
    async (request) => {
      const { user } = authOf(request);
      return notifications.preferences(user.id, holdsRole(user.roles, 'admin'));
    },
  );

  app.put(
    '/api/settings/notifications',
    {
      preValidation,
      schema: {
        summary: 'Change switches; events left out keep theirs',
        description: 'Turning off a security mail is accepted and has no effect: it stays on.',
        tags: ['settings'],
        body: notificationPreferencesBodySchema,
        response: { 200: z.array(notificationPreferenceSchema), ...refusals(401, 422) },
      },
    },
    async (request) => {
      const { user } = authOf(request);
      await notifications.setPreferences(user.id, request.body.preferences);
      return notifications.preferences(user.id, holdsRole(user.roles, 'admin'));
    },
  );
};
