import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import type { Db } from '../db/schema.ts';

/** One file of the archive: JSON written from a value, or a stored file copied as it is. */
export type ExportEntry = { name: string; json: unknown } | { name: string; path: string };

/**
 * Everything Traderoom holds about one user, as the files of their export (docs/adr/0089). Secrets
 * are left out: password and token hashes, the authenticator's key, recovery-code hashes, passkeys'
 * public keys. Staff's internal notes on tickets, and their attachments, are never selected.
 */
export async function collectUserData(db: Db, userId: number, filePath: (storageName: string) => string, partnerData?: (userId: number) => Promise<unknown>): Promise<ExportEntry[]> {
  const user = await db
    .selectFrom('users')
    .select(['id', 'first_name', 'second_name', 'email', 'pending_email', 'email_verified_at', 'locale', 'security_changed_at', 'last_seen_at', 'created_at', 'updated_at'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  const roles = await db.selectFrom('role_user').innerJoin('roles', 'roles.id', 'role_user.role_id').select('roles.name').where('role_user.user_id', '=', userId).execute();

  const [calendar, notificationPreferences, sessions, trustedDevices, oauth, totp, recovery, passkeys, securityEvents] = await Promise.all([
    db.selectFrom('calendar_settings').select(['currencies', 'importance', 'time_zone', 'updated_at']).where('user_id', '=', userId).executeTakeFirst(),
    db.selectFrom('notification_preferences').select(['event', 'in_app', 'email', 'updated_at']).where('user_id', '=', userId).execute(),
    db
      .selectFrom('personal_access_tokens')
      .select(['id', 'name', 'remember', 'user_agent', 'ip', 'created_at', 'last_used_at', 'expires_at', 'revoked_at', 'stepped_up_at'])
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute(),
    db.selectFrom('trusted_devices').select(['id', 'user_agent', 'created_at', 'expires_at', 'revoked_at']).where('user_id', '=', userId).orderBy('id').execute(),
    db.selectFrom('oauth_identities').select(['provider', 'email', 'created_at']).where('user_id', '=', userId).execute(),
    db.selectFrom('totp_credentials').select(['confirmed_at', 'created_at']).where('user_id', '=', userId).executeTakeFirst(),
    db.selectFrom('recovery_codes').select(['used_at', 'created_at']).where('user_id', '=', userId).execute(),
    db.selectFrom('passkeys').select(['id', 'name', 'transports', 'created_at', 'last_used_at']).where('user_id', '=', userId).orderBy('id').execute(),
    db.selectFrom('security_events').select(['kind', 'ip', 'user_agent', 'detail', 'created_at']).where('user_id', '=', userId).orderBy('id').execute(),
  ]);

  const accounts = await db
    .selectFrom('trading_accounts as a')
    .innerJoin('currencies as c', 'c.id', 'a.currency_id')
    .select(['a.id', 'a.number', 'a.type', 'c.code as currency', 'c.precision', 'a.leverage', 'a.balance', 'a.equity', 'a.status', 'a.nickname', 'a.created_at', 'a.updated_at'])
    .where('a.user_id', '=', userId)
    .orderBy('a.id')
    .execute();
  const ledger = await db
    .selectFrom('ledger_entries as l')
    .innerJoin('currencies as c', 'c.id', 'l.currency_id')
    .innerJoin('trading_accounts as a', 'a.id', 'l.account_id')
    .select([
      'l.id',
      'a.number as account_number',
      'l.kind',
      'l.amount',
      'c.code as currency',
      'c.precision',
      'l.status',
      'l.state',
      'l.reference',
      'l.fee',
      'l.reason',
      'l.created_at',
      'l.decided_at',
      'l.expected_at',
    ])
    .where('l.user_id', '=', userId)
    .orderBy('l.id')
    .execute();
  const entryIds = ledger.map((entry) => entry.id);
  const documents = await db
    .selectFrom('verification_documents')
    .select(['id', 'kind', 'status', 'state', 'original_name', 'mime_type', 'size', 'storage_name', 'rejection_reason', 'submitted_at', 'reviewed_at', 'expected_at'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
  const tickets = await db
    .selectFrom('tickets')
    .select(['id', 'category', 'subject', 'status', 'source', 'created_at', 'updated_at', 'first_response_at', 'resolved_at', 'closed_at', 'rating', 'rating_comment', 'rated_at'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
  const ticketIds = tickets.map((ticket) => ticket.id);
  const [ticketMessages, ticketAttachments] = ticketIds.length
    ? await Promise.all([
        db
          .selectFrom('ticket_messages')
          .select(['id', 'ticket_id', 'author_kind', 'body', 'created_at'])
          .where('ticket_id', 'in', ticketIds)
          .where('internal', '=', 0)
          .orderBy('id')
          .execute(),
        db
          .selectFrom('ticket_attachments as f')
          .innerJoin('ticket_messages as m', 'm.id', 'f.message_id')
          .select(['f.id', 'f.ticket_id', 'f.message_id', 'f.original_name', 'f.mime_type', 'f.size', 'f.created_at'])
          .where('f.ticket_id', 'in', ticketIds)
          .where('m.internal', '=', 0)
          .orderBy('f.id')
          .execute(),
      ])
    : [[], []];
  const rooms = await db.selectFrom('chat_rooms').select(['id', 'name', 'agent_name', 'status', 'created_at']).where('user_id', '=', userId).execute();
  const roomIds = rooms.map((room) => room.id);
  const [chatMessages, chatAttachments] = roomIds.length
    ? await Promise.all([
        db.selectFrom('chat_messages').select(['id', 'room_id', 'user_id', 'message', 'created_at']).where('room_id', 'in', roomIds).orderBy('id').execute(),
        db.selectFrom('chat_attachments').select(['id', 'message_id', 'original_name', 'mime_type', 'size', 'created_at']).where('room_id', 'in', roomIds).orderBy('id').execute(),
      ])
    : [[], []];
  const [notifications, ipoApplications, appropriateness, serviceRequests, exportsMade] = await Promise.all([
    db.selectFrom('notifications').select(['id', 'event', 'payload', 'link', 'read_at', 'created_at']).where('user_id', '=', userId).orderBy('id').execute(),
    db
      .selectFrom('ipo_applications as p')
      .innerJoin('ipo_offerings as o', 'o.id', 'p.offering_id')
      .innerJoin('trading_accounts as a', 'a.id', 'p.account_id')
      .innerJoin('currencies as c', 'c.id', 'o.currency_id')
      .select([
        'p.id',
        'o.company',
        'o.ticker',
        'a.number as account_number',
        'c.code as currency',
        'c.precision',
        'p.amount',
        'p.held',
        'p.status',
        'p.requested_shares',
        'p.allocated_shares',
        'p.allocated_amount',
        'p.created_at',
        'p.updated_at',
      ])
      .where('p.user_id', '=', userId)
      .orderBy('p.id')
      .execute(),
    db.selectFrom('ipo_appropriateness').select(['passed', 'wrong', 'taken_at']).where('user_id', '=', userId).executeTakeFirst(),
    db
      .selectFrom('service_requests as r')
      .innerJoin('services as s', 's.id', 'r.service_id')
      .select(['r.id', 's.code as service', 'r.note', 'r.status', 'r.created_at', 'r.updated_at'])
      .where('r.user_id', '=', userId)
      .orderBy('r.id')
      .execute(),
    db.selectFrom('data_exports').select(['id', 'status', 'requested_at', 'ready_at', 'expires_at']).where('user_id', '=', userId).orderBy('id').execute(),
  ]);
  // The steps of the user's money requests, documents and tickets, and every step the user took.
  const steps = await db
    .selectFrom('lifecycle_events')
    .select(['id', 'kind', 'object_id', 'from_state', 'to_state', 'event', 'actor_role', 'reason', 'expected_at', 'created_at'])
    .where((eb) =>
      eb.or([
        eb('actor_id', '=', userId),
        ...(entryIds.length ? [eb.and([eb('kind', '=', 'wallet_request'), eb('object_id', 'in', entryIds)])] : []),
        ...(documents.length ? [eb.and([eb('kind', '=', 'identity_document'), eb('object_id', 'in', documents.map((d) => d.id))])] : []),
        ...(ticketIds.length ? [eb.and([eb('kind', '=', 'ticket'), eb('object_id', 'in', ticketIds)])] : []),
      ]),
    )
    .orderBy('id')
    .execute();

  const documentFile = (d: { id: number; original_name: string }) => `documents/${d.id}-${safeName(d.original_name)}`;
  return [
    { name: 'README.txt', json: undefined },
    { name: 'profile.json', json: { ...user, roles: roles.map((r) => r.name) } },
    {
      name: 'settings.json',
      json: { language: user.locale, calendar: calendar ?? null, notification_preferences: notificationPreferences.map((p) => ({ ...p, in_app: p.in_app === 1, email: p.email === 1 })) },
    },
    { name: 'sessions.json', json: { sessions: sessions.map((s) => ({ ...s, remember: s.remember === 1 })), remembered_devices: trustedDevices } },
    {
      name: 'security.json',
      json: {
        security_changed_at: user.security_changed_at,
        authenticator_app: totp ? { enabled: totp.confirmed_at !== null, confirmed_at: totp.confirmed_at, created_at: totp.created_at } : null,
        recovery_codes: { total: recovery.length, used: recovery.filter((c) => c.used_at !== null).length },
        passkeys,
        connected_accounts: oauth,
        activity: steps.filter((s) => s.kind !== 'wallet_request' && s.kind !== 'identity_document' && s.kind !== 'ticket'),
        // The Settings → Security feed: sign-ins and security changes of the last 90 days.
        sign_ins_and_changes: securityEvents.map((e) => ({ ...e, detail: e.detail === null ? null : (JSON.parse(e.detail) as unknown) })),
      },
    },
    { name: 'trading-accounts.json', json: accounts },
    { name: 'ledger.json', json: ledger },
    {
      name: 'money-requests.json',
      json: ledger.filter((e) => e.state !== null).map((e) => ({ ...e, timeline: steps.filter((s) => s.kind === 'wallet_request' && s.object_id === e.id) })),
    },
    {
      name: 'documents.json',
      json: documents.map(({ storage_name: _stored, ...d }) => ({ ...d, file: documentFile(d), timeline: steps.filter((s) => s.kind === 'identity_document' && s.object_id === d.id) })),
    },
    ...documents.map((d) => ({ name: documentFile(d), path: filePath(d.storage_name) })),
    {
      name: 'tickets.json',
      json: tickets.map((ticket) => ({
        ...ticket,
        messages: ticketMessages.filter((m) => m.ticket_id === ticket.id).map((m) => ({ ...m, attachments: ticketAttachments.filter((f) => f.message_id === m.id) })),
        timeline: steps.filter((s) => s.kind === 'ticket' && s.object_id === ticket.id),
      })),
    },
    {
      name: 'chat.json',
      json: rooms.map((room) => ({
        ...room,
        messages: chatMessages
          .filter((m) => m.room_id === room.id)
          .map((m) => ({ ...m, from: m.user_id === userId ? 'you' : 'support', attachments: chatAttachments.filter((f) => f.message_id === m.id) })),
      })),
    },
    { name: 'notifications.json', json: notifications.map((n) => ({ ...n, payload: JSON.parse(n.payload) as unknown })) },
    { name: 'ipo.json', json: { applications: ipoApplications, appropriateness_test: appropriateness ? { ...appropriateness, passed: appropriateness.passed === 1 } : null } },
    { name: 'service-requests.json', json: serviceRequests },
    { name: 'data-exports.json', json: exportsMade },
    // The partner program: profile, links, clients (masked as on the partner's screen), reward lines and payouts.
    ...(await partnerData?.(userId).then((partner) => (partner ? [{ name: 'partner.json', json: partner }] : [])) ?? []),
  ];
}

/** A stored file's original name, safe as a path inside the archive. */
function safeName(name: string): string {
  return name.replace(/[^\p{L}\p{N}._-]+/gu, '_').slice(0, 100) || 'file';
}

const README = `Your Traderoom data

Each .json file holds one part of what Traderoom keeps about you, in UTF-8 JSON.
Amounts are in minor units of their currency (cents): divide by 10 to the power of "precision".
Times are UTC (ISO 8601). documents/ holds the files you uploaded for verification.
partner.json (partners only) holds your partner profile, links, the clients you brought (their
addresses masked as on your screen), every reward line and every payout.
Left out on purpose: password, session and device token hashes, your authenticator's key and
the hashes of your recovery codes (keeping them out of an archive keeps your account safe).
`;

/** Writes the entries into a ZIP at `path`: JSON compressed, stored files copied as they are (already compressed). */
export async function writeZip(path: string, entries: ExportEntry[]): Promise<number> {
  const out = createWriteStream(path, { flags: 'wx', mode: 0o600 });
  let size = 0;
  const done = new Promise<void>((resolve, reject) => {
    out.on('error', reject);
    out.on('finish', resolve);
  });
  let failed: Error | null = null;
  const zip = new Zip((err, chunk, final) => {
    if (err) {
      failed = err;
      out.destroy(err);
      return;
    }
    size += chunk.length;
    out.write(chunk);
    if (final) out.end();
  });
  const mtime = new Date();
  for (const entry of entries) {
    if ('path' in entry) {
      // A stored file that is gone: the archive says so instead of failing as a whole.
      const stored = existsSync(entry.path);
      const file = new ZipPassThrough(stored ? entry.name : `${entry.name}.missing.txt`);
      file.mtime = mtime;
      zip.add(file);
      if (!stored) {
        file.push(new TextEncoder().encode('This file is no longer stored.\n'), true);
        continue;
      }
      for await (const chunk of createReadStream(entry.path)) file.push(chunk as Buffer);
      file.push(new Uint8Array(0), true);
      continue;
    }
    const file = new ZipDeflate(entry.name, { level: 6 });
    file.mtime = mtime;
    zip.add(file);
    const text = entry.name === 'README.txt' ? README : `${JSON.stringify(entry.json, null, 2)}\n`;
    file.push(new TextEncoder().encode(text), true);
  }
  zip.end();
  await done;
  if (failed) throw failed;
  return size;
}
