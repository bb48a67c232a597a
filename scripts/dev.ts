/**
 * `npm run dev`: the API server (restarted on change) and Vite with hot reload in front of it.
 * Open the Vite address it prints (5173 by default); /api, /broadcasting and /app go to the server.
 */
import { spawn, type ChildProcess } from 'node:child_process';

const apiPort = process.env.PORT ?? '8000';
// The browser talks to Vite, so links the server writes (mail, OAuth callbacks and the popup's target origin) point there.
const appUrl = process.env.APP_URL ?? `http://localhost:${process.env.VITE_PORT ?? '5173'}`;
const children: ChildProcess[] = [
  spawn('node_modules/.bin/tsx', ['watch', '--clear-screen=false', 'server/main.ts'], {
    stdio: 'inherit',
    env: { ...process.env, PORT: apiPort, SKIP_BUILD: '1', APP_URL: appUrl },
  }),
  spawn('node_modules/.bin/vite', [], {
    stdio: 'inherit',
    env: { ...process.env, API_PORT: apiPort },
  }),
];

function stop(code = 0) {
  for (const child of children) child.kill('SIGTERM');
  process.exit(code);
}
process.on('SIGINT', () => stop());
process.on('SIGTERM', () => stop());
for (const child of children) child.on('exit', (code) => stop(code ?? 0));
