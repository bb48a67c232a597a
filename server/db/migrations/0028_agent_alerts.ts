import type { MigrationDb } from '../dialect.ts';

/**
 * Each agent's own alerts for new client messages (the sound for now), kept on the server so that
 * the choice follows the agent to every browser they sign in on.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .createTable('agent_alerts')
    .addColumn('user_id', 'integer', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('sound', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('agent_alerts').execute();
}
