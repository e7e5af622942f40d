import type { CoachingCategory } from '@/shared/contracts/lookups';
import type { AgentCoachingRow, MonthlyAverage, ScoreTrend } from '@/shared/contracts/coaching';
import { trainingSlug } from './menu';
import { compareCodes, compareLabels } from './sorting';

// Coaching rules (issue #16): training topics and their slugs, YouTube links, the video
// files we accept, and score averages and trends. docs/coaching.md.

/** spec: session 2 Sidebar — Immigration is always a Training topic, before the items. */
export const IMMIGRATION_TOPIC: CoachingCategory = Object.freeze({
  id: 'immigration',
  name: 'Immigration',
});

/** spec: session 2 Sidebar — "coaching/training/{name lowercased with dashes}". */
export const topicSlug = trainingSlug;

/** Immigration, then one topic per coaching item (the Training submenu's order). */
export function trainingTopics(categories: readonly CoachingCategory[]): CoachingCategory[] {
  const rest = categories.filter(
    (c) => topicSlug(c.name) !== '' && topicSlug(c.name) !== IMMIGRATION_TOPIC.id,
  );
  return [IMMIGRATION_TOPIC, ...rest];
}

/** The topic a coaching/training/{slug} address names, or null. */
export function findTopicBySlug(
  slug: string,
  categories: readonly CoachingCategory[],
): CoachingCategory | null {
  const wanted = slug.trim().toLowerCase();
  return trainingTopics(categories).find((topic) => topicSlug(topic.name) === wanted) ?? null;
}

// ---------------------------------------------------------------- YouTube

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const YOUTUBE_HOSTS = new Set([
  'youtube.com',
  'www.youtube.com',
  'm.youtube.com',
  'music.youtube.com',
  'youtube-nocookie.com',
  'www.youtube-nocookie.com',
]);

/**
 * The video id of a YouTube link: watch?v=, youtu.be/, embed/, shorts/, live/ and the
 * privacy-enhanced host; a bare 11-character id too. Anything else (another site, a
 * playlist without a video, a malformed id) is null.
 */
export function parseYoutubeId(input: string): string | null {
  const text = input.trim();
  if (YOUTUBE_ID.test(text)) return text;
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z\d+.-]*:\/\//i.test(text) ? text : `https://${text}`);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const host = url.hostname.toLowerCase();
  const parts = url.pathname.split('/').filter(Boolean);
  let candidate: string | null | undefined = null;
  if (host === 'youtu.be') {
    candidate = parts[0];
  } else if (YOUTUBE_HOSTS.has(host)) {
    if (parts[0] === 'watch') candidate = url.searchParams.get('v');
    else if (['embed', 'shorts', 'live', 'v'].includes(parts[0] ?? '')) candidate = parts[1];
  }
  return candidate && YOUTUBE_ID.test(candidate) ? candidate : null;
}

/** The privacy-enhanced embed address (no cookies until the viewer plays). */
export function youtubeEmbedUrl(id: string): string {
  return `https://www.youtube-nocookie.com/embed/${encodeURIComponent(id)}`;
}

/** The preview image of a YouTube video (img-src allows https:). */
export function youtubeThumbnailUrl(id: string): string {
  return `https://i.ytimg.com/vi/${encodeURIComponent(id)}/mqdefault.jpg`;
}

// ---------------------------------------------------------------- uploaded files

/** The largest training video we store: 200 MB. */
export const MAX_VIDEO_BYTES = 200 * 1024 * 1024;

export const VIDEO_TYPES = ['video/mp4', 'video/webm', 'video/quicktime'] as const;
export type VideoType = (typeof VIDEO_TYPES)[number];

export const VIDEO_TYPE_MESSAGE = 'Only MP4, WebM or QuickTime (.mov) videos can be uploaded.';
export const VIDEO_SIZE_MESSAGE = 'The video is larger than 200 MB. Upload a smaller file.';

/** The file extension we store a type under (the stored name is ours, never the client's). */
export const VIDEO_EXTENSIONS: Readonly<Record<VideoType, string>> = {
  'video/mp4': 'mp4',
  'video/webm': 'webm',
  'video/quicktime': 'mov',
};

