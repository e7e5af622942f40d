import { useState } from 'react';
import { Button } from '@/app/components/button/button';
import { Icon } from '@/app/components/icon/icon';
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
            <div className="ic-coaching__thumb" aria-hidden="true">
              {video.source === 'youtube' && video.youtubeId ? (
                <img src={youtubeThumbnailUrl(video.youtubeId)} alt="" loading="lazy" />
              ) : (
                <span className="ic-coaching__file-badge">
                  <Icon name="monitor" size="lg" />
                </span>
              )}
            </div>
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
