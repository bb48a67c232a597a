import { describe, expect, it } from 'vitest';
import { relyingParty } from '../../server/services/passkeys.ts';

describe('the passkeys’ relying party', () => {
  it('serves a loopback address as localhost on the same port, since browsers refuse an IP as RP id', () => {
    expect(relyingParty('http://127.0.0.1:8404')).toMatchObject({ hostname: 'localhost', origin: 'http://localhost:8404' });
    expect(relyingParty('http://[::1]:8000')).toMatchObject({ hostname: 'localhost', origin: 'http://localhost:8000' });
  });

  it('keeps a host name as APP_URL gives it', () => {
    expect(relyingParty('http://localhost:8000')).toMatchObject({ hostname: 'localhost', origin: 'http://localhost:8000' });
    expect(relyingParty('https://traderoom.example')).toMatchObject({ hostname: 'traderoom.example', origin: 'https://traderoom.example' });
  });
});