/** A Content-Type header's media type, if it is one we accept. */
export function allowedVideoType(contentType: string | undefined | null): VideoType | null {
  const type = (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  return (VIDEO_TYPES as readonly string[]).includes(type) ? (type as VideoType) : null;
}

/** Box types a QuickTime file may start with (older .mov files have no ftyp box). */
const QUICKTIME_FIRST_BOXES = new Set(['moov', 'mdat', 'wide', 'free', 'skip', 'pnot']);

/**
 * Whether a file's first bytes are those of its declared type: MP4 and QuickTime are ISO
 * boxes ("ftyp" at offset 4; QuickTime also "moov", "mdat", ...), WebM is EBML (1A 45 DF A3).
 * A renamed text file or image is refused whatever its Content-Type says.
 */
export function magicMatches(type: VideoType, head: Uint8Array): boolean {
  if (type === 'video/webm') {
    return (
      head.length >= 4 &&
      head[0] === 0x1a &&
      head[1] === 0x45 &&
      head[2] === 0xdf &&
      head[3] === 0xa3
    );
  }
  if (head.length < 8) return false;
  const box = String.fromCharCode(head[4]!, head[5]!, head[6]!, head[7]!);
  if (box === 'ftyp') return true;
  return type === 'video/quicktime' && QUICKTIME_FIRST_BOXES.has(box);
}

/** "12.4 MB", "830 KB": file sizes as the upload page shows them. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

// ---------------------------------------------------------------- scores and trend

export interface ScoreRecord {
  agentId: string;
  agentName: string;
  date: string;
  score: number;
}

/** A change of at most this many points month over month reads as steady. */
export const STEADY_POINTS = 2;

const oneDecimal = (n: number) => Math.round(n * 10) / 10;

/** The mean of scores, one decimal; null when there are none. */
export function averageScore(scores: readonly number[]): number | null {
  if (scores.length === 0) return null;
  return oneDecimal(scores.reduce((sum, s) => sum + s, 0) / scores.length);
}

/** The average per calendar month (YYYY-MM), oldest first; months without scores are left out. */
export function monthlyAverages(
  records: readonly Pick<ScoreRecord, 'date' | 'score'>[],
): MonthlyAverage[] {
  const byMonth = new Map<string, number[]>();
  for (const record of records) {
    const month = record.date.slice(0, 7);
    byMonth.set(month, [...(byMonth.get(month) ?? []), record.score]);
  }
  return [...byMonth.entries()]
    .sort(([a], [b]) => compareCodes(a, b))
    .map(([month, scores]) => ({
      month,
      average: averageScore(scores) ?? 0,
      count: scores.length,
    }));
}

/**
 * The trend of an agent's scores: the latest month's average against the month before it
 * that has scores. Up or down when it moved by more than STEADY_POINTS, else steady; none
 * with fewer than two months of scores.
 */
export function scoreTrend(months: readonly MonthlyAverage[]): ScoreTrend {
  if (months.length < 2) return { direction: 'none', change: null };
  const latest = months[months.length - 1]!;
  const previous = months[months.length - 2]!;
  const change = oneDecimal(latest.average - previous.average);
  const direction = change > STEADY_POINTS ? 'up' : change < -STEADY_POINTS ? 'down' : 'steady';
  return { direction, change };
}

/** One report row per agent (agents without scores in the range included, with none). */
export function agentCoachingRows(
  agents: readonly { id: string; name: string }[],
  records: readonly ScoreRecord[],
): AgentCoachingRow[] {
  return agents
    .map((agent) => {
      const own = records.filter((r) => r.agentId === agent.id);
      const months = monthlyAverages(own);
      return {
        agentId: agent.id,
        agentName: agent.name,
        count: own.length,
        average: averageScore(own.map((r) => r.score)),
        trend: scoreTrend(months),
        months,
      };
    })
    .sort((a, b) => compareLabels(a.agentName, b.agentName));
}

/** Words for a trend, as the screens and their screen-reader text say it. */
export function describeTrend(trend: ScoreTrend): string {
  if (trend.direction === 'none' || trend.change === null) return 'Not enough data';
  const points = Math.abs(trend.change);
  if (trend.direction === 'up') return `Improving (+${points} pts)`;
  if (trend.direction === 'down') return `Declining (−${points} pts)`;
  return `Steady (${trend.change >= 0 ? '+' : '−'}${points} pts)`;
}

const TYPE_BY_EXTENSION: Readonly<Record<string, VideoType>> = {
  mp4: 'video/mp4',
  m4v: 'video/mp4',
  webm: 'video/webm',
  mov: 'video/quicktime',
};

/**
 * The type to upload a picked file as: the browser's, if we accept it; else by its
 * extension when the browser gave none (some systems know no type for .mov); else null.
 */
export function videoTypeOfFile(file: { name: string; type: string }): VideoType | null {
  if (file.type) return allowedVideoType(file.type);
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  return TYPE_BY_EXTENSION[extension] ?? null;
}

/** 2026-05-19 → 05/19/2026 (the app's MM/DD/YYYY, spec: dashboards 2.3). */
export function formatDay(day: string): string {
  const [year, month, date] = day.split('-');
  return year && month && date ? `${month}/${date}/${year}` : day;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** 2026-05 → May 2026. */
export function formatMonth(month: string): string {
  const [year, index] = month.split('-');
  const name = MONTHS[Number(index) - 1];
  return year && name ? `${name} ${year}` : month;
}

/** A local calendar day as YYYY-MM-DD (what a date input holds). */
export function isoDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The Reports screen's default range: the first day of the month three months back, to today. */
export function defaultReportRange(today: Date): { from: string; to: string } {
  const from = new Date(today.getFullYear(), today.getMonth() - 3, 1);
  return { from: isoDay(from), to: isoDay(today) };
}
