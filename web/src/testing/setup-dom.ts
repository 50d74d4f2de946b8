/** Before each component or route test: no answers or cached data left from the last test, no stored session, an empty screen. */
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { queryClient } from '@/lib/query-client';
import { toast } from '@/lib/notify';
import { fakeApi } from '@/testing/fake-api';

// Two cores shared with other suites: give a screen up to 5 s to show what a test waits for.
configure({ asyncUtilTimeout: 5000 });

// happy-dom runs no CSS animation, and react-toastify removes a closed toast (and lets a waiting one take
// its place) when the toast's exit animation ends: here it ends at once, as it soon would in a browser.
new MutationObserver((changes) => {
  for (const { target } of changes) {
    if (target instanceof HTMLElement && /\bToastify__\w+-exit\b/.test(target.className))
      target.dispatchEvent(new Event('animationend'));
  }
}).observe(document.body, { subtree: true, attributes: true, attributeFilter: ['class'] });

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
