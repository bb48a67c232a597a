import { http as mock, HttpResponse, type RequestHandler } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';

/**
 * An msw server for one test file: listening for the whole file, answering a request no handler
 * expects with an error, and back to `handlers` after each test (`server.use` adds per test).
 */
export function mockServer(...handlers: RequestHandler[]) {
  const server = setupServer(...handlers);
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());
  return server;
}

/** No sign-in providers configured: the login screen shows the form alone. */
export const noOAuthProviders = mock.get('*/api/oauth/providers', () => HttpResponse.json([]));

/** The chat widget of a signed-in client looks for its room in the background: none yet. */
export const noChatRoom = mock.post('*/api/chat/room/find', () => HttpResponse.json({ message: 'Not found.' }, { status: 404 }));

/** The navbar's bell of a signed-in user asks for its count: nothing unread. */
export const noNotifications = mock.get('*/api/notifications/unread-count', () => HttpResponse.json({ unread: 0 }));

/** What the home screen loads for someone with no accounts and no articles yet, and the cap it shows before a create. */
export const emptyHomeHandlers = [
  mock.get('*/api/trading-account', () => HttpResponse.json([])),
  mock.get('*/api/trading-account/limits', () => HttpResponse.json({ max_accounts: 5 })),
  mock.get('*/api/currencies', () => HttpResponse.json([])),
  mock.get('*/api/articles/getAll', () => HttpResponse.json([])),
  mock.get('*/api/ipo/holdings', () => HttpResponse.json([])),
  noChatRoom,
  noNotifications,
];
