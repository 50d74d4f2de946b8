/** The bell in the top bar: a dropdown of notifications, refreshed every 50 s, each linking to /transactions. */
import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { formatDateTime } from '@/lib/format';
import {
  fetchNotifications,
  NOTIFICATION_POLL_MS,
  notificationText,
  notificationTitle,
  type AppNotification,
} from '@/features/notifications/api/notifications-api';
import { useDropdown } from '@/lib/use-dropdown';

export function NotificationsMenu() {
  const { open, setOpen, wrapper } = useDropdown();
  const [items, setItems] = useState<AppNotification[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [seen, setSeen] = useState<string | null>(null);
  const menuId = useId();

  useEffect(() => {
    let active = true;
    const load = () => {
      fetchNotifications().then(
        (list) => {
          if (!active) return;
          setItems(list);
          setFailed(false);
        },
        () => {
          if (active) setFailed(true);
        },
      );
    };
    load();
    const timer = window.setInterval(load, NOTIFICATION_POLL_MS);
    return () => {
      active = false;
      window.clearInterval(timer);
    };
  }, []);

  const newest = items?.[0]?.id ?? null;
  const unread = items !== null && items.length > 0 && newest !== seen;

  return (
    <div className="menu" ref={wrapper}>
      <button
        type="button"
        className="icon-button topbar-button"
        aria-label={unread ? 'Notifications (new)' : 'Notifications'}
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => {
          setOpen((o) => !o);
          setSeen(newest);
        }}
      >
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
          <path
            fill="currentColor"
            d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22zm7-6V11a7 7 0 0 0-5.5-6.84V3a1.5 1.5 0 0 0-3 0v1.16A7 7 0 0 0 5 11v5l-2 2v1h18v-1z"
          />
        </svg>
        {unread ? <span className="badge-dot" aria-hidden="true" /> : null}
      </button>
      {open ? (
        <div className="menu-panel menu-panel-wide" id={menuId}>
          <h2 className="menu-title">Notifications</h2>
          {items === null && !failed ? <p className="muted">Loading...</p> : null}
          {failed && items === null ? <p className="muted">Notifications could not be loaded.</p> : null}
          {items !== null && items.length === 0 ? <p className="muted">You have no notification yet.</p> : null}
          {items !== null && items.length > 0 ? (
            <ul className="plain-list notification-list">
              {items.slice(0, 10).map((item) => {
                const title = notificationTitle(item);
                const text = notificationText(item);
                return (
                  <li key={item.id}>
                    <Link to={paths.transactions.getHref()} onClick={() => setOpen(false)}>
                      {title !== null && title !== text ? <strong>{title}</strong> : null}
                      <span>{text}</span>
                      <small className="muted">{formatDateTime(item.createdAt)}</small>
                    </Link>
                  </li>
                );
              })}
            </ul>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
