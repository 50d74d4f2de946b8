/** /punters-hub: the live `games` collection through reactfire, with loading and error views, into HubView. */
import { Component, useMemo, useState, type ReactNode } from 'react';
import { useFirestoreCollectionData } from 'reactfire';
import { FETCH_GAMES_FAILURE } from '@punter/core/punters-hub';
import { Spinner } from '@/components/spinner';
import { gamesFeedQuery, type HubGame } from '@/features/punters-hub/api/games-feed';
import { HubView } from '@/features/punters-hub/components/hub-view';

/** reactfire throws a listener's failure during render; this shows it with a retry. */
class FeedBoundary extends Component<{ children: ReactNode; onRetry: () => void }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render(): ReactNode {
    return this.state.failed ? (
      <div className="stack" role="alert">
        <p>{FETCH_GAMES_FAILURE}</p>
        <button type="button" className="button button-small" onClick={this.props.onRetry}>
          Try again
        </button>
      </div>
    ) : (
      this.props.children
    );
  }
}

export function HubPage() {
  const [generation, setGeneration] = useState(0);
  return (
    <FeedBoundary key={generation} onRetry={() => setGeneration((g) => g + 1)}>
      <LiveHub generation={generation} />
    </FeedBoundary>
  );
}

function LiveHub({ generation }: { generation: number }) {
  const feed = useMemo(() => gamesFeedQuery(generation), [generation]);
  const { status, data } = useFirestoreCollectionData(feed);
  const games = useMemo(() => (status === 'success' ? data.filter((g): g is HubGame => g !== null) : null), [status, data]);
  if (games === null) return <Spinner label="Loading games..." />;
  return <HubView games={games} />;
}
