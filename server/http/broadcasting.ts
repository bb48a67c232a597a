import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { realtimeConfigSchema } from '../../contract/chat.schema.ts';
import { toId } from '../../contract/ids.ts';
import { breaks } from '../../contract/validation.ts';
import type { PusherConfig } from '../config.ts';
import { channelAuth, isChannelName, isSocketId, userAuth } from '../realtime/protocol.ts';
import { adminChannel, isStaff, mayAccess } from '../services/chat.ts';
import type { Api } from './api.ts';
import { authOf } from './authenticate.ts';
import { forbidden } from './http-error.ts';
import { refusals } from './responses.ts';

const socketId = z.string().refine(isSocketId, breaks('invalid'));
const channelAuthBodySchema = z.object({ socket_id: socketId, channel_name: z.string().refine(isChannelName, breaks('invalid')) });
const userAuthBodySchema = z.object({ socket_id: socketId });
const channelAuthAnswer = z.object({ auth: z.string().describe('<key>:<hex hmac-sha256(secret, socket_id:channel_name)>') });
const userAuthAnswer = z.object({ auth: z.string(), user_data: z.string().describe('JSON: {"id","user_info":{"name"}}') });
const ROOM_CHANNEL = /^private-chat\.(\d{1,15})$/;
const ACCOUNT_CHANNEL = /^private-account\.(\d{1,20})$/;
const tags = ['realtime'];

/**
 * Laravel's broadcasting endpoints, signing for whichever hub the browser is connected to
 * (ours or an external one), and GET /api/realtime, which tells the browser where that is.
 * pusher-js posts form-encoded bodies; JSON is accepted too.
 */
export const broadcastingRoutes: FastifyPluginAsyncZod<Api & { pusher: PusherConfig }> = async (app, { guard, services, pusher }) => {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  async function mayJoin(request: FastifyRequest, channel: string): Promise<boolean> {
    const user = authOf(request).user;
    if (channel === adminChannel) return isStaff(user);
    // A trading account's live state: its owner only (staff have their own screens).
    const account = ACCOUNT_CHANNEL.exec(channel);
    if (account) return services.platformAccounts.owns(user.id, account[1]!);
    const room = ROOM_CHANNEL.exec(channel);
    if (!room) return false;
    const id = toId(room[1]);
    const record = id === null ? undefined : await services.chat.roomById(id);
    return record !== undefined && mayAccess(user, record);
  }

  app.post(
    '/broadcasting/auth',
    {
      preValidation: guard.signedIn,
      schema: {
        summary: 'Sign a private channel subscription',
        description: 'Form-encoded as pusher-js sends it, or JSON.',
        tags,
        body: channelAuthBodySchema,
        response: { 200: channelAuthAnswer, ...refusals(401, 403, 422) },
      },
    },
    async (request) => {
      const body = request.body;
      if (!(await mayJoin(request, body.channel_name))) throw forbidden(request.locale);
      return { auth: channelAuth(pusher.key, pusher.secret, body.socket_id, body.channel_name) };
    },
  );

  for (const url of ['/broadcasting/user-auth', '/pusher/user-auth']) {
    app.post(
      url,
      {
        preValidation: guard.signedIn,
        schema: {
          summary: 'Sign a user sign-in on the socket',
          tags,
          body: userAuthBodySchema,
          response: { 200: userAuthAnswer, ...refusals(401, 422) },
        },
      },
      async (request) => {
        const user = authOf(request).user;
        const userData = JSON.stringify({ id: String(user.id), user_info: { name: `${user.first_name} ${user.second_name}`.trim() } });
        return { auth: userAuth(pusher.key, pusher.secret, request.body.socket_id, userData), user_data: userData };
      },
    );
  }

  app.get(
    '/api/realtime',
    { schema: { summary: 'Where the browser connects for realtime (the key is public)', tags, response: { 200: realtimeConfigSchema } } },
    async () => ({
      key: pusher.key,
      host: pusher.host,
      port: pusher.port,
      force_tls: pusher.host !== null && pusher.scheme === 'https',
    }),
  );
};
