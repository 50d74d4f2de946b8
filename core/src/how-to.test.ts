import { describe, expect, it } from 'vitest';
import { parseHowToVideos } from './how-to';

describe('the how-to content file', () => {
  it('reads the id from each usual shape of link, in the file order', () => {
    expect(
      parseHowToVideos({
        note: 'for the operator',
        videos: [
          { title: ' Sign-up guide ', watchUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=5' },
          { title: 'Introduction', watchUrl: 'https://youtu.be/9bZkp7q19f0?si=x' },
          { title: 'Shorts', watchUrl: 'https://www.youtube.com/shorts/kJQP7kiw5Fk' },
        ],
      }),
    ).toEqual({
      ok: true,
      videos: [
        { title: 'Sign-up guide', videoId: 'dQw4w9WgXcQ' },
        { title: 'Introduction', videoId: '9bZkp7q19f0' },
        { title: 'Shorts', videoId: 'kJQP7kiw5Fk' },
      ],
    });
  });

  it('names the entry whose link is not a YouTube video, and a video listed twice', () => {
    expect(
      parseHowToVideos({
        videos: [
          { title: 'Good', watchUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' },
          { title: 'Elsewhere', watchUrl: 'https://vimeo.com/12345' },
          { title: 'Again', watchUrl: 'https://youtu.be/dQw4w9WgXcQ' },
        ],
      }),
    ).toEqual({
      ok: false,
      errors: ["video 2 ('Elsewhere'): not a YouTube watch link", "video 3 ('Again'): the same video is listed twice"],
    });
  });

  it('refuses a file without videos or with a missing title, saying where', () => {
    expect(parseHowToVideos({ videos: [] })).toEqual({ ok: false, errors: ['videos: videos must list at least one video'] });
    expect(parseHowToVideos(null)).toMatchObject({ ok: false });
    expect(parseHowToVideos({ videos: [{ title: '', watchUrl: 'https://youtu.be/dQw4w9WgXcQ' }] })).toEqual({
      ok: false,
      errors: ['videos.0.title: title is required'],
    });
  });
});
