import { create } from 'zustand';
import type { AppInfo, StudyDetail, StudySummary } from '../../../shared/contract/schemas';
import type { AppError } from '../../../shared/result';
import { api } from '../api/client';

export type Route =
  | { screen: 'library' }
  | { screen: 'study'; key: string }
  /** A rater's labelling session over a labelling study. */
  | { screen: 'labelling'; studyKey: string; rater: string }
  /** A participant in the evaluated seat of a team task. */
  | { screen: 'team'; sessionId: string }
  | { screen: 'settings' }
  /**
   * A Slack workspace: a study's (a researcher browsing, or a participant in the query run `runId`), or a
   * user-imported export (`workspaceId`, studyKey null).
   */
  | { screen: 'slack'; studyKey: string | null; runId?: string; workspaceId?: string }
  /** Import a user's Slack export; `studyKey` is where "back" leads. */
  | { screen: 'slack-import'; studyKey?: string }
  /** A Slack study's runs, scores, judge settings and export. */
  | { screen: 'slack-results'; studyKey: string }
  /** Blind grading of submitted answers by a second researcher. */
  | { screen: 'slack-grade'; studyKey: string; graderId: string };

interface AppState {
  info: AppInfo | undefined;
  studies: StudySummary[] | undefined;
  study: StudyDetail | undefined;
  route: Route;
  /** The one path by which errors reach the person: a banner worded for a researcher. */
  error: AppError | undefined;
  load(): Promise<void>;
  refreshStudies(): Promise<void>;
  openStudy(key: string): Promise<void>;
  goHome(): void;
  navigate(route: Route): void;
  startFreshDatabase(): Promise<void>;
  dismissError(): void;
}

export const useApp = create<AppState>((set, get) => ({
  info: undefined,
  studies: undefined,
  study: undefined,
  route: { screen: 'library' },
  error: undefined,
  async load() {
    const info = await api().appInfo({});
    if (!info.ok) return set({ error: info.error });
    set({ info: info.value });
    await get().refreshStudies();
  },
  async refreshStudies() {
    const studies = await api().listStudies({});
    if (studies.ok) set({ studies: studies.value });
    else set({ error: studies.error });
  },
  async openStudy(key) {
    const study = await api().openStudy({ key });
    if (!study.ok) return set({ error: study.error });
    set({ study: study.value, route: { screen: 'study', key } });
  },
  goHome() {
    set({ route: { screen: 'library' }, study: undefined });
  },
  navigate(route) {
    set({ route });
  },
  async startFreshDatabase() {
    const info = await api().startFreshDatabase({ confirm: true });
    if (info.ok) set({ info: info.value });
    else set({ error: info.error });
  },
  dismissError() {
    set({ error: undefined });
  },
}));
