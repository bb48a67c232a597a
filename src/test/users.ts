import type { User } from '../../contract/user';

/** A verified client; a test overrides only what it reads (a name, the day they registered). */
export function testUser(overrides: Partial<User> = {}): User {
  return {
    id: 2,
    first_name: 'Olena',
    second_name: 'Kovalenko',
    email: 'client@traderoom.test',
    email_verified_at: '2026-01-01T00:00:00.000Z',
    roles: ['client'],
    role: 'client',
    created_at: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** The same person as staff: the Administration area and no personal manager. */
export const asAdmin = (user: User, overrides: Partial<User> = {}): User => ({ ...user, id: 1, roles: ['admin'], role: 'admin', ...overrides });
