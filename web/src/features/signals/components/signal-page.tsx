/**
 * /signal-4 (SPEC section 2 'Signal page'): the live feed beside a panel. Posters (can_post_signal)
 * get Post Signal and Clear Signals and see every group's signals; readers pick a category (kept in
 * the browser) and see that group's signals, with its stake table, the Rules or the Categorizations
 * in the panel. At 360 px the panel sits below the list.
 */
import { useState } from 'react';
import { SIGNAL_CATEGORIES, type SignalCategory } from '@punter/core/signals';
import { DeferredPanel } from '@/components/deferred';
import { PanelBoundary } from '@/components/error-boundary';
import { NotificationSettings } from '@/features/signals/components/notification-settings';
import { SignalFeed } from '@/features/signals/components/signal-feed';
import { StakeTablePanel } from '@/features/signals/components/signal-texts';
import { usePermissions } from '@/lib/permissions';
import { useStoredState } from '@/lib/use-stored-state';

type Panel = 'stakes' | 'rules' | 'categorizations';

// What few readers open and only posters see loads when shown (issue 17: the feed's first load).
const loadPosterTools = () => import('@/features/signals/components/poster-tools').then((m) => m.PosterTools);
const loadRules = () => import('@/features/signals/components/signal-guide').then((m) => m.RulesPanel);
const loadCategorizations = () => import('@/features/signals/components/signal-guide').then((m) => m.CategorizationsPanel);
const NO_PROPS = {};

/** The stored category, 'A' when none or anything else is stored. */
function loadCategory(stored: unknown): SignalCategory {
  return SIGNAL_CATEGORIES.find((c) => c === stored) ?? 'A';
}
const saveCategory = (category: SignalCategory) => category;

export function SignalPage() {
  const permissions = usePermissions();
  const isPoster = permissions?.can_post_signal === true;
  const [category, setCategory] = useStoredState('signal_category', loadCategory, saveCategory);
  const [panel, setPanel] = useState<Panel>('stakes');

  return (
    <div className="stack-lg">
      <h1>Over 4.5 signal</h1>
      {isPoster ? (
        <DeferredPanel load={loadPosterTools} props={NO_PROPS} />
      ) : (
        <div className="stack">
          <div className="segmented" role="group" aria-label="Category">
            {SIGNAL_CATEGORIES.map((c) => (
              <button
                key={c}
                type="button"
                aria-pressed={category === c}
                onClick={() => {
                  setCategory(c);
                  setPanel('stakes');
                }}
              >
                {c}
              </button>
            ))}
          </div>
          <div className="row">
            <button
              type="button"
              className="button button-secondary grow"
              aria-pressed={panel === 'rules'}
              onClick={() => setPanel(panel === 'rules' ? 'stakes' : 'rules')}
            >
              Rules
            </button>
            <button
              type="button"
              className="button button-secondary grow"
              aria-pressed={panel === 'categorizations'}
              onClick={() => setPanel(panel === 'categorizations' ? 'stakes' : 'categorizations')}
            >
              Categorizations
            </button>
          </div>
          <NotificationSettings category={category} />
        </div>
      )}
      <div className="signal-layout">
        <section className="card" aria-labelledby="signal-feed-title">
          <h2 id="signal-feed-title">{isPoster ? 'All signals' : `Signals for group ${category}`}</h2>
          <PanelBoundary title="Signals">
            <SignalFeed category={isPoster ? null : category} />
          </PanelBoundary>
        </section>
        {isPoster ? null : (
          <aside className="card" aria-label="Signal guide">
            {panel === 'stakes' ? <StakeTablePanel category={category} /> : null}
            {panel === 'rules' ? <DeferredPanel load={loadRules} props={NO_PROPS} /> : null}
            {panel === 'categorizations' ? <DeferredPanel load={loadCategorizations} props={NO_PROPS} /> : null}
          </aside>
        )}
      </div>
    </div>
  );
}
