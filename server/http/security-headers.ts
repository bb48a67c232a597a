import helmet from '@fastify/helmet';
import Fastify from 'fastify';
import { START_AFTER_PAINT_SOURCE } from './prerendered.ts';

/**
 * The security headers every answer carries (app.ts sets them in its one onRequest hook, so a
 * route that sets one of them itself — a stored file's CSP, the OAuth popup's opener policy —
 * still wins). The CSP allows one inline script, by its hash: the prerendered pages' start after the
 * first paint (prerendered.ts); inline styles are allowed for now (React style
 * props, the theme's first paint). `connect-src` opens ws:/wss: for the realtime socket. HSTS
 * only when the app is served over https.
 */
export function securityHeaders({ https }: { https: boolean }): Promise<Record<string, string>> {
  return helmetHeaders(https);
}

/**
 * The headers helmet sets, worked out once: helmet builds them again on every request (the CSP
 * string, a dozen setHeader calls through its middleware), about 3% of a request's CPU for
 * headers that never change. A throwaway Fastify answers once with helmet and once without; the
 * difference is what every answer gets.
 */
async function helmetHeaders(https: boolean): Promise<Record<string, string>> {
  const answer = async (withHelmet: boolean) => {
    const probe = Fastify();
    if (withHelmet) await probe.register(helmet, options(https));
    probe.get('/', async () => '');
    const response = await probe.inject({ method: 'GET', url: '/' });
    await probe.close();
    return response.headers;
  };
  const [plain, secured] = [await answer(false), await answer(true)];
  return Object.fromEntries(Object.entries(secured).filter(([name, value]) => plain[name] === undefined && typeof value === 'string')) as Record<string, string>;
}

function options(https: boolean) {
  return {
    global: true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", START_AFTER_PAINT_SOURCE],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        // blob: for previews of verification documents, fetched with the bearer token.
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        frameSrc: ["'self'"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
    },
    // Leaves window.opener to popups the app opens (the OAuth sign-in window posts its token back).
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } as const : false,
  } as const;
}
