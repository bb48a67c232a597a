import { http as mock, HttpResponse } from 'msw';
import type { SetupServer } from 'msw/node';
import { realtime } from '../lib/realtime';

/**
 * The app's socket made afresh, connecting only when the test calls the function returned: until
 * then the realtime settings (GET /api/realtime) do not answer. For the window between a screen's
 * first load and its channel's subscription, in which an event reaches nobody (docs/adr/0117).
 */
export function holdNextSocket(server: SetupServer): () => void {
  realtime.close();
  let connect = () => {};
  const connecting = new Promise<void>((resolve) => (connect = resolve));
  server.use(
    mock.get('*/api/realtime', async () => {
      await connecting;
      return HttpResponse.json({ key: 'app-key', host: null, port: null, force_tls: false });
    }),
  );
  return connect;
}
