/**
 * Frame of the pages both visitors and users reach (the catch-all 'Page not found', /subscription): a
 * signed-in user keeps the app's top bar and menu (a mistyped link must not look like being logged
 * out); a visitor gets the auth pages' frame.
 */
import { AppLayout } from '@/app/app-layout';
import { AuthShell } from '@/app/auth-shell';
import { hasActiveSession, useProfile } from '@/lib/session';

export function SessionFrame() {
  const profile = useProfile();
  return hasActiveSession(profile) ? <AppLayout /> : <AuthShell />;
}
