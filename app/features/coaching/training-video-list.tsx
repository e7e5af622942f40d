import { useState } from 'react';
import { Button } from '@/app/components/button/button';
import { LightboxDialog, type LightboxSource } from '@/app/components/lightbox/lightbox-dialog';
import type { TrainingVideo } from '@/shared/contracts/coaching';
import { formatBytes, youtubeEmbedUrl, youtubeThumbnailUrl } from '@/shared/domain/coaching';

export interface TrainingVideoListProps {
  videos: readonly TrainingVideo[];
  /** Shown with a Delete button per video (Upload Training Videos). */
  onDelete?: (video: TrainingVideo) => void;
  /** The video being deleted: its button says so and waits. */
  deletingId?: string | null;
}

function lightboxSource(video: TrainingVideo): LightboxSource | null {
  if (video.source === 'youtube' && video.youtubeId) {
    return { kind: 'youtube', embedUrl: youtubeEmbedUrl(video.youtubeId) };
  }
  if (video.mediaUrl)
    return { kind: 'video', src: video.mediaUrl, type: video.contentType ?? undefined };
  return null;
}

/** A stable tint (0–3) per video so the tiles of one topic do not all look alike. */
function tileTint(id: string): number {
  let hash = 0;
  for (const char of id) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return hash % 4;
}

/**
 * The preview of a video card: the YouTube preview image while it loads, and a designed
 * tile (play mark, "YouTube" or "Video file") when there is no image or it fails to load
 * (offline, blocked), so a card never shows a broken-image glyph.
 */
export function VideoThumb({ video }: { video: TrainingVideo }) {
  const [failed, setFailed] = useState(false);
  const youtube = video.source === 'youtube' && video.youtubeId;
  const showImage = youtube && !failed;
  return (
    <div
      className={`ic-coaching__thumb ic-coaching__thumb--tint-${tileTint(video.id)}`}
      aria-hidden="true"
      data-testid="video-thumb"
      data-thumb={showImage ? 'image' : 'tile'}
    >
      {showImage ? (
        <img
          src={youtubeThumbnailUrl(video.youtubeId!)}
          alt=""
          loading="lazy"
          onError={() => setFailed(true)}
        />
      ) : (
        <span className="ic-coaching__tile">
          <span className="ic-coaching__tile-play">
            <svg viewBox="0 0 24 24" width="28" height="28" focusable="false">
              <path d="M8 5.5v13l10.5-6.5L8 5.5Z" fill="currentColor" />
            </svg>
          </span>
          <span className="ic-coaching__tile-label">{youtube ? 'YouTube' : 'Video file'}</span>
        </span>
      )}
    </div>
  );
}

/**
 * A topic's videos as cards: the YouTube preview image or a file badge, the title, and a
 * Play button that opens the lightbox (spec: session 2 Dialogs).
 */
export function TrainingVideoList({ videos, onDelete, deletingId = null }: TrainingVideoListProps) {
  const [playing, setPlaying] = useState<TrainingVideo | null>(null);
  const source = playing ? lightboxSource(playing) : null;

  return (
    <>
      <ul className="ic-coaching__videos" aria-label="Videos">
        {videos.map((video) => (
          <li key={video.id} className="ic-coaching__video">
            <VideoThumb video={video} />
            <div className="ic-coaching__video-body">
              <h3 className="ic-coaching__video-title">{video.title}</h3>
              <p className="ic-coaching__video-meta">
                {video.source === 'youtube'
                  ? 'YouTube'
                  : `Uploaded file${video.sizeBytes !== null ? ` · ${formatBytes(video.sizeBytes)}` : ''}`}
              </p>
              <div className="ic-coaching__video-actions">
                <Button
                  variant="primary"
                  onClick={() => setPlaying(video)}
                  aria-label={`Play ${video.title}`}
                  disabled={lightboxSource(video) === null}
                >
                  Play
                </Button>
                {onDelete ? (
                  <Button
                    variant="danger"
                    onClick={() => onDelete(video)}
                    disabled={deletingId === video.id}
                    aria-label={`Delete ${video.title}`}
                  >
                    {deletingId === video.id ? 'Deleting…' : 'Delete'}
                  </Button>
                ) : null}
              </div>
            </div>
          </li>
        ))}
      </ul>
      {playing && source ? (
        <LightboxDialog title={playing.title} source={source} onClose={() => setPlaying(null)} />
      ) : null}
    </>
  );
}
