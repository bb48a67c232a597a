import { http as mock, HttpResponse, type RequestHandler } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { DEFAULT_OFFICE_HOURS, type SupportStatus } from '../../contract/support';
import type { SecurityStatus } from '../../contract/security';
import type { ChatTicketNotice } from '../../contract/chat';

/**
 * An msw server for one test file: listening for the whole file, answering a request no handler
 * expects with an error, and back to `handlers` after each test (`server.use` adds per test).
 * After the file's own handlers come `signedInShellHandlers`, so a screen's background calls get
 * an ordinary answer unless the file says otherwise.
 */
export function mockServer(...handlers: RequestHandler[]) {
  const server = setupServer(...handlers, ...signedInShellHandlers);
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());
  return server;
}

/** No sign-in providers configured: the login screen shows the form alone. */
export const noOAuthProviders = mock.get('*/api/oauth/providers', () => HttpResponse.json([]));

/** The chat widget of a signed-in client looks for its room in the background: none yet. */
const noChatRoom = mock.post('*/api/chat/room/find', () => HttpResponse.json({ message: 'Not found.' }, { status: 404 }));

/** The navbar's bell of a signed-in user asks for its count: nothing unread. */
const noNotifications = mock.get('*/api/notifications/unread-count', () => HttpResponse.json({ unread: 0 }));

/** What the home screen loads for someone with no accounts and no articles yet, and the cap it shows before a create. */
export const emptyHomeHandlers = [
  mock.get('*/api/trading-account', () => HttpResponse.json([])),
  mock.get('*/api/trading-account/limits', () => HttpResponse.json({ max_accounts: 5 })),
  mock.get('*/api/currencies', () => HttpResponse.json([])),
  mock.get('*/api/articles/getAll', () => HttpResponse.json([])),
];

/**
 * What the signed-in shell asks for in the background on any screen, answered as for a client with
 * nothing going on: nothing unread, no chat room yet, support away within office hours, no second factor, the chat's
 * room without a ticket, no IPO holdings. The socket's settings answer as a network without a
 * socket does (a network error): a unit test has no hub, and the app then shows what it loaded.
 * `mockServer` puts these after a file's own handlers, which win; without them each of these calls
 * was "a request without a matching handler" (about 200 such errors in a run), burying real ones.
 */
export const signedInShellHandlers: RequestHandler[] = [
  noNotifications,
  noChatRoom,
  mock.get('*/api/support/status', () =>
    HttpResponse.json<SupportStatus>({ online: false, availability: 'away', closes_at: null, opens_at: null, office_hours: DEFAULT_OFFICE_HOURS }),
  ),
  mock.get('*/api/realtime', () => HttpResponse.error()),
  mock.get('*/api/security', () =>
    HttpResponse.json<SecurityStatus>({ totp: false, recovery_codes_left: 0, passkeys: [], methods: ['password'], required: false, withdrawals_held_until: null }),
  ),
  mock.get('*/api/chat/room/:id/ticket', () => HttpResponse.json<ChatTicketNotice>({ ticket: null })),
  mock.get('*/api/ipo/holdings', () => HttpResponse.json([])),
];
