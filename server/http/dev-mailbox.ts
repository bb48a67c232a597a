import { BlockList, isIPv4 } from 'node:net';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { mailboxEntrySchema, mailboxMailSchema } from '../../contract/mailbox.schema.ts';
import { outboxFiles, readOutboxFile } from '../mail/outbox.ts';
import { notFound } from './http-error.ts';
import { refusals } from './responses.ts';

/** How many mails the list shows: the newest. */
const LIST_LIMIT = 100;

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/** Headers a proxy adds: a request that passed one came from wherever the proxy's client is. */
const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-real-ip'];

/**
 * Whether the request comes from this machine: the socket's peer is a loopback address (never a
 * header's claim, TRUST_PROXY or not) and no proxy forwarded it from elsewhere.
 */
export function fromLoopback(request: FastifyRequest): boolean {
  const peer = (request.socket.remoteAddress ?? '').replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '');
  if (!LOOPBACK.check(peer, isIPv4(peer) ? 'ipv4' : 'ipv6')) return false;
  return FORWARDING_HEADERS.every((name) => request.headers[name] === undefined);
}

async function parse(raw: Buffer) {
  // mailparser is needed only here, in development; production never loads it.
  const { simpleParser } = await import('mailparser');
  return simpleParser(raw);
}

const addresses = (value: { text: string } | { text: string }[] | undefined) =>
  (Array.isArray(value) ? value.map((v) => v.text).join(', ') : value?.text) ?? '';

/**
 * Development only (not registered in production): the mail written to MAIL_OUTBOX, so a
 * newcomer without a mail server can read and follow the links. GET /api/dev/mail lists,
 * GET /api/dev/mail/{id} reads one. The mail holds reset and verification links, so it is
 * there only for this machine: anyone else gets 404, as if it did not exist.
 */
export const devMailboxRoutes: FastifyPluginAsyncZod<{ outbox: string }> = async (app, { outbox }) => {
  const tags = ['development'];
  app.addHook('onRequest', async (request) => {
    if (!fromLoopback(request)) throw notFound(request.locale);
  });

  app.get(
    '/api/dev/mail',
    {
      schema: {
        summary: 'Development only, from this machine: the newest 100 mails of the outbox',
        tags,
        response: { 200: z.array(mailboxEntrySchema), ...refusals(404) },
      },
    },
    async () => {
      const files = (await outboxFiles(outbox)).slice(0, LIST_LIMIT);
      return Promise.all(
        files.map(async (id) => {
          const mail = await parse((await readOutboxFile(outbox, id))!);
          return { id, to: addresses(mail.to), subject: mail.subject ?? '', date: mail.date?.toISOString() ?? null };
        }),
      );
    },
  );

  // A mail's id is its file name, not a row id: the route answers an unknown one itself.
  app.get(
    '/api/dev/mail/:id',
    {
      config: { ownIdCheck: true },
      schema: {
        summary: 'Development only, from this machine: one mail',
        tags,
        params: z.object({ id: z.string().describe('The outbox file’s name') }),
        response: { 200: mailboxMailSchema, ...refusals(404) },
      },
    },
    async (request) => {
      const raw = await readOutboxFile(outbox, request.params.id);
      if (!raw) throw notFound(request.locale);
      const mail = await parse(raw);
      return {
        id: request.params.id,
        from: addresses(mail.from),
        to: addresses(mail.to),
        subject: mail.subject ?? '',
        date: mail.date?.toISOString() ?? null,
        text: mail.text ?? '',
        html: typeof mail.html === 'string' ? mail.html : null,
      };
    },
  );
};
