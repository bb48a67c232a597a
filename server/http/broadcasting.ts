import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { RealtimeConfig } from '../../contract/chat.ts';
import type { PusherConfig } from '../config.ts';
import { channelAuth, isChannelName, isSocketId, userAuth } from '../realtime/protocol.ts';
import { adminChannel, isStaff, mayAccess } from '../services/chat.ts';
import type { Services } from '../services/index.ts';
import { authOf, requireAuth } from './authenticate.ts';
import { forbidden } from './http-error.ts';
import { validate } from './validation.ts';
import { toId } from '../../contract/ids.ts';

const socketId = z.string().refine(isSocketId, { params: { rule: 'invalid' } });
const channelAuthBodySchema = z.object({ socket_id: socketId, channel_name: z.string().refine(isChannelName, { params: { rule: 'invalid' } }) });
const userAuthBodySchema = z.object({ socket_id: socketId });
const ROOM_CHANNEL = /^private-chat\.(\d{1,15})$/;

/**
 * Laravel's broadcasting endpoints, signing for whichever hub the browser is connected to
 * (ours or an external one), and GET /api/realtime, which tells the browser where that is.
 * pusher-js posts form-encoded bodies; JSON is accepted too.
 */
export const broadcastingRoutes: FastifyPluginAsync<{ services: Services; pusher: PusherConfig }> = async (app, { services, pusher }) => {
  const auth = requireAuth(services);
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  async function mayJoin(request: FastifyRequest, channel: string): Promise<boolean> {
    const user = authOf(request).user;
    if (channel === adminChannel) return isStaff(user);
    const room = ROOM_CHANNEL.exec(channel);
    if (!room) return false;
    const id = toId(room[1]);
    const record = id === null ? undefined : await services.chat.roomById(id);
    return record !== undefined && mayAccess(user, record);
  }

  app.post('/broadcasting/auth', { preHandler: auth }, async (request) => {
    const body = validate(channelAuthBodySchema, request.body, request.locale);
    if (!(await mayJoin(request, body.channel_name))) throw forbidden(request.locale);
    return { auth: channelAuth(pusher.key, pusher.secret, body.socket_id, body.channel_name) };
  });

  const signIn = async (request: FastifyRequest) => {
    const body = validate(userAuthBodySchema, request.body, request.locale);
    const user = authOf(request).user;
    const userData = JSON.stringify({ id: String(user.id), user_info: { name: `${user.first_name} ${user.second_name}`.trim() } });
    return { auth: userAuth(pusher.key, pusher.secret, body.socket_id, userData), user_data: userData };
  };
  app.post('/broadcasting/user-auth', { preHandler: auth }, signIn);
  app.post('/pusher/user-auth', { preHandler: auth }, signIn);

  app.get('/api/realtime', async (): Promise<RealtimeConfig> => ({
    key: pusher.key,
    host: pusher.host,
    port: pusher.port,
    force_tls: pusher.host !== null && pusher.scheme === 'https',
  }));
};
