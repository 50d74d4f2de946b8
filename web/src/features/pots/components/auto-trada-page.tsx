/**
 * /auto-trada (SPEC section 2 'Auto-Trada'): the pots' total volume with an eye toggle, the T&Cs and How To,
 * the referral explainer, the tabs Raising, Trading and My Pots (they filter here), and 'Available Pots' live
 * from trading_pots. While the operator has switched Auto-Trada off, the page says so and why.
 */
import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { useFirestoreCollectionData } from 'reactfire';
import { addKobo, nairaToKobo } from '@punter/core/money';
import {
  AVAILABLE_POTS_TITLE,
  NO_ACTIVE_POT,
  POT_TABS,
  durationLabel,
  formatPotDate,
  potVolumeDisplay,
  potsForTab,
  type PotTab,
} from '@punter/core/pots';
import { Spinner } from '@/components/spinner';
import { paths } from '@/config/paths';
import { myPotsQuery, potsQuery, present } from '@/features/pots/api/pots-data';
import { ReferralExplainer, TermsAndHowTo } from '@/features/pots/components/auto-trada-texts';
import { EyeToggle, LiveBoundary } from '@/features/pots/components/live';
import { SwitchNotice } from '@/features/pots/components/switch-notice';
import { useProfile } from '@/lib/session';

export function AutoTradaPage() {
  return (
    <div className="stack-lg">
      <h1>Auto-Trada</h1>
      <LiveBoundary fallback={null}>
        <SwitchNotice />
      </LiveBoundary>
      <LiveBoundary
        fallback={
          <p role="alert" className="card">
            The pots could not be loaded. Check your connection and reload the page.
          </p>
        }
      >
        <PotList />
      </LiveBoundary>
      <ReferralExplainer />
      <TermsAndHowTo />
    </div>
  );
}

function PotList() {
  const uid = useProfile()?.data.id ?? '';
  const potsRef = useMemo(() => potsQuery(), []);
  const mineRef = useMemo(() => myPotsQuery(uid), [uid]);
  const pots = useFirestoreCollectionData(potsRef);
  const mine = useFirestoreCollectionData(mineRef);
  const [tab, setTab] = useState<PotTab>('Raising');
  const [hidden, setHidden] = useState(false);
  if (pots.status !== 'success') return <Spinner label="Loading pots..." />;
  const all = present(pots.data);
  const joined = new Set(mine.status === 'success' ? present(mine.data).map((m) => m.pot_id) : []);
  const shown = potsForTab(all, tab, joined);
  const volume = addKobo(
    0,
    ...all.filter((p) => p.status === 'Raising' || p.status === 'Trading').map((p) => nairaToKobo(p.pot_volume)),
  );
  return (
    <>
      <section className="wallet-card" aria-label="Pots volume">
        <div className="wallet-top">
          <span className="wallet-label">Pots volume</span>
          <EyeToggle hidden={hidden} onToggle={() => setHidden((h) => !h)} what="pots volume" />
        </div>
        <p className="wallet-balance" data-testid="pots-volume">
          {potVolumeDisplay(volume, hidden)}
        </p>
      </section>
      <section className="card stack" aria-labelledby="available-pots-title">
        <h2 id="available-pots-title">{AVAILABLE_POTS_TITLE}</h2>
        <div className="segmented" role="group" aria-label="Pots">
          {POT_TABS.map((t) => (
            <button key={t} type="button" aria-pressed={tab === t} onClick={() => setTab(t)}>
              {t}
            </button>
          ))}
        </div>
        {shown.length === 0 ? (
          <p className="empty">{NO_ACTIVE_POT}</p>
        ) : (
          <ul className="plain-list stack" aria-label={`${tab} pots`}>
            {shown.map((pot) => (
              <li key={pot.docId} className="row wrap pot-row">
                <Link to={paths.pot.getHref({ id: pot.docId })} className="pot-row-name">
                  <strong>{pot.type}</strong> by {pot.manager}
                </Link>
                <span>{potVolumeDisplay(nairaToKobo(pot.pot_volume), false)}</span>
                <span className="muted">
                  {pot.status} · {durationLabel(pot.duration)} · due {formatPotDate(pot.trade_to)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
