/**
 * The /how-to videos (SPEC section 2), read from the content file an operator edits
 * (web/src/features/how-to/how-to-videos.json): each entry a title and a YouTube watch link. The ids are
 * parsed from the links here, so a pasted link of any usual shape works and anything else is refused
 * with the entry it is in.
 */
import { z } from 'zod/mini';
import { addCustomIssue } from './zod-extras';
import { youTubeVideoId } from './account';

export interface HowToVideo {
  readonly title: string;
  readonly videoId: string;
}

const entrySchema = z.object({
  title: z
    .string({ error: 'title must be text' })
    .check(z.trim(), z.minLength(1, { error: 'title is required' }), z.maxLength(80)),
  watchUrl: z.string({ error: 'watchUrl must be a link' }),
});

/** The content file: an optional note for the operator and the videos in page order. */
const howToContentSchema = z.pipe(
  z.object({
    note: z.optional(z.string()),
    videos: z
      .array(entrySchema, { error: 'videos must be a list' })
      .check(z.minLength(1, { error: 'videos must list at least one video' }), z.maxLength(30)),
  }),
  z.transform((content, ctx) => {
    const videos: HowToVideo[] = [];
    const seen = new Set<string>();
    content.videos.forEach((entry, index) => {
      const videoId = youTubeVideoId(entry.watchUrl);
      if (videoId === null) {
        addCustomIssue(ctx, `video ${index + 1} ('${entry.title}'): not a YouTube watch link`, ['videos', index, 'watchUrl']);
        return;
      }
      if (seen.has(videoId)) {
        addCustomIssue(ctx, `video ${index + 1} ('${entry.title}'): the same video is listed twice`, [
          'videos',
          index,
          'watchUrl',
        ]);
        return;
      }
      seen.add(videoId);
      videos.push({ title: entry.title, videoId });
    });
    return videos;
  }),
);

/** The videos of a content file, or the messages naming what is wrong with it. */
export function parseHowToVideos(content: unknown): { ok: true; videos: HowToVideo[] } | { ok: false; errors: string[] } {
  const parsed = howToContentSchema.safeParse(content);
  if (parsed.success) return { ok: true, videos: parsed.data };
  return {
    ok: false,
    errors: parsed.error.issues.map((issue) =>
      issue.code === 'custom' ? issue.message : `${issue.path.join('.') || 'file'}: ${issue.message}`,
    ),
  };
}
