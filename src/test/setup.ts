import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { queryClient } from '../data/query-client';
import { settleAll } from './settle';

// A query that waits for an element waits for an event: the screen's code compiles on its first use
// here, which takes seconds on a loaded 2-core machine (a file's first test waited more than 10 s
// with three test runs at once). The ceiling sits just under the app suite's 30 s test timeout
// (vitest.config.ts), so a missing element still fails with the query's own message.
configure({ asyncUtilTimeout: 25_000 });

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
