/** Admin content: ads (read only; the seed writes them) and blogs. */
import { ads, blogs, type BlogDoc } from '../collections';
import type { ProviderDeps, UserDoc } from '../context';
import { header, notFound, ok, parseBody, type ProviderRequest, type ProviderResponse } from '../http';
import { blogCreateRequestSchema, blogDeleteHeadersSchema, blogUpdateRequestSchema } from '../schemas';
import { newId } from '../store';
import { iso, type Audit } from './audit';

const blogView = (b: BlogDoc) => ({
  id: b.id,
  title: b.title,
  body: b.body,
  image_url: b.image_url ?? null,
  author_id: b.author_id,
  createdAt: iso(b.created_at),
  updatedAt: iso(b.updated_at),
});

export function createAdminContent(deps: ProviderDeps, { audit, writeAudited }: Audit) {
  return {
    async ads(admin: UserDoc): Promise<ProviderResponse> {
      const list = (await ads.query(deps.store)).map((d) => d.data).sort((a, b) => b.created_at - a.created_at);
      await audit(admin, 'ads.list', null);
      return ok({
        message: 'Ads fetched',
        data: list.map((a) => ({ id: a.id, title: a.title, image_url: a.image_url, link: a.link, createdAt: iso(a.created_at) })),
      });
    },

    async blogs(admin: UserDoc): Promise<ProviderResponse> {
      const list = (await blogs.query(deps.store)).map((d) => d.data).sort((a, b) => b.created_at - a.created_at);
      await audit(admin, 'blog.list', null);
      return ok({ message: 'Blogs fetched', data: list.map(blogView) });
    },

    async blogCreate(admin: UserDoc, body: unknown): Promise<ProviderResponse> {
      const input = parseBody(blogCreateRequestSchema, body);
      const id = newId();
      const now = deps.now();
      const doc: BlogDoc = {
        id,
        title: input.title,
        body: input.body,
        image_url: input.image_url ?? null,
        author_id: admin.id,
        created_at: now,
        updated_at: now,
      };
      await writeAudited(admin, 'blog.create', id, (tx) => blogs.set(tx, id, doc));
      return ok({ message: 'Blog created successfully', data: blogView(doc) });
    },

    async blogUpdate(admin: UserDoc, body: unknown): Promise<ProviderResponse> {
      const input = parseBody(blogUpdateRequestSchema, body);
      const existing = await blogs.get(deps.store, input.id);
      if (!existing) throw notFound('Blog not found');
      const doc: BlogDoc = { ...existing, updated_at: deps.now() };
      if (input.title !== undefined) doc.title = input.title;
      if (input.body !== undefined) doc.body = input.body;
      if (input.image_url !== undefined) doc.image_url = input.image_url;
      await writeAudited(admin, 'blog.update', input.id, (tx) => blogs.set(tx, input.id, doc));
      return ok({ message: 'Blog updated successfully', data: blogView(doc) });
    },

    async blogDelete(admin: UserDoc, req: ProviderRequest): Promise<ProviderResponse> {
      const input = parseBody(blogDeleteHeadersSchema, { id: header(req, 'id') });
      if (!(await blogs.get(deps.store, input.id))) throw notFound('Blog not found');
      await writeAudited(admin, 'blog.delete', input.id, (tx) => blogs.delete(tx, input.id));
      return ok({ message: 'Blog deleted successfully' });
    },
  };
}
