import { describe, expect, it } from 'vitest';
import {
  agentCoachingRows,
  allowedVideoType,
  describeTrend,
  findTopicBySlug,
  magicMatches,
  monthlyAverages,
  parseYoutubeId,
  scoreTrend,
  trainingTopics,
  videoTypeOfFile,
  youtubeEmbedUrl,
} from '@/shared/domain/coaching';

const categories = [
  { id: 'cc_01', name: 'Intake Basics' },
  { id: 'cc_02', name: '  Closing  the Consult ' },
];

describe('training topics (spec: session 2 Sidebar Training submenu)', () => {
  it('puts Immigration first, then one topic per coaching item', () => {
    expect(trainingTopics(categories).map((t) => t.id)).toEqual(['immigration', 'cc_01', 'cc_02']);
  });

  it('finds a topic by its slug: the name lowercased with dashes', () => {
    expect(findTopicBySlug('immigration', categories)?.id).toBe('immigration');
    expect(findTopicBySlug('intake-basics', categories)?.id).toBe('cc_01');
    expect(findTopicBySlug('closing-the-consult', categories)?.id).toBe('cc_02');
    expect(findTopicBySlug('bankruptcy', categories)).toBeNull();
  });
});

describe('parseYoutubeId', () => {
  it.each([
    ['https://www.youtube.com/watch?v=eIho2S0ZahI', 'eIho2S0ZahI'],
    ['https://youtube.com/watch?feature=share&v=eIho2S0ZahI', 'eIho2S0ZahI'],
    ['https://youtu.be/eIho2S0ZahI?t=42', 'eIho2S0ZahI'],
    ['youtu.be/eIho2S0ZahI', 'eIho2S0ZahI'],
    ['https://m.youtube.com/watch?v=eIho2S0ZahI', 'eIho2S0ZahI'],
    ['https://www.youtube.com/embed/eIho2S0ZahI', 'eIho2S0ZahI'],
    ['https://www.youtube-nocookie.com/embed/eIho2S0ZahI', 'eIho2S0ZahI'],
    ['https://www.youtube.com/shorts/eIho2S0ZahI', 'eIho2S0ZahI'],
    ['eIho2S0ZahI', 'eIho2S0ZahI'],
  ])('reads %s', (url, id) => {
    expect(parseYoutubeId(url)).toBe(id);
  });

  it.each([
    'https://vimeo.com/76979871',
    'https://www.youtube.com/playlist?list=PL123',
    'https://www.youtube.com/watch?v=short',
    'https://evil.example/watch?v=eIho2S0ZahI',
    'javascript:alert(1)',
    '',
  ])('refuses %s', (url) => {
    expect(parseYoutubeId(url)).toBeNull();
  });

  it('embeds with the privacy-enhanced host', () => {
    expect(youtubeEmbedUrl('eIho2S0ZahI')).toBe(
      'https://www.youtube-nocookie.com/embed/eIho2S0ZahI',
    );
  });
});

describe('video files', () => {
  it('accepts MP4, WebM and QuickTime by Content-Type only', () => {
    expect(allowedVideoType('video/mp4')).toBe('video/mp4');
    expect(allowedVideoType('Video/WebM; codecs=vp9')).toBe('video/webm');
    expect(allowedVideoType('video/quicktime')).toBe('video/quicktime');
    expect(allowedVideoType('video/x-msvideo')).toBeNull();
    expect(allowedVideoType('text/plain')).toBeNull();
    expect(allowedVideoType(undefined)).toBeNull();
  });

  it('checks the first bytes against the declared type', () => {
    const ftyp = new Uint8Array([0, 0, 0, 24, 0x66, 0x74, 0x79, 0x70]);
    const moov = new Uint8Array([0, 0, 0, 24, 0x6d, 0x6f, 0x6f, 0x76]);
    const ebml = new Uint8Array([0x1a, 0x45, 0xdf, 0xa3]);
    expect(magicMatches('video/mp4', ftyp)).toBe(true);
    expect(magicMatches('video/quicktime', ftyp)).toBe(true);
    expect(magicMatches('video/quicktime', moov)).toBe(true);
    expect(magicMatches('video/mp4', moov)).toBe(false);
    expect(magicMatches('video/webm', ebml)).toBe(true);
    expect(magicMatches('video/webm', ftyp)).toBe(false);
    expect(magicMatches('video/mp4', new TextEncoder().encode('<html>hello</html>'))).toBe(false);
  });

  it('types a picked file by its extension when the browser gave none', () => {
    expect(videoTypeOfFile({ name: 'a.MOV', type: '' })).toBe('video/quicktime');
    expect(videoTypeOfFile({ name: 'a.mp4', type: 'video/mp4' })).toBe('video/mp4');
    expect(videoTypeOfFile({ name: 'a.avi', type: 'video/x-msvideo' })).toBeNull();
    expect(videoTypeOfFile({ name: 'notes.txt', type: '' })).toBeNull();
  });
});

describe('score averages and trend', () => {
  const records = [
    { agentId: 'a1', agentName: 'Zoe', date: '2026-03-02', score: 60 },
    { agentId: 'a1', agentName: 'Zoe', date: '2026-03-20', score: 70 },
    { agentId: 'a1', agentName: 'Zoe', date: '2026-05-04', score: 80 },
    { agentId: 'a2', agentName: 'Adam', date: '2026-05-04', score: 75 },
  ];

  it('averages per month, oldest first, leaving out months without scores', () => {
    expect(monthlyAverages(records.filter((r) => r.agentId === 'a1'))).toEqual([
      { month: '2026-03', average: 65, count: 2 },
      { month: '2026-05', average: 80, count: 1 },
    ]);
  });

  it('reads the latest month against the one before: up, down, steady within 2 points, none with one month', () => {
    const m = (month: string, average: number) => ({ month, average, count: 1 });
    expect(scoreTrend([m('2026-03', 65), m('2026-05', 80)])).toEqual({
      direction: 'up',
      change: 15,
    });
    expect(scoreTrend([m('2026-03', 80), m('2026-04', 70.5)])).toEqual({
      direction: 'down',
      change: -9.5,
    });
    expect(scoreTrend([m('2026-03', 80), m('2026-04', 82)])).toEqual({
      direction: 'steady',
      change: 2,
    });
    expect(scoreTrend([m('2026-03', 80)])).toEqual({ direction: 'none', change: null });
  });

  it('builds one row per agent, by name, with no scores as a null average', () => {
    const rows = agentCoachingRows(
      [
        { id: 'a1', name: 'Zoe' },
        { id: 'a2', name: 'Adam' },
        { id: 'a3', name: 'Mia' },
      ],
      records,
    );
    expect(rows.map((r) => [r.agentName, r.count, r.average, r.trend.direction])).toEqual([
      ['Adam', 1, 75, 'none'],
      ['Mia', 0, null, 'none'],
      ['Zoe', 3, 70, 'up'],
    ]);
  });

  it('describes a trend in words', () => {
    expect(describeTrend({ direction: 'up', change: 15 })).toBe('Improving (+15 pts)');
    expect(describeTrend({ direction: 'down', change: -9.5 })).toBe('Declining (−9.5 pts)');
    expect(describeTrend({ direction: 'none', change: null })).toBe('Not enough data');
  });
});
