import fastifyMultipart from '@fastify/multipart';
import type { FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ATTACHMENT_CAPTION_MAX, CLIENT_ID_PATTERN } from '../../contract/chat.ts';
import { adminRoomSchema, attachmentUploadSchema, chatMessageSchema, roomContextSchema, roomStatusBodySchema } from '../../contract/chat.schema.ts';
import { toId } from '../../contract/ids.ts';
import { DOCUMENT_MAX_BYTES } from '../../contract/verification.ts';
import { timelineSchema } from '../../contract/lifecycle.schema.ts';
import { t } from '../i18n/index.ts';
import { toTicketWhenNobodyOnline } from './chat-tickets.ts';
import { isSocketId } from '../realtime/protocol.ts';
import { isStaff, mayAccess, type RoomRecord } from '../services/chat.ts';
import type { Api } from './api.ts';
import { authOf } from './authenticate.ts';
import { forbidden, HttpError, notFound } from './http-error.ts';
import { idParam } from './id-params.ts';
import { asContent, refusals } from './responses.ts';
import { validationFailed } from './validation.ts';
import { readSingleFileUpload } from './upload-parts.ts';
import { MULTIPART_SLACK_BYTES } from './verification.ts';
import { sendStoredFile } from './stored-file.ts';

const tags = ['chat'];
const roomParams = z.object({ id: idParam });
const fullName = (user: { first_name: string; second_name: string }) => `${user.first_name} ${user.second_name}`.trim();

/**
 * A file sent in a chat, by the room's client or staff: the identity documents' rules (PNG, JPEG
 * or PDF by content, at most 10 MB) and storage. The message carries a reference to the file, so
 * its live event stays far below the hub's 10 KB.
 */
const uploadRoute: FastifyPluginAsyncZod<Api> = async (app, { services, guard }) => {
  await app.register(fastifyMultipart, {
    throwFileSizeLimit: false,
    limits: { fileSize: DOCUMENT_MAX_BYTES, files: 1, fields: 4, fieldSize: ATTACHMENT_CAPTION_MAX * 4, parts: 5, headerPairs: 50 },
  });

  const roomAccess: preValidationAsyncHookHandler = async (request) => {
    const id = toId((request.params as { id?: string }).id);
    const room = id === null ? undefined : await services.chat.roomById(id);
    // As the room's other calls answer: 404 when there is none, 403 when it is someone else's.
    if (!room) throw notFound(request.locale);
    if (!mayAccess(authOf(request).user, room)) throw forbidden(request.locale);
  };

  app.post(
    '/api/chat/room/:id/attachments',
    {
      onRequest: async (request) => {
        if (Number(request.headers['content-length']) > DOCUMENT_MAX_BYTES + MULTIPART_SLACK_BYTES) {
          throw new HttpError(413, { message: t(request.locale, 'verification.file_too_large', { max: DOCUMENT_MAX_BYTES / 1024 / 1024 }) });
        }
      },
      preValidation: [guard.signedIn, roomAccess],
      config: { documentedBody: attachmentUploadSchema },
      schema: {
        summary: 'Send a file in the room (multipart/form-data: file, optional message and client_id)',
        description:
          '201 the stored message with its `attachment`; 200 the message stored before when this sender already sent this `client_id` in this room. Another client’s room is 403, as for its messages.',
        tags,
        params: roomParams,
        consumes: ['multipart/form-data'],
        response: { 200: chatMessageSchema, 201: chatMessageSchema, ...refusals(400, 401, 403, 404, 413, 422) },
      },
    },
    async (request, reply) => {
      const { locale } = request;
      const { fields, stored } = await readSingleFileUpload(request, services.verification, { oneFile: true });

      const caption = (fields.message ?? '').trim();
      const clientId = fields.client_id;
      let refusal: HttpError | null = null;
      if (!stored || stored.size === 0) refusal = validationFailed(locale, [{ field: 'file', rule: 'required' }]);
      else if (stored.truncated) {
        const message = t(locale, 'verification.file_too_large', { max: DOCUMENT_MAX_BYTES / 1024 / 1024 });
        refusal = new HttpError(422, { message, errors: { file: [message] } });
      } else if (!stored.mimeType) {
        const message = t(locale, 'verification.file_type');
        refusal = new HttpError(422, { message, errors: { file: [message] } });
      } else if (caption.length > ATTACHMENT_CAPTION_MAX) refusal = validationFailed(locale, [{ field: 'message', rule: 'max', limit: ATTACHMENT_CAPTION_MAX }]);
      else if (clientId !== undefined && !CLIENT_ID_PATTERN.test(clientId)) refusal = validationFailed(locale, [{ field: 'client_id', rule: 'invalid' }]);
      if (refusal) {
        if (stored) await services.verification.discard(stored.storageName);
        throw refusal;
      }

      const file = stored!;
      const me = authOf(request).user;
      const room = (await services.chat.roomById(Number(request.params.id)))!;
      const header = request.headers['x-socket-id'];
      const { message, repeated } = await services.chat.post(room, { id: me.id, name: fullName(me), staff: isStaff(me) }, caption, {
        exceptSocketId: isSocketId(header) ? header : undefined,
        clientId,
        attachment: { storageName: file.storageName, originalName: file.originalName, mimeType: file.mimeType!, size: file.size },
      });
      // A repeat keeps the file stored the first time.
      if (repeated) await services.verification.discard(file.storageName);
      const attachment = { storageName: file.storageName, originalName: file.originalName, mimeType: file.mimeType!, size: file.size };
      await toTicketWhenNobodyOnline(services, request, room, message, repeated ? undefined : attachment);
      return reply.code(repeated ? 200 : 201).send(message);
    },
  );
};

