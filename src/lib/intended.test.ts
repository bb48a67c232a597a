import { describe, expect, it } from 'vitest';
import { rememberIntendedUrl, takeIntendedUrl } from './intended';

describe('the intended URL', () => {
  it('is given back once after sign-in', () => {
    rememberIntendedUrl('/en/settings/profile?tab=1');
    expect(takeIntendedUrl()).toBe('/en/settings/profile?tab=1');
    expect(takeIntendedUrl()).toBeNull();
  });

  it('is never an address on another site', () => {
    rememberIntendedUrl('//evil.example/steal');
    expect(takeIntendedUrl()).toBeNull();
    rememberIntendedUrl('https://evil.example/');
    expect(takeIntendedUrl()).toBeNull();
  });
});
