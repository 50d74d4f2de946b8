/**
 * The reader's opt-in to system notifications for signals while this tab is hidden (issue 12). The
 * browser asks only after a click here; a refusal, or a browser without notifications, is said
 * plainly with what still alerts the reader.
 */
import { useEffect, useState } from 'react';
import type { SignalCategory } from '@punter/core/signals';
import { useNotificationSettings } from '@/features/signals/notifications/notification-access';
import { pushRegistration } from '@/features/signals/notifications/push-registration';

export function NotificationSettings({ category }: { category: SignalCategory }) {
  const { access, optedIn, turnOn, turnOff } = useNotificationSettings();
  const [asking, setAsking] = useState(false);
  const on = access === 'granted' && optedIn;

  useEffect(() => {
    if (!on) return;
    // With FCM configured, pushes reach this device even with no tab open; the listener covers the rest.
    pushRegistration()
      .register(category)
      .catch((error: unknown) => console.warn('Push registration failed; alerts come while this page is open.', error));
  }, [on, category]);

  if (access === 'unsupported') {
    return (
      <p className="muted" role="note">
        This browser cannot show system notifications. Keep this tab open: new signals play a tone and show in the tab title.
      </p>
    );
  }
  if (access === 'denied') {
    return (
      <p className="muted" role="note">
        Notifications are blocked for this site. To be alerted while this tab is hidden, allow them in your browser&apos;s site
        settings.
      </p>
    );
  }
  if (on) {
    return (
      <div className="row">
        <p className="muted grow">
          Notifications are on: each signal for your group shows on your screen while this tab is hidden.
        </p>
        <button type="button" className="button button-secondary button-small" onClick={turnOff}>
          Turn off notifications
        </button>
      </div>
    );
  }
  return (
    <div className="row">
      <p className="muted grow">Get a notification for each signal while this tab is hidden.</p>
      <button
        type="button"
        className="button button-secondary button-small"
        disabled={asking}
        onClick={() => {
          setAsking(true);
          void turnOn().finally(() => setAsking(false));
        }}
      >
        Turn on notifications
      </button>
    </div>
  );
}
