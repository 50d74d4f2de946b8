import { describe, expect, it } from 'vitest';
import { parseHowToLinks, parseHowToVideos } from './how-to';

const titles = {
  note: 'for the operator',
  videos: [{ title: ' Sign-up guide ' }, { title: 'Introduction' }, { title: 'Shorts' }],
};

describe('the how-to videos', () => {
  it('reads the id from each usual shape of link, in the order of the titles', () => {
    expect(
      parseHowToVideos(
        titles,
        'https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=5, https://youtu.be/9bZkp7q19f0?si=x,https://www.youtube.com/shorts/kJQP7kiw5Fk',
      ),
    ).toEqual({
      ok: true,
      videos: [
        { title: 'Sign-up guide', videoId: 'dQw4w9WgXcQ' },
        { title: 'Introduction', videoId: '9bZkp7q19f0' },
        { title: 'Shorts', videoId: 'kJQP7kiw5Fk' },
      ],
    });
  });

  it('an empty place, a link left out, or a placeholder id is a video not available yet', () => {
    expect(parseHowToVideos(titles, ',https://www.youtube.com/watch?v=PLCHLDR0002')).toEqual({
      ok: true,
      videos: [
        { title: 'Sign-up guide', videoId: null },
        { title: 'Introduction', videoId: null },
        { title: 'Shorts', videoId: null },
      ],
    });
    expect(parseHowToVideos(titles)).toMatchObject({
      ok: true,
      videos: [{ videoId: null }, { videoId: null }, { videoId: null }],
    });
  });

  it('names the link that is not a YouTube video, a video listed twice, and more links than videos', () => {
    expect(
      parseHowToLinks('https://www.youtube.com/watch?v=dQw4w9WgXcQ, https://vimeo.com/12345, https://youtu.be/dQw4w9WgXcQ'),
    ).toEqual({
      ok: false,
      errors: ['link 2 is not a YouTube watch link', 'link 3 repeats a video listed before it'],
    });
    expect(parseHowToVideos({ videos: [{ title: 'One' }] }, 'https://youtu.be/dQw4w9WgXcQ,https://youtu.be/9bZkp7q19f0')).toEqual(
      {
        ok: false,
        errors: ['2 links for 1 videos'],
      },
    );
  });

  it('refuses a file without videos or with a missing title, saying where', () => {
    expect(parseHowToVideos({ videos: [] })).toEqual({ ok: false, errors: ['videos: videos must list at least one video'] });
    expect(parseHowToVideos(null)).toMatchObject({ ok: false });
    expect(parseHowToVideos({ videos: [{ title: '' }] })).toEqual({ ok: false, errors: ['videos.0.title: title is required'] });
  });
});
