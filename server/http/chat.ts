import type { FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminRoomSchema,
  adminRoomsQuerySchema,
  chatMessageSchema,
  chatRoomSchema,
  chatTicketNoticeSchema,
  createRoomBodySchema,
  markReadBodySchema,
  sendMessageBodySchema,
} from '../../contract/chat.schema.ts';
import { idOrZeroQuery } from '../../contract/ids.schema.ts';
import { toId } from '../../contract/ids.ts';
import { isSocketId } from '../realtime/protocol.ts';
import { isStaff, mayAccess, type RoomRecord } from '../services/chat.ts';
import type { UserRecord } from '../services/users.ts';
import type { Api } from './api.ts';
import { toTicketWhenNobodyOnline } from './chat-tickets.ts';
import { authOf } from './authenticate.ts';
import { forbidden, notFound } from './http-error.ts';
import { idParam } from './id-params.ts';
import { noContent, refusals } from './responses.ts';
import { validationFailed } from './validation.ts';

const fullName = (user: Pick<UserRecord, 'first_name' | 'second_name'>) => `${user.first_name} ${user.second_name}`.trim();

const afterQuerySchema = z.object({ after: idOrZeroQuery.default(0) });
const roomParams = z.object({ id: idParam });
const socketHeader = z.object({ 'x-socket-id': z.string().optional().describe('Echo’s socket id: that socket is left out of the broadcast') });
const tags = ['chat'];

/** The socket that made the request (Echo's X-Socket-ID), left out of the broadcast. */
function socketOf(request: FastifyRequest): string | undefined {
  const header = request.headers['x-socket-id'];
  return isSocketId(header) ? header : undefined;
}

/**
 * The support chat: the seed's three calls (find, create, send), then ours (resync, read
 * markers, the administration's list). A client reaches only its own room, staff every room.
 */
export const chatRoutes: FastifyPluginAsyncZod<Api> = async (app, { services, guard }) => {
  const { chat } = services;
  const signedIn = guard.signedIn;
  const rooms = new WeakMap<FastifyRequest, RoomRecord>();

  /** The room of `:id` if the signed-in user may act on it: 404 when there is none, 403 when it is someone else's; before the body is looked at. */
  const roomAccess: preValidationAsyncHookHandler = async (request) => {
    const id = toId((request.params as { id?: string }).id);
    const room = id === null ? undefined : await chat.roomById(id);
    if (!room) throw notFound(request.locale);
    if (!mayAccess(authOf(request).user, room)) throw forbidden(request.locale);
    rooms.set(request, room);
  };
  const roomOf = (request: FastifyRequest) => rooms.get(request)!;
  const inRoom = [signedIn, roomAccess];

  const sideOf = (request: FastifyRequest) => (isStaff(authOf(request).user) ? 'staff' : 'client') as 'staff' | 'client';

  app.post(
    '/api/chat/room/find',
    { preValidation: signedIn, schema: { summary: 'The caller’s room', tags, response: { 200: chatRoomSchema, ...refusals(401, 404) } } },
    async (request) => {
      const room = await chat.roomOfClient(authOf(request).user.id);
      if (!room) throw notFound(request.locale);
      return chat.roomBody(room, 'client');
    },
  );

  app.post(
    '/api/chat/room',
    {
      preValidation: signedIn,
      schema: {
        summary: 'Open the caller’s room (staff: a client’s, named by user_id)',
        description: '201 when created; 200 with the room that already exists.',
        tags,
        body: createRoomBodySchema,
        response: { 200: chatRoomSchema, 201: chatRoomSchema, ...refusals(401, 422) },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const me = authOf(request).user;
      let client: Pick<UserRecord, 'id' | 'first_name' | 'second_name'> = me;
      if (isStaff(me)) {
        // Staff open a room on a client's behalf; a client's room is always its own, whatever user_id says.
        if (body.user_id === undefined || body.user_id === null || body.user_id === '') {
          throw validationFailed(request.locale, [{ field: 'user_id', rule: 'required' }]);
        }
        const id = toId(body.user_id);
        const target = id === null ? undefined : await services.users.findById(id);
        if (!target || isStaff(target)) throw validationFailed(request.locale, [{ field: 'user_id', rule: 'invalid' }]);
        client = target;
      }
      const { room, created } = await chat.openRoom({ id: client.id, name: body.name || fullName(client) }, body.agent_name || undefined);
      return reply.code(created ? 201 : 200).send(await chat.roomBody(room, sideOf(request)));
    },
  );

  app.post(
    '/api/chat/room/:id/message',
    {
      preValidation: inRoom,
      schema: {
        summary: 'Send a message (stored, then broadcast)',
        description: '201 the stored message; 200 the message stored before when this sender already sent this `client_id` in this room.',
        tags,
        params: roomParams,
        headers: socketHeader,
        body: sendMessageBodySchema,
        response: { 200: chatMessageSchema, 201: chatMessageSchema, ...refusals(401, 403, 404, 422) },
      },
    },
    async (request, reply) => {
      const room = roomOf(request);
      const me = authOf(request).user;
      const { message, repeated } = await chat.post(room, { id: me.id, name: fullName(me), staff: isStaff(me) }, request.body.message, {
        exceptSocketId: socketOf(request),
        clientId: request.body.client_id,
      });
      await toTicketWhenNobodyOnline(services, request, room, message);
      // A repeated client id: the message stored the first time, with 200 instead of 201.
      return reply.code(repeated ? 200 : 201).send(message);
    },
  );

  app.get(
    '/api/chat/room/:id/ticket',
    {
      preValidation: inRoom,
      schema: {
        summary: 'The room’s unresolved ticket made from its chat while nobody was online (docs/adr/0087)',
        description: 'The same notice the room hears live as `room.ticket`; `ticket` is null when there is none.',
        tags,
        params: roomParams,
        response: { 200: chatTicketNoticeSchema, ...refusals(401, 403, 404) },
      },
    },
    async (request) => services.chatTickets.notice(roomOf(request).id),
  );

  app.get(
    '/api/chat/room/:id/messages',
    {
      preValidation: inRoom,
      schema: {
        summary: 'Messages after an id (resync), oldest first, at most 500',
        tags,
        params: roomParams,
        querystring: afterQuerySchema,
        response: { 200: z.array(chatMessageSchema), ...refusals(401, 403, 404, 422) },
      },
    },
    async (request) => chat.messagesAfter(roomOf(request).id, request.query.after),
  );

  app.post(
    '/api/chat/room/:id/read',
    {
      preValidation: inRoom,
      schema: {
        summary: 'Move the caller’s side’s read marker forward',
        tags,
        params: roomParams,
        body: markReadBodySchema,
        response: { 204: noContent, ...refusals(401, 403, 404, 422) },
      },
    },
    async (request, reply) => {
      await chat.markRead(roomOf(request), sideOf(request), request.body.last_read_id);
      return reply.code(204).send();
    },
  );

  app.get(
    '/api/admin/chat/rooms',
    {
      preValidation: guard.admin,
      schema: {
        summary: 'Staff: every room, newest activity first (by name or e-mail, open or resolved)',
        tags,
        querystring: adminRoomsQuerySchema,
        response: { 200: z.array(adminRoomSchema), ...refusals(401, 403, 422) },
      },
    },
    async (request) => chat.listRooms(request.query.search, request.query.status),
  );
};
