/**
 * 'A new version is ready' with a Reload button, shown on every screen once a new version of the app has
 * installed (lib/service-worker.ts). The page in use keeps working until the user chooses to reload; after the
 * click the button says so until the new version takes over (a second click would change nothing).
 */
import { useState } from 'react';
import { useUpdateReady } from '@/lib/service-worker';

export const UPDATE_READY_MESSAGE = 'A new version is ready';

export function UpdatePrompt() {
  const { ready, reload } = useUpdateReady();
  const [reloading, setReloading] = useState(false);
  if (!ready) return null;
  return (
    <div className="update-prompt" role="status">
      <span>{UPDATE_READY_MESSAGE}</span>
      <button
        type="button"
        className="button button-small button-gold"
        disabled={reloading}
        onClick={() => {
          setReloading(true);
          reload();
        }}
      >
        {reloading ? 'Reloading...' : 'Reload'}
      </button>
    </div>
  );
}
