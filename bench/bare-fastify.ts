/**
 * The baseline of `GET /api/user`: a bare Fastify server (no plugins, no hooks, default logger off)
 * doing the same two reads as the app (the live token by its hash, then its user) with
 * better-sqlite3 statements prepared once, on the app's own database file.
 * `tsx bench/bare-fastify.ts <sqlite file> <port>`; prints `listening` when ready.
 */
import { createHash } from 'node:crypto';
import SQLite from 'better-sqlite3';
import Fastify from 'fastify';

const [file, port] = process.argv.slice(2);
const db = new SQLite(file!, { readonly: true });
const tokenOf = db.prepare('select id, user_id from personal_access_tokens where token_hash = ? and revoked_at is null and expires_at > ?');
const userOf = db.prepare('select id, first_name, second_name, email, email_verified_at, pending_email, created_at from users where id = ?');

const app = Fastify();
app.get('/api/user', async (request, reply) => {
  const token = /^Bearer\s+(\S+)$/.exec(request.headers.authorization ?? '')?.[1];
  const row = token && (tokenOf.get(createHash('sha256').update(token).digest('hex'), new Date().toISOString()) as { id: number; user_id: number } | undefined);
  if (!row) return reply.code(401).send({ message: 'Unauthenticated.' });
  return userOf.get(row.user_id);
});
await app.listen({ port: Number(port), host: '127.0.0.1' });
console.log('listening');
