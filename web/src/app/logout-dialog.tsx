/** 'Logout' confirmation with Cancel and Logout (SPEC section 2, Other screens). */
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Modal } from '@/components/modal';
import { paths } from '@/config/paths';
import { logout } from '@/lib/api';

export function LogoutDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  return (
    <Modal open={open} title="Logout" onClose={onClose}>
      <p>Are you sure you want to log out?</p>
      <div className="row row-end">
        <button type="button" className="button button-secondary" onClick={onClose}>
          Cancel
        </button>
        <button
          type="button"
          className="button button-danger"
          disabled={busy}
          onClick={() => {
            setBusy(true);
            void logout().finally(() => {
              setBusy(false);
              onClose();
              void navigate(paths.login.getHref(), { replace: true });
            });
          }}
        >
          Logout
        </button>
      </div>
    </Modal>
  );
}
