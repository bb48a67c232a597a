import { type Migration, type MigrationResultSet, Migrator, sql } from 'kysely';
import { dialectOf } from './dialect.ts';
import * as usersAndRoles from './migrations/0001_users_and_roles.ts';
import * as personalAccessTokens from './migrations/0002_personal_access_tokens.ts';
import * as userLocaleAndPendingEmail from './migrations/0003_user_locale_and_pending_email.ts';
import * as passwordResetTokens from './migrations/0004_password_reset_tokens.ts';
import * as oauthIdentities from './migrations/0005_oauth_identities.ts';
import * as verificationDocuments from './migrations/0006_verification_documents.ts';
import * as chatRooms from './migrations/0007_chat_rooms.ts';
import * as chatMessages from './migrations/0008_chat_messages.ts';
import * as currenciesAndTradingAccounts from './migrations/0009_currencies_and_trading_accounts.ts';
import * as ledger from './migrations/0010_ledger.ts';
import * as articlesAndServices from './migrations/0011_articles_and_services.ts';
import * as economicCalendar from './migrations/0012_economic_calendar.ts';
import * as chatMessageClientIds from './migrations/0013_chat_message_client_ids.ts';
import * as contentTranslations from './migrations/0014_content_translations.ts';
import * as embeddedPlatform from './migrations/0015_embedded_platform.ts';
import * as paymentMethodsAndPlatformTickets from './migrations/0016_payment_methods_and_platform_tickets.ts';
import * as lifecycleEvents from './migrations/0017_lifecycle_events.ts';
import * as tickets from './migrations/0018_tickets.ts';
import * as notifications from './migrations/0019_notifications.ts';
import * as chatWorkspace from './migrations/0020_chat_workspace.ts';
import * as ipo from './migrations/0021_ipo.ts';
import * as secondFactor from './migrations/0022_second_factor.ts';
import * as supportPresence from './migrations/0023_support_presence.ts';
import * as ipoFinish from './migrations/0024_ipo_finish.ts';
import * as chatTickets from './migrations/0025_chat_tickets.ts';
import * as securityActivityAndStaffAudit from './migrations/0026_security_activity_and_staff_audit.ts';
import * as privacy from './migrations/0027_privacy.ts';
import * as agentAlerts from './migrations/0028_agent_alerts.ts';
import * as speed from './migrations/0029_speed.ts';
import * as copyTrading from './migrations/0030_copy_trading.ts';
import * as partners from './migrations/0031_partners.ts';
import * as ledgerCounts from './migrations/0032_ledger_counts.ts';
import * as partnerVolumes from './migrations/0033_partner_volumes.ts';
import * as roomSearch from './migrations/0034_room_search.ts';
import * as roomSearchSqlite from './migrations/0035_room_search_sqlite.ts';
import type { Db } from './schema.ts';

/** Every migration, by name; names sort in the order they run. Add new ones at the end. */
export const migrations: Record<string, Migration> = {
  '0001_users_and_roles': usersAndRoles,
  '0002_personal_access_tokens': personalAccessTokens,
  '0003_user_locale_and_pending_email': userLocaleAndPendingEmail,
  '0004_password_reset_tokens': passwordResetTokens,
  '0005_oauth_identities': oauthIdentities,
  '0006_verification_documents': verificationDocuments,
  '0007_chat_rooms': chatRooms,
  '0008_chat_messages': chatMessages,
  '0009_currencies_and_trading_accounts': currenciesAndTradingAccounts,
  '0010_ledger': ledger,
  '0011_articles_and_services': articlesAndServices,
  '0012_economic_calendar': economicCalendar,
  '0013_chat_message_client_ids': chatMessageClientIds,
  '0014_content_translations': contentTranslations,
  '0015_embedded_platform': embeddedPlatform,
  '0016_payment_methods_and_platform_tickets': paymentMethodsAndPlatformTickets,
  '0017_lifecycle_events': lifecycleEvents,
  '0018_tickets': tickets,
  '0019_notifications': notifications,
  '0020_chat_workspace': chatWorkspace,
  '0021_ipo': ipo,
  '0022_second_factor': secondFactor,
  '0023_support_presence': supportPresence,
  '0024_ipo_finish': ipoFinish,
  '0025_chat_tickets': chatTickets,
  '0026_security_activity_and_staff_audit': securityActivityAndStaffAudit,
  '0027_privacy': privacy,
  '0028_agent_alerts': agentAlerts,
  '0029_speed': speed,
  '0030_copy_trading': copyTrading,
  '0031_partners': partners,
  '0032_ledger_counts': ledgerCounts,
  '0033_partner_volumes': partnerVolumes,
  '0034_room_search': roomSearch,
  '0035_room_search_sqlite': roomSearchSqlite,
};

/**
 * On PostgreSQL the migration tables are looked for in the connection's own schema: left unnamed,
 * Kysely finds `kysely_migration` in any schema of the database and then fails to use it, so two
 * installations (or two test suites) sharing one database would break each other's migrations.
 */
export async function migrator(db: Db): Promise<Migrator> {
  const schema = dialectOf(db) === 'postgres' ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema : undefined;
  return new Migrator({ db, provider: { getMigrations: async () => migrations }, ...(schema ? { migrationTableSchema: schema } : {}) });
}

/** Brings the schema up to date; a no-op when it already is. Throws when a migration fails. */
export async function migrateToLatest(db: Db): Promise<MigrationResultSet> {
  const result = await (await migrator(db)).migrateToLatest();
  if (result.error) {
    const failed = result.results?.find((r) => r.status === 'Error')?.migrationName;
    throw new Error(`Migration ${failed ?? ''} failed: ${String(result.error)}`, { cause: result.error });
  }
  return result;
}
