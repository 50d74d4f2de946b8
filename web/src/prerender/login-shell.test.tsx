import { describe, expect, it } from 'vitest';
import { loginShellHtml } from '@/prerender/login-shell';

// The markup index.html carries for /login (build-plugins.ts prerenderLogin, ADR 0031), rendered from the
// app's own components, as the build renders it.
describe('the prerendered /login', () => {
  it('is the login screen the app renders: its texts, its fields, its links', () => {
    const html = loginShellHtml();
    expect(html).toContain('Welcome back');
    expect(html).toContain('Log in to your wallet, calculators and signals.');
    const inputs = html.match(/<input[^>]*>/g) ?? [];
    expect(inputs.some((tag) => tag.includes('type="email"') && tag.includes('name="email"'))).toBe(true);
    expect(inputs.some((tag) => tag.includes('type="password"') && tag.includes('name="password"'))).toBe(true);
    expect(html).toContain('>Login</button>');
    expect(html).toContain('href="/forgot-password"');
  });
});
