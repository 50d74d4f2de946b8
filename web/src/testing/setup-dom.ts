/** Before each component or route test: no answers left from the last test, no stored session, an empty screen. */
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { fakeApi } from '@/testing/fake-api';

beforeEach(() => {
  fakeApi.reset();
  window.localStorage.clear();
  window.sessionStorage.clear();
});

afterEach(() => {
  cleanup();
});
