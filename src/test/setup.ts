import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { queryClient } from '../data/query-client';
import { settleAll } from './settle';

afterEach(async () => {
  await settleAll();
  cleanup();
  // Each test starts with an empty query cache, as a fresh page load does.
  queryClient.clear();
  for (const cookie of document.cookie.split('; ')) {
    const name = cookie.split('=')[0];
    if (name) document.cookie = `${name}=; path=/; max-age=0`;
  }
});
