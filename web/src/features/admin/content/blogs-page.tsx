/**
 * Blogs: the posts newest first; write one, edit one (title, body, picture) or delete one after a confirmation.
 * Forms are checked with core's request schemas before anything is sent; the provider's message is the toast.
 */
import { useState, type FormEvent } from 'react';
import { API_CALLS } from '@punter/core/api/calls';
import { truncateGraphemes } from '@punter/core/graphemes';
import { ErrorMessages } from '@/components/alert';
import { LoadState } from '@/components/load-state';
import { TextField } from '@/components/text-field';
import { formatDateTime } from '@/lib/format';
import { showToast } from '@/lib/notify';
import { useFormSubmit } from '@/lib/use-form-submit';
import { ConfirmDialog, useAction, FormActions } from '../components/admin-ui';
import { createBlog, deleteBlog, updateBlog, useBlogs, type Blog } from './admin-content-api';
import './admin-content.css';

export function BlogsPage() {
  const blogs = useBlogs();
  const [editing, setEditing] = useState<Blog | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Blog | null>(null);
  const { busy, run } = useAction();

  const remove = async () => {
    if (deleting && (await run(() => deleteBlog(deleting.id)))) setDeleting(null);
  };

  return (
    <section className="stack" aria-labelledby="blogs-title">
      <div className="row wrap content-head">
        <h1 id="blogs-title">Blogs</h1>
        {editing === null ? (
          <button type="button" className="button" onClick={() => setEditing('new')}>
            New post
          </button>
        ) : null}
      </div>
      {editing !== null ? (
        <BlogForm
          key={editing === 'new' ? 'new' : editing.id}
          blog={editing === 'new' ? null : editing}
          onDone={() => setEditing(null)}
        />
      ) : null}
      <LoadState state={blogs} loadingLabel="Loading blogs..." />
      {blogs.data?.length === 0 ? <p className="empty">No blog post yet.</p> : null}
      {blogs.data && blogs.data.length > 0 ? (
        <ul className="plain-list stack">
          {blogs.data.map((b) => (
            <li key={b.id} className="content-card stack" data-testid="blog-row">
              <div className="row wrap content-head">
                <h2>{b.title}</h2>
                <div className="admin-actions">
                  <button type="button" className="button button-small button-secondary" onClick={() => setEditing(b)}>
                    Edit
                  </button>
                  <button type="button" className="button button-small button-danger" onClick={() => setDeleting(b)}>
                    Delete
                  </button>
                </div>
              </div>
              <p className="muted">Updated {formatDateTime(b.updatedAt)}</p>
              <p className="content-body">{truncateGraphemes(b.body, 280)}</p>
            </li>
          ))}
        </ul>
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete blog post"
        confirmLabel="Delete post"
        danger
        busy={busy}
        onClose={() => setDeleting(null)}
        onConfirm={() => void remove()}
      >
        <p>Delete “{deleting?.title}” for good? Readers will no longer see it.</p>
      </ConfirmDialog>
    </section>
  );
}

/** Writes a new post (blog null) or edits one; only changed fields are sent on an edit. */
function BlogForm({ blog, onDone }: { blog: Blog | null; onDone: () => void }) {
  const [title, setTitle] = useState(blog?.title ?? '');
  const [body, setBody] = useState(blog?.body ?? '');
  const [imageUrl, setImageUrl] = useState(blog?.image_url ?? '');
  const create = useFormSubmit(API_CALLS.blogCreate.request, async (data) => {
    showToast('success', await createBlog(data));
    onDone();
  });
  const update = useFormSubmit(API_CALLS.blogUpdate.request, async (data) => {
    showToast('success', await updateBlog(data));
    onDone();
  });
  const form = blog ? update : create;
  const submit = (event: FormEvent) => {
    const image = imageUrl.trim();
    if (!blog) return create.submit(event, { title, body, ...(image ? { image_url: image } : {}) });
    return update.submit(event, {
      id: blog.id,
      ...(title !== blog.title ? { title } : {}),
      ...(body !== blog.body ? { body } : {}),
      ...(image !== (blog.image_url ?? '') ? { image_url: image === '' ? null : image } : {}),
    });
  };

  return (
    <form className="content-card stack" aria-label={blog ? 'Edit blog post' : 'New blog post'} noValidate onSubmit={submit}>
      <h2>{blog ? 'Edit post' : 'New post'}</h2>
      <ErrorMessages messages={form.failure} />
      <TextField label="Title" value={title} onChange={setTitle} error={form.errors.title} maxLength={200} />
      <div className="field">
        <label htmlFor="blog-body">Body</label>
        <textarea
          id="blog-body"
          rows={8}
          value={body}
          aria-invalid={form.errors.body ? true : undefined}
          aria-describedby={form.errors.body ? 'blog-body-error' : undefined}
          onChange={(e) => setBody(e.target.value)}
        />
        {form.errors.body ? (
          <p className="field-error" id="blog-body-error">
            {form.errors.body}
          </p>
        ) : null}
      </div>
      <TextField
        label="Picture URL (optional)"
        type="url"
        value={imageUrl}
        onChange={setImageUrl}
        error={form.errors.image_url}
      />
      <FormActions busy={form.busy} onCancel={onDone} label={blog ? 'Save post' : 'Publish post'} />
    </form>
  );
}
