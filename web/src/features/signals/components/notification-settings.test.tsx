import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '@/testing/render';

/** A browser whose Notification permission is `permission` (and the answer its prompt gives), with service workers. */
function browserWith(permission: NotificationPermission, answer: NotificationPermission = permission) {
  const fake = {
    permission,
    requestPermission: vi.fn(() => {
      fake.permission = answer;
      return Promise.resolve(answer);
    }),
  };
  vi.stubGlobal('Notification', fake);
  if (!('serviceWorker' in navigator)) Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: {} });
  return fake;
}

// The module reads the browser when it loads: load it after the stubs.
async function settings() {
  vi.resetModules();
  return (await import('./notification-settings')).NotificationSettings;
}

afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('NotificationSettings', () => {
  it('asks the browser only on a click; granted: says they are on, and can be turned off', async () => {
    const browser = browserWith('default', 'granted');
    const NotificationSettings = await settings();
    const { user } = renderWithApp(<NotificationSettings category="B" />);
    expect(browser.requestPermission).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Turn on notifications' }));
    await screen.findByText(/Notifications are on/);
    expect(browser.requestPermission).toHaveBeenCalledOnce();
    await user.click(screen.getByRole('button', { name: 'Turn off notifications' }));
    await screen.findByRole('button', { name: 'Turn on notifications' });
  });

  it('a refusal at the prompt, or one made before, is said plainly', async () => {
    browserWith('default', 'denied');
    let NotificationSettings = await settings();
    const { user, unmount } = renderWithApp(<NotificationSettings category="A" />);
    await user.click(screen.getByRole('button', { name: 'Turn on notifications' }));
    await screen.findByText(/Notifications are blocked for this site/);
    unmount();

    browserWith('denied');
    NotificationSettings = await settings();
    renderWithApp(<NotificationSettings category="A" />);
    expect(screen.getByText(/Notifications are blocked for this site/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Turn on notifications' })).toBeNull();
  });

  it('a browser without notifications says what still alerts the reader', async () => {
    vi.stubGlobal('Notification', undefined);
    Reflect.deleteProperty(window, 'Notification');
    const NotificationSettings = await settings();
    renderWithApp(<NotificationSettings category="A" />);
    expect(screen.getByText(/This browser cannot show system notifications/)).toBeTruthy();
  });
});
