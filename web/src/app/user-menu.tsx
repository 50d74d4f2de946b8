/** The user menu of the top bar: Profile, Logout (with its confirmation dialog). */
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { firstGrapheme } from '@punter/core/graphemes';
import { LogoutDialog } from '@/app/logout-dialog';
import { paths } from '@/config/paths';
import { useProfile } from '@/lib/session';
import { useDropdown } from '@/lib/use-dropdown';

export function UserMenu() {
  const profile = useProfile();
  const { open, setOpen, wrapper } = useDropdown();
  const [confirming, setConfirming] = useState(false);
  const menuId = useId();
  const initials =
    `${firstGrapheme(profile?.data.first_name ?? '')}${firstGrapheme(profile?.data.last_name ?? '')}`.toUpperCase() || 'U';

  return (
    <div className="menu" ref={wrapper}>
      <button
        type="button"
        className="avatar-button"
        aria-label={`${initials}, User menu`}
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
              <Link to={paths.saferPlay.getHref()} onClick={() => setOpen(false)}>
                Safer play
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
