/** Admin content calls (role 1 only, each audited): ads, blogs, gift cards and crypto rates. */
import { z } from 'zod/mini';
import { displayText } from '../display-text';
import { httpUrl, idSchema, isoDateTime, nairaAmount, nairaBalance, text } from './primitives';

export const adSchema = z.object({
  id: idSchema,
  title: z.string(),
  image_url: z.string(),
  link: z.string(),
  createdAt: isoDateTime,
});
export const blogSchema = z.object({
  id: idSchema,
  title: z.string(),
  body: z.string(),
  image_url: z.nullable(z.string()),
  author_id: idSchema,
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export const giftCardSchema = z.object({
  id: idSchema,
  name: z.string(),
  category_id: idSchema,
  /** Naira per unit of the card's currency. */
  rate: nairaBalance,
  image_url: z.nullable(z.string()),
  createdAt: isoDateTime,
});
export const giftCardCategorySchema = z.object({
  id: idSchema,
  name: z.string(),
  cards: z.array(giftCardSchema),
});
export const cryptoRateSchema = z.object({
  symbol: z.string(),
  buy_rate: nairaBalance,
  sell_rate: nairaBalance,
  updatedAt: isoDateTime,
});

export const blogCreateRequestSchema = z.object({
  title: displayText(200, 'Title'),
  body: displayText(50_000, 'Body', 'multiline'),
  image_url: z.optional(httpUrl.check(z.maxLength(2048))),
});
export const blogUpdateRequestSchema = z.object({
  id: idSchema,
  title: z.optional(displayText(200, 'Title')),
  body: z.optional(displayText(50_000, 'Body', 'multiline')),
  image_url: z.optional(z.nullable(httpUrl.check(z.maxLength(2048)))),
});
/** DELETE blog/delete carries the blog id in an `id` header (SPEC section 7). */
export const blogDeleteHeadersSchema = z.object({ id: idSchema });
export const giftCardCreateRequestSchema = z.object({
  name: text(120, 'Name'),
  category_id: idSchema,
  rate: nairaAmount,
  image_url: z.optional(httpUrl.check(z.maxLength(2048))),
});
export const giftCardUpdateRequestSchema = z.object({
  id: idSchema,
  name: z.optional(text(120, 'Name')),
  category_id: z.optional(idSchema),
  rate: z.optional(nairaAmount),
  image_url: z.optional(z.nullable(httpUrl.check(z.maxLength(2048)))),
});
export const giftCardDeleteRequestSchema = z.object({ id: idSchema });
/** Creates or renames a gift-card category (upsert by id). */
export const giftCardCategoryUpdateRequestSchema = z.object({
  id: idSchema,
  name: text(120, 'Name'),
});
export const cryptoUpdateRequestSchema = z.object({
  symbol: z.string().check(z.trim(), z.regex(/^[A-Z0-9]{2,10}$/, { error: 'Symbol must be 2 to 10 capital letters or digits' })),
  buy_rate: nairaAmount,
  sell_rate: nairaAmount,
});
