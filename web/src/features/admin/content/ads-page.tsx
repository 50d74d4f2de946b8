/** Ads: what GET ads/all-ads lists, newest first. SPEC names no call to change them; the seed writes them. */
import { LoadState } from '@/components/load-state';
import { formatDateTime } from '@/lib/format';
import { TableScroll } from '../components/admin-ui';
import { useAds } from './admin-content-api';

export function AdsPage() {
  const ads = useAds();
  return (
    <section className="stack" aria-labelledby="ads-title">
      <h1 id="ads-title">Ads</h1>
      <p className="muted">The ads users see. SPEC gives no call to change them, so this list is read only.</p>
      <LoadState state={ads} loadingLabel="Loading ads..." />
      {ads.data?.length === 0 ? <p className="empty">No ad yet.</p> : null}
      {ads.data && ads.data.length > 0 ? (
        <TableScroll label="Ads">
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">Title</th>
                <th scope="col">Link</th>
                <th scope="col">Picture</th>
                <th scope="col">Since</th>
              </tr>
            </thead>
            <tbody>
              {ads.data.map((a) => (
                <tr key={a.id} data-testid="ad-row">
                  <td>{a.title}</td>
                  <td className="content-body">{a.link}</td>
                  <td className="content-body">{a.image_url}</td>
                  <td className="nowrap">{formatDateTime(a.createdAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      ) : null}
    </section>
  );
}
