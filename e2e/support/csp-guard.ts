/** Every browser test fails when the page broke the Content-Security-Policy (the app must work under it). */
import { afterEach, expect } from 'vitest';
import { takeCspViolations } from './browser';

afterEach(() => {
  expect(takeCspViolations()).toEqual([]);
});
