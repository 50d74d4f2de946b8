/**
 * zod/mini (the browser's zod: issue 17) carries no messages, its default one is 'Invalid input'. The English ones
 * classic zod gave keep every message unchanged where a default one shows: a form field's length limit, the
 * configuration error page, a content file's unknown field. About 1 KB gzip. Imported first by main.tsx.
 */
import { z } from 'zod/mini';
import { en } from 'zod/locales';

z.config(en());
