/**
 * The /how-to videos (SPEC section 2). The titles, in page order, are content
 * (web/src/features/how-to/how-to-videos.json); the YouTube links are configuration a deployment sets
 * (VITE_HOW_TO_VIDEOS: the links in the same order, separated by commas, ADR 0045). The ids are parsed from
 * the links here, so a pasted link of any usual shape works and anything else is refused with the place it
 * is in. A video without a link (an empty place, a link left out, a placeholder id) is 'not available yet'.
 */
import { z } from 'zod/mini';
import { youTubeVideoId } from './account';

export interface HowToVideo {
  readonly title: string;
  /** null: no link set yet (the page says the video is not available yet). */
  readonly videoId: string | null;
}

/** Ids of the placeholder links the project once shipped ('PLCHLDR0001' ...): never a real video. */
const PLACEHOLDER_ID = /^PLCHLDR/i;

const entrySchema = z.object({
  title: z
    .string({ error: 'title must be text' })
    .check(z.trim(), z.minLength(1, { error: 'title is required' }), z.maxLength(80)),
});

/** The content file: an optional note for the operator and the videos' titles in page order. */
const howToContentSchema = z.object({
  note: z.optional(z.string()),
  videos: z
    .array(entrySchema, { error: 'videos must be a list' })
    .check(z.minLength(1, { error: 'videos must list at least one video' }), z.maxLength(30)),
});

/**
 * The video ids of a VITE_HOW_TO_VIDEOS value, one per place (null where a place is empty or holds a
 * placeholder), or the messages naming each link that is not a YouTube video or repeats one.
 */
export function parseHowToLinks(
  raw: string | undefined,
): { ok: true; ids: Array<string | null> } | { ok: false; errors: string[] } {
  const text = (raw ?? '').trim();
  if (text === '') return { ok: true, ids: [] };
  const errors: string[] = [];
  const seen = new Set<string>();
  const ids = text.split(',').map((part, index) => {
    const link = part.trim();
    if (link === '') return null;
    const id = youTubeVideoId(link);
    if (id === null) {
      errors.push(`link ${index + 1} is not a YouTube watch link`);
      return null;
    }
    if (PLACEHOLDER_ID.test(id)) return null;
    if (seen.has(id)) errors.push(`link ${index + 1} repeats a video listed before it`);
    seen.add(id);
    return id;
  });
  return errors.length > 0 ? { ok: false, errors } : { ok: true, ids };
}

/**
 * The videos of a content file with the links of `links` (VITE_HOW_TO_VIDEOS) in the same order, or the
 * messages naming what is wrong with either. More links than titles is a mistake worth saying.
 */
export function parseHowToVideos(
  content: unknown,
  links?: string,
): { ok: true; videos: HowToVideo[] } | { ok: false; errors: string[] } {
  const parsed = howToContentSchema.safeParse(content);
  const linked = parseHowToLinks(links);
  const errors = [
    ...(parsed.success ? [] : parsed.error.issues.map((issue) => `${issue.path.join('.') || 'file'}: ${issue.message}`)),
    ...(linked.ok ? [] : linked.errors),
  ];
  if (!parsed.success || !linked.ok) return { ok: false, errors };
  const titles = parsed.data.videos.map((entry) => entry.title);
  if (linked.ids.length > titles.length) return { ok: false, errors: [`${linked.ids.length} links for ${titles.length} videos`] };
  return { ok: true, videos: titles.map((title, index) => ({ title, videoId: linked.ids[index] ?? null })) };
}
