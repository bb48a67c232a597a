/**
 * A real OpenID Connect provider (the `oidc-provider` package) on loopback, for the tests and
 * for a demo in development (`OAUTH_DEMO=1`). Any e-mail address signs in with the password
 * LOOPBACK_OIDC_PASSWORD; the account's subject is derived from the address, so the same
 * address is the same account every time. Consent is implied (a first-party client).
 * Never used in production: config.ts ignores OAUTH_DEMO there.
 */
import { createHash, generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type Provider from 'oidc-provider';
import type { Configuration, KoaContextWithOIDC } from 'oidc-provider';
import type { OidcClient } from '../config.ts';

export const LOOPBACK_OIDC_PASSWORD = 'traderoom-demo';
export const LOOPBACK_OIDC_DEMO_EMAIL = 'oidc-demo@traderoom.test';
export const LOOPBACK_OIDC_NAME = 'Loopback ID';

export interface LoopbackOidc {
  /** What the app's config needs to use it as the `oidc` provider. */
  client: OidcClient;
  close(): Promise<void>;
}

const escapeHtml = (value: string) =>
  value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

const subjectOf = (email: string) => `loopback-${createHash('sha256').update(email).digest('hex').slice(0, 20)}`;

function namesOf(email: string): { given_name: string; family_name: string } {
  const [first = 'Demo', second = 'User'] = email.split('@')[0]!.split(/[._-]+/).filter(Boolean);
  const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
  return { given_name: cap(first), family_name: cap(second === first ? 'User' : second) };
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
body{font-family:system-ui,sans-serif;background:#f4f6fa;color:#0f1b2d;display:grid;place-items:center;min-height:100vh;margin:0}
main{background:#fff;border:1px solid #dde2ea;border-radius:16px;padding:32px;width:min(360px,calc(100vw - 48px))}
h1{font-size:1.3rem;margin:0 0 4px} p{color:#4f5d73;margin:0 0 20px;font-size:.9rem}
label{display:grid;gap:6px;font-weight:600;font-size:.875rem;margin-bottom:14px}
input{font:inherit;padding:10px 12px;border:1px solid #c4cbd6;border-radius:10px}
button{font:inherit;font-weight:600;width:100%;padding:12px;border:0;border-radius:10px;background:#6d28d9;color:#fff;cursor:pointer}
.error{color:#b42318;font-weight:600} a{color:#4f5d73;display:block;text-align:center;margin-top:14px}
</style></head><body><main>${body}</main></body></html>`;
}

function loginForm(uid: string, email: string, error: string | null): string {
  return page(
    `${LOOPBACK_OIDC_NAME}: sign in`,
    `<h1>${LOOPBACK_OIDC_NAME}</h1>
<p>A test identity provider on this computer. Any e-mail address, password <code>${LOOPBACK_OIDC_PASSWORD}</code>.</p>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="/interaction/${escapeHtml(uid)}/login">
<label>E-mail<input type="email" name="email" value="${escapeHtml(email)}" required autocomplete="username"></label>
<label>Password<input type="password" name="password" required autocomplete="current-password"></label>
<button type="submit">Continue</button>
</form>
<a href="/interaction/${escapeHtml(uid)}/abort">Cancel</a>`,
  );
}

async function formBody(req: IncomingMessage): Promise<URLSearchParams> {
  let raw = '';
  for await (const chunk of req) {
    raw += chunk;
    if (raw.length > 10_000) break;
  }
  return new URLSearchParams(raw);
}

/** Starts the provider on 127.0.0.1 (port 0: any free one) for a client redirecting to `redirectUri`. */
export async function startLoopbackOidc({ redirectUri, port = 0 }: { redirectUri: string; port?: number }): Promise<LoopbackOidc> {
  const emails = new Map<string, string>();
  let provider: Provider | undefined;

  async function interaction(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
    const match = /^\/interaction\/([\w-]+)(?:\/(login|abort))?$/.exec(path);
    if (!match || !provider) {
      res.writeHead(404).end('Not found');
      return;
    }
    const [, uid, action] = match;
    const details = await provider.interactionDetails(req, res);
    if (details.uid !== uid) throw new Error('interaction mismatch');
    if (action === 'abort') {
      await provider.interactionFinished(req, res, { error: 'access_denied', error_description: 'The user cancelled.' }, { mergeWithLastSubmission: false });
      return;
    }
    if (action === 'login' && req.method === 'POST') {
      const body = await formBody(req);
      const email = (body.get('email') ?? '').trim().toLowerCase();
      if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) || body.get('password') !== LOOPBACK_OIDC_PASSWORD) {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(loginForm(uid!, email, 'Wrong e-mail or password.'));
        return;
      }
      const accountId = subjectOf(email);
      emails.set(accountId, email);
      await provider.interactionFinished(req, res, { login: { accountId } }, { mergeWithLastSubmission: false });
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(loginForm(uid!, LOOPBACK_OIDC_DEMO_EMAIL, null));
  }

  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    if (path.startsWith('/interaction/')) {
      interaction(req, res, path).catch((error: unknown) => {
        if (!res.headersSent) res.writeHead(400, { 'content-type': 'text/plain' });
        res.end(`Sign-in failed: ${error instanceof Error ? error.message : String(error)}`);
      });
      return;
    }
    provider!.callback()(req, res);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const client = { clientId: 'traderoom', clientSecret: randomBytes(24).toString('base64url') };
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const configuration: Configuration = {
    clients: [
      {
        client_id: client.clientId,
        client_secret: client.clientSecret,
        redirect_uris: [redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    jwks: { keys: [{ ...(privateKey.export({ format: 'jwk' }) as object), kid: 'loopback', use: 'sig', alg: 'RS256' } as never] },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'given_name', 'family_name'] },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx: KoaContextWithOIDC, interaction) => `/interaction/${interaction.uid}` },
    pkce: { required: () => true },
    ttl: { AccessToken: 600, AuthorizationCode: 60, Grant: 3600, IdToken: 600, Interaction: 600, Session: 3600 },
    async findAccount(_ctx, sub) {
      const email = emails.get(sub);
      if (!email) return undefined;
      return {
        accountId: sub,
        claims: async () => ({ sub, email, email_verified: true, name: `${namesOf(email).given_name} ${namesOf(email).family_name}`, ...namesOf(email) }),
      };
    },
    // A first-party client: consent is implied, so the person sees only the sign-in form.
    async loadExistingGrant(ctx) {
      const grantId = ctx.oidc.result?.consent?.grantId ?? ctx.oidc.session!.grantIdFor(ctx.oidc.client!.clientId);
      if (grantId) return ctx.oidc.provider.Grant.find(grantId);
      const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client!.clientId, accountId: ctx.oidc.session!.accountId! });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
  };
  // Imported here, not at the top: the compiled server is one file, and a top-level import of a
  // package would load it in every process (oidc-provider: 430 ms and 30 MB), not only with OAUTH_DEMO.
  const { default: OidcProvider } = await import('oidc-provider');
  provider = new OidcProvider(issuer, configuration);

  return {
    client: { ...client, issuer, name: LOOPBACK_OIDC_NAME },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
