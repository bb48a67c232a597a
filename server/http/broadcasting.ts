import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { realtimeConfigSchema } from '../../contract/chat.schema.ts';
import { toId } from '../../contract/ids.ts';
import { breaks } from '../../contract/validation.ts';
import type { PusherConfig } from '../config.ts';
import { channelAuth, isChannelName, isEncryptedChannel, isPresenceChannel, isSocketId, sharedSecret, userAuth } from '../realtime/protocol.ts';
import { adminChannel, isStaff, mayAccess } from '../services/chat.ts';
import type { Api } from './api.ts';
import { authOf } from './authenticate.ts';
import { forbidden } from './http-error.ts';
import { refusals } from './responses.ts';

const socketId = z.string().refine(isSocketId, breaks('invalid'));
const channelAuthBodySchema = z.object({ socket_id: socketId, channel_name: z.string().refine(isChannelName, breaks('invalid')) });
const userAuthBodySchema = z.object({ socket_id: socketId });
const channelAuthAnswer = z.object({
  auth: z.string().describe('<key>:<hex hmac-sha256(secret, socket_id:channel_name[:channel_data])>'),
  channel_data: z.string().optional().describe('presence-*: JSON {"user_id","user_info":{"name"}}'),
  shared_secret: z.string().optional().describe('private-encrypted-*: base64 of the channel’s key'),
});
const userAuthAnswer = z.object({ auth: z.string(), user_data: z.string().describe('JSON: {"id","user_info":{"name"}}') });
const ROOM_CHANNEL = /^private-chat\.(\d{1,15})$/;
const ACCOUNT_CHANNEL = /^private-account\.(\d{1,20})$/;
const tags = ['realtime'];

/** presence-X and private-encrypted-X are open to whoever may join private-X (mayJoin speaks of private- names). */
const asPrivate = (channel: string) => channel.replace(/^(?:presence-|private-encrypted-)/, 'private-');

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
      const { channel_name: channel, socket_id: socket } = request.body;
      if (!(await mayJoin(request, asPrivate(channel)))) throw forbidden(request.locale);
      if (isPresenceChannel(channel)) {
        const user = authOf(request).user;
        const channelData = JSON.stringify({ user_id: String(user.id), user_info: { name: `${user.first_name} ${user.second_name}`.trim() } });
        return { auth: channelAuth(pusher.key, pusher.secret, socket, channel, channelData), channel_data: channelData };
      }
      const auth = channelAuth(pusher.key, pusher.secret, socket, channel);
      if (isEncryptedChannel(channel)) return { auth, shared_secret: sharedSecret(pusher.encryptionMasterKey, channel).toString('base64') };
      return { auth };
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
