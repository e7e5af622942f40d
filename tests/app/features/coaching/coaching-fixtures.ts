import type { CoachingScore, TrainingVideo } from '@/shared/contracts/coaching';
import type { Role } from '@/shared/contracts/roles';
import { makeUser, makeWorkspace } from '../../../shared/domain/fixtures';
import { fakeApi, type Routes } from '../../fake-api';
import { makeHost } from '../../helpers';

export const list = <T>(data: T[]) => ({
  data,
  meta: { total: data.length, limit: Math.max(1, data.length), offset: 0 },
});

export const CATEGORIES = [
  { id: 'cc_01', name: 'Intake Basics' },
  { id: 'cc_02', name: 'Objection Handling' },
];

export const youtubeVideo: TrainingVideo = {
  id: 'cv_1',
  categoryId: 'cc_01',
  title: 'Greeting a caller',
  source: 'youtube',
  youtubeId: 'eIho2S0ZahI',
  mediaUrl: null,
  contentType: null,
  sizeBytes: null,
  createdAt: '2026-05-01T10:00:00.000Z',
};

export const uploadedVideo: TrainingVideo = {
  id: 'cv_2',
  categoryId: 'cc_01',
  title: 'Role play',
  source: 'upload',
  youtubeId: null,
  mediaUrl: '/api/coaching-media/cv_2?expires=1&signature=abc',
  contentType: 'video/mp4',
  sizeBytes: 2_500_000,
  createdAt: '2026-05-02T10:00:00.000Z',
};

export const score = (overrides: Partial<CoachingScore> = {}): CoachingScore => ({
  id: 'cs_1',
  agentId: 'ag_1',
  agentName: 'Ava Adams',
  categoryId: 'cc_01',
  date: '2026-04-10',
  score: 70,
  note: '',
  enteredBy: 'u_1',
  createdAt: '2026-04-10T10:00:00.000Z',
  ...overrides,
});

/** A host signed in to Lakeside with `role`, over a fake API with the coaching presets. */
export function coachingHost(role: Role, ...routes: Routes[]) {
  const api = fakeApi(
    {
      'coaching-videos/category': () => list(CATEGORIES),
      'ws_lakeside/coaching-videos': () => list([youtubeVideo, uploadedVideo]),
      'ws_lakeside/agents': () =>
        list([
          {
            id: 'ag_1',
            name: 'Ava Adams',
            personId: null,
            ctmUserId: null,
            zohoUserId: null,
            active: true,
          },
          {
            id: 'ag_2',
            name: 'Ben Brooks',
            personId: null,
            ctmUserId: null,
            zohoUserId: null,
            active: true,
          },
        ]),
      'ws_lakeside/coaching-scores': () => list([]),
    },
    ...routes,
  );
  const system = role === 'system';
  const host = makeHost({
    api,
    session: {
      user: makeUser({ role, workspace: system ? null : 'ws_lakeside' }),
      workspace: system ? null : makeWorkspace(),
      agent: null,
    },
  });
  return { api, host };
}
