/**
 * Batches: today's (UTC) batches, and a new one credited to an admin. SPEC section 8: 'Batch created
 * successfully!' (the provider's message) and 'oops something went wrong, try again!' when it fails.
 */
import { useState } from 'react';
import { API_CALLS } from '@punter/core/api/calls';
import { ErrorMessages } from '@/components/alert';
import { LoadState } from '@/components/load-state';
import { TextField } from '@/components/text-field';
import { formatDateTime } from '@/lib/format';
import { showToast } from '@/lib/notify';
import { useFormSubmit } from '@/lib/use-form-submit';
import { useAdmins } from '../api/admin-api';
import { TableScroll } from '../components/admin-ui';
import { createBatch, useTodayBatches } from './admin-content-api';
import './admin-content.css';

export const BATCH_FAILED = 'oops something went wrong, try again!';
const EMPTY = { creator_name: '', creator_email: '', creator_phone_number: '', admin_id: '' };

export function BatchesPage() {
  const batches = useTodayBatches();
  const admins = useAdmins();
  const [values, setValues] = useState(EMPTY);
  const form = useFormSubmit(API_CALLS.batchCreate.request, async (data) => {
    try {
      showToast('success', await createBatch(data));
      setValues(EMPTY);
    } catch (error) {
      showToast('error', BATCH_FAILED);
      throw error;
    }
  });
  const nameOf = (id: string) => {
    const a = admins.data?.find((x) => x.id === id);
    return a ? `${a.first_name} ${a.last_name}` : id;
  };
  const set = (key: keyof typeof EMPTY) => (value: string) => setValues({ ...values, [key]: value });

  return (
    <section className="stack" aria-labelledby="batches-title">
      <h1 id="batches-title">Batches</h1>
      <form className="content-card stack" aria-label="New batch" noValidate onSubmit={(e) => form.submit(e, values)}>
        <h2>New batch</h2>
        <ErrorMessages messages={form.failure} />
        <TextField
          label="Creator name"
          value={values.creator_name}
          onChange={set('creator_name')}
          error={form.errors.creator_name}
        />
        <TextField
          label="Creator e-mail"
          type="email"
          value={values.creator_email}
          onChange={set('creator_email')}
          error={form.errors.creator_email}
        />
        <TextField
          label="Creator phone number"
          type="tel"
          value={values.creator_phone_number}
          onChange={set('creator_phone_number')}
          error={form.errors.creator_phone_number}
        />
        <div className="field">
          <label htmlFor="batch-admin">Credited to (admin)</label>
          <select
            id="batch-admin"
            aria-invalid={form.errors.admin_id ? true : undefined}
            aria-describedby={form.errors.admin_id ? 'batch-admin-error' : undefined}
            value={values.admin_id}
            onChange={(e) => set('admin_id')(e.target.value)}
          >
            <option value="">Choose an admin</option>
            {(admins.data ?? []).map((a) => (
              <option key={a.id} value={a.id}>
                {a.first_name} {a.last_name} ({a.email})
              </option>
            ))}
          </select>
          {form.errors.admin_id ? (
            <p className="field-error" id="batch-admin-error">
              Choose the admin the batch is credited to
            </p>
          ) : null}
        </div>
        <div className="row row-end">
          <button type="submit" className="button" disabled={form.busy}>
            {form.busy ? 'Please wait...' : 'Create batch'}
          </button>
        </div>
      </form>
      <h2>Today</h2>
      <LoadState state={batches} loadingLabel="Loading today's batches..." />
      {batches.data?.length === 0 ? <p className="empty">No batch today.</p> : null}
      {batches.data && batches.data.length > 0 ? (
        <TableScroll label="Today's batches">
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Creator</th>
                <th scope="col">Contact</th>
                <th scope="col">Admin</th>
              </tr>
            </thead>
            <tbody>
              {batches.data.map((b) => (
                <tr key={b.id} data-testid="batch-row">
                  <td className="nowrap">{formatDateTime(b.createdAt)}</td>
                  <td>{b.creator_name}</td>
                  <td>
                    {b.creator_email} · {b.creator_phone_number}
                  </td>
                  <td>{nameOf(b.admin_id)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      ) : null}
    </section>
  );
}
