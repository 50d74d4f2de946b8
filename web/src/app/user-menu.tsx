/** The user menu of the top bar: Profile, Logout (with its confirmation dialog). */
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { LogoutDialog } from '@/app/logout-dialog';
import { paths } from '@/config/paths';
import { useProfile } from '@/lib/session';

export function UserMenu() {
  const profile = useProfile();
  const [open, setOpen] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const menuId = useId();
  const wrapper = useRef<HTMLDivElement>(null);
  const initials = `${profile?.data.first_name.charAt(0) ?? ''}${profile?.data.last_name.charAt(0) ?? ''}`.toUpperCase() || 'U';

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    const onClick = (event: MouseEvent) => {
      if (wrapper.current && !wrapper.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('mousedown', onClick);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('mousedown', onClick);
    };
  }, [open]);

  return (
    <div className="menu" ref={wrapper}>
      <button
        type="button"
        className="avatar-button"
        aria-label="User menu"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((o) => !o)}
      >
        {initials}
      </button>
      {open ? (
        <div className="menu-panel" id={menuId}>
          <p className="menu-title">{profile?.data.username ?? profile?.data.email}</p>
          <ul className="plain-list menu-items">
            <li>
              <Link to={paths.profile.getHref()} onClick={() => setOpen(false)}>
                Profile
              </Link>
            </li>
            <li>
              <button
                type="button"
                className="link-button"
                onClick={() => {
                  setOpen(false);
                  setConfirming(true);
                }}
              >
                Logout
              </button>
            </li>
          </ul>
        </div>
      ) : null}
      <LogoutDialog open={confirming} onClose={() => setConfirming(false)} />
    </div>
  );
}