/**
 * The agent's workspace in chats: the client's context beside the conversation, claims, the
 * open/resolved status, and chat files both ways (upload above, download here).
 */
export const chatWorkspaceRoutes: FastifyPluginAsyncZod<Api> = async (app, api) => {
  const { services, guard } = api;
  await app.register(uploadRoute, api);
  const rooms = new WeakMap<FastifyRequest, RoomRecord>();

  /** After the admin guard: the room of `:id`, or 404. */
  const existingRoom: preValidationAsyncHookHandler = async (request) => {
    const id = toId((request.params as { id?: string }).id);
    const room = id === null ? undefined : await services.chat.roomById(id);
    if (!room) throw notFound(request.locale);
    rooms.set(request, room);
  };
  const staffRoom = [guard.admin, existingRoom];
  const roomOf = (request: FastifyRequest) => rooms.get(request)!;

  app.get(
    '/api/admin/chat/rooms/:id/context',
    {
      preValidation: staffRoom,
      schema: {
        summary: 'Staff: the room’s client beside the conversation',
        description:
          'Name, e-mail, language, verification, trading accounts with the platform’s balances (`accounts` null when the platform does not answer), pending deposits and withdrawals; `tickets` (open tickets) only where the tickets feature is installed.',
        tags,
        params: roomParams,
        response: { 200: roomContextSchema, ...refusals(401, 403, 404) },
      },
    },
    async (request) => services.chatContext.context(roomOf(request).user_id),
  );

  app.post(
    '/api/admin/chat/rooms/:id/claim',
    {
      preValidation: staffRoom,
      schema: {
        summary: 'Staff: claim the room',
        description: 'Of claims at once exactly one wins; the others get 409 naming who holds it. Claiming a room one holds already is 200.',
        tags,
        params: roomParams,
        response: { 200: adminRoomSchema, ...refusals(401, 403, 404, 409) },
      },
    },
    async (request) => {
      const result = await services.chat.claim(roomOf(request).id, authOf(request).user.id);
      if (!result.ok) throw new HttpError(409, { message: t(request.locale, 'chat.claimed', { title: result.holder }) });
      return result.room;
    },
  );

  app.delete(
    '/api/admin/chat/rooms/:id/claim',
    {
      preValidation: staffRoom,
      schema: {
        summary: 'Staff: give the room back (only its holder’s release changes it)',
        tags,
        params: roomParams,
        response: { 200: adminRoomSchema, ...refusals(401, 403, 404) },
      },
    },
    async (request) => services.chat.release(roomOf(request).id, authOf(request).user.id),
  );

  app.post(
    '/api/admin/chat/rooms/:id/status',
    {
      preValidation: staffRoom,
      schema: {
        summary: 'Staff: mark the conversation open or resolved',
        description: 'A client’s next message opens a resolved conversation again.',
        tags,
        params: roomParams,
        body: roomStatusBodySchema,
        response: { 200: adminRoomSchema, ...refusals(401, 403, 404, 422) },
      },
    },
    async (request) => services.chat.setStatus(roomOf(request).id, request.body.status, authOf(request).user.id),
  );

  app.get(
    '/api/admin/chat/rooms/:id/timeline',
    {
      preValidation: staffRoom,
      schema: {
        summary: 'Staff: the room’s recorded steps: who claimed or released it, who resolved or reopened it, and when',
        description: 'Each step keeps the room as it was (`from` = `to`) except resolving and reopening; `reason` holds the staff member’s name for claims and releases.',
        tags,
        params: roomParams,
        response: { 200: timelineSchema, ...refusals(401, 403, 404) },
      },
    },
    async (request) => services.chat.timeline(roomOf(request).id),
  );

  app.get(
    '/api/chat/attachments/:id',
    {
      preValidation: guard.signedIn,
      schema: {
        summary: 'A chat file (the room’s client or staff)',
        description: 'Another client’s file is 404: the caller learns nothing about rooms that are not theirs.',
        tags,
        params: roomParams,
        response: { 200: asContent('application/octet-stream', 'The file, with its detected type'), ...refusals(401, 404) },
      },
    },
    async (request, reply) => {
      const { user } = authOf(request);
      const found = await services.chat.locateAttachment(Number(request.params.id));
      if (!found || !mayAccess(user, { user_id: found.roomUserId })) throw notFound(request.locale);
      // Images show inline; anything may be saved.
      const kind = found.mimeType === 'application/pdf' ? 'attachment' : 'inline';
      return sendStoredFile(request, reply, { ...found, path: services.verification.pathOf(found.storageName) }, kind);
    },
  );
};
