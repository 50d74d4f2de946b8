/** Before each component or route test: no answers or cached data left from the last test, no stored session, an empty screen. */
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { queryClient } from '@/lib/query-client';
import { toast } from '@/lib/notify';
import { fakeApi } from '@/testing/fake-api';

// Two cores shared with other suites: give a screen up to 5 s to show what a test waits for.
configure({ asyncUtilTimeout: 5000 });

beforeEach(async () => {
  fakeApi.reset();
  queryClient.clear();
  await toast.dismiss();
  window.localStorage.clear();
  window.sessionStorage.clear();
});

afterEach(() => {
  cleanup();
});
