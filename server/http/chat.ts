import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { createRoomBodySchema, markReadBodySchema, sendMessageBodySchema } from '../../contract/chat.schema.ts';
import { isSocketId } from '../realtime/protocol.ts';
import { isStaff, mayAccess, type RoomRecord } from '../services/chat.ts';
import type { Services } from '../services/index.ts';
import type { UserRecord } from '../services/users.ts';
import { authOf, requireAuth } from './authenticate.ts';
import { forbidden, notFound } from './http-error.ts';
import { validate, validationFailed } from './validation.ts';
import { idOrZeroQuery } from '../../contract/ids.schema.ts';
import { toId } from '../../contract/ids.ts';

const fullName = (user: Pick<UserRecord, 'first_name' | 'second_name'>) => `${user.first_name} ${user.second_name}`.trim();

const afterQuerySchema = z.object({ after: idOrZeroQuery.default(0) });
const searchQuerySchema = z.object({ search: z.string().max(100).optional() });

/** The socket that made the request (Echo's X-Socket-ID), left out of the broadcast. */
function socketOf(request: FastifyRequest): string | undefined {
  const header = request.headers['x-socket-id'];
  return isSocketId(header) ? header : undefined;
}

/**
 * The support chat: the seed's three calls (find, create, send), then ours (resync, read
 * markers, the administration's list). A client reaches only its own room, staff every room.
 */
export const chatRoutes: FastifyPluginAsync<{ services: Services }> = async (app, { services }) => {
  const { chat } = services;
  const auth = requireAuth(services);

  /** The room of `:id` if the signed-in user may act on it: 404 when there is none, 403 when it is someone else's. */
  async function accessibleRoom(request: FastifyRequest): Promise<RoomRecord> {
    const id = toId((request.params as { id?: string }).id);
    const room = id === null ? undefined : await chat.roomById(id);
    if (!room) throw notFound(request.locale);
    if (!mayAccess(authOf(request).user, room)) throw forbidden(request.locale);
    return room;
  }

  const sideOf = (request: FastifyRequest) => (isStaff(authOf(request).user) ? 'staff' : 'client') as 'staff' | 'client';

  app.post('/api/chat/room/find', { preHandler: auth }, async (request) => {
    const room = await chat.roomOfClient(authOf(request).user.id);
    if (!room) throw notFound(request.locale);
    return chat.roomBody(room, 'client');
  });

  app.post('/api/chat/room', { preHandler: auth }, async (request, reply) => {
    const body = validate(createRoomBodySchema, request.body, request.locale);
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
  });

  app.post('/api/chat/room/:id/message', { preHandler: auth }, async (request, reply) => {
    const room = await accessibleRoom(request);
    const body = validate(sendMessageBodySchema, request.body, request.locale);
    const me = authOf(request).user;
    const { message, repeated } = await chat.post(room, { id: me.id, name: fullName(me), staff: isStaff(me) }, body.message, {
      exceptSocketId: socketOf(request),
      clientId: body.client_id,
    });
    // A repeated client id: the message stored the first time, with 200 instead of 201.
    return reply.code(repeated ? 200 : 201).send(message);
  });

  app.get('/api/chat/room/:id/messages', { preHandler: auth }, async (request) => {
    const room = await accessibleRoom(request);
    const { after } = validate(afterQuerySchema, request.query, request.locale);
    return chat.messagesAfter(room.id, after);
  });

  app.post('/api/chat/room/:id/read', { preHandler: auth }, async (request, reply) => {
    const room = await accessibleRoom(request);
    const { last_read_id } = validate(markReadBodySchema, request.body, request.locale);
    await chat.markRead(room, sideOf(request), last_read_id);
    return reply.code(204).send();
  });

  app.get('/api/admin/chat/rooms', { preHandler: auth }, async (request) => {
    if (!isStaff(authOf(request).user)) throw forbidden(request.locale);
    const { search } = validate(searchQuerySchema, request.query, request.locale);
    return chat.listRooms(search);
  });
};
