export { BlogsPage as Component } from '@/features/admin/content/blogs-page';
