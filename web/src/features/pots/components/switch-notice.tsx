/**
 * The operator's Auto-Trada switch (app_config/auto_trada), shown on /auto-trada and on each pot: while it is
 * off, joining is paused and the banner says why. A module of its own, so a pot's page does not load the pot
 * list's page with it.
 */
import { useMemo } from 'react';
import { useFirestoreDocData } from 'reactfire';
import { autoTradaConfigRef } from '@/features/pots/api/pots-data';

/** The operator's switch; a missing document means on. */
export function SwitchNotice() {
  const ref = useMemo(() => autoTradaConfigRef(), []);
  const { data } = useFirestoreDocData(ref);
  if (!data || data.enabled) return null;
  return (
    <p className="banner" role="status">
      Joining is paused: {data.reason}
    </p>
  );
}
