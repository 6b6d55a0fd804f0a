import { create } from 'zustand';
import type { AppInfo, StudyDetail, StudySummary } from '../../../shared/contract/schemas';
import type { AppError } from '../../../shared/result';
import { api } from '../api/client';
import { formatRoute, parseRoute, type Route } from './routes';

export type { Route } from './routes';

/** Whose link this page holds; decided by the host (accessWhoAmI), never by the page's own address. */
export type Mode =
  | { kind: 'experimenter' }
  | { kind: 'participant'; participantId: string; studyKey: string }
  | { kind: 'rater'; studyKey: string; rater: string }
  | { kind: 'auditor'; studyKey: string; auditor: string };

interface AppState {
  /** Undefined until the host has said whose link this is. */
  mode: Mode | undefined;
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
  /** `replace`: no new history entry (a replay's step moves the address without one per round). */
  navigate(route: Route, opts?: { replace?: boolean }): void;
  /** The address changed (back/forward, a pasted link, a second window): show what it names. */
  followAddress(): void;
  /** This page now holds another link (a kiosk opened here, or the experimenter's PIN typed at one). */
  switchLink(token: string, mode: Mode): Promise<void>;
  startFreshDatabase(): Promise<void>;
  dismissError(): void;
}

// An experimenter's link may name the screen to open (`#token=…&to=/dashboard?key=…`, api/transport.ts).
const linkedRoute = (hash: string): Route | null => parseRoute(`#${new URLSearchParams(hash.slice(1)).get('to') ?? ''}`);
const initialRoute = (): Route => (typeof window === 'undefined' ? null : (parseRoute(window.location.hash) ?? linkedRoute(window.location.hash))) ?? { screen: 'library' };

/** Writes the address without adding a history entry when it already names this route. */
function showAddress(route: Route, replace = false) {
  if (typeof window === 'undefined') return;
  const hash = formatRoute(route);
  if (window.location.hash === hash) return;
  if (replace) history.replaceState(null, '', hash);
  else window.location.hash = hash;
}

/** A participant's and a rater's page can be at exactly one place; anything else in the address is ignored. */
function confine(mode: Mode, route: Route): Route {
  if (mode.kind === 'participant') return route.screen === 'visit' ? route : { screen: 'visit' };
  if (mode.kind === 'rater') return { screen: 'labelling', studyKey: mode.studyKey, rater: mode.rater };
  if (mode.kind === 'auditor') return { screen: 'audit-queue', studyKey: mode.studyKey, auditor: mode.auditor };
  return route.screen === 'visit' ? { screen: 'library' } : route;
}

export const useApp = create<AppState>((set, get) => ({
  mode: undefined,
  info: undefined,
  studies: undefined,
  study: undefined,
  route: initialRoute(),
  error: undefined,
  async load() {
    const who = await api().accessWhoAmI({});
    if (!who.ok) return set({ error: who.error });
    const mode: Mode = who.value;
    // The address, not the route read when the scripts ran: one typed or followed while this page was opening
    // (seconds on a busy lab PC) may not have reached followAddress yet, and writing the stale route would erase it.
    const route = confine(mode, parseRoute(window.location.hash) ?? get().route);
    set({ mode, route });
    showAddress(route, true);
    // The library, the data dir and the app's version are the experimenter's: a kiosk never asks for them.
    if (mode.kind !== 'experimenter') return;
    const info = await api().appInfo({});
    if (!info.ok) return set({ error: info.error });
    set({ info: info.value });
    await get().refreshStudies();
    await loadStudyOf(route);
  },
  async refreshStudies() {
    const studies = await api().listStudies({});
    if (studies.ok) set({ studies: studies.value });
    else set({ error: studies.error });
  },
  async openStudy(key) {
    // A rater's "Save and exit" leads back to the study page, which is the experimenter's: they stay where they are.
    if (get().mode?.kind !== 'experimenter') return;
    const study = await api().openStudy({ key });
    if (!study.ok) return set({ error: study.error });
    const route: Route = { screen: 'study', key };
    set({ study: study.value, route });
    showAddress(route);
  },
  goHome() {
    get().navigate({ screen: 'library' });
  },
  navigate(route, opts) {
    const mode = get().mode;
    const next = mode ? confine(mode, route) : route;
    set(next.screen === 'library' ? { route: next, study: undefined } : { route: next });
    showAddress(next, next.screen === 'visit' || opts?.replace === true);
  },
  followAddress() {
    const mode = get().mode;
    const named = parseRoute(window.location.hash) ?? { screen: 'library' };
    const route = mode ? confine(mode, named) : named;
    set({ route });
    if (route !== named) showAddress(route, true);
    if (mode?.kind === 'experimenter') void loadStudyOf(route);
  },
  async switchLink(token, mode) {
    api().switchToken(token);
    set({ mode, info: undefined, studies: undefined, study: undefined });
    get().navigate(mode.kind === 'experimenter' ? { screen: 'library' } : { screen: 'visit' });
    await get().load();
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

/** A study's address opened directly (a reload, a link): load the study it names. */
async function loadStudyOf(route: Route) {
  if (route.screen !== 'study' || useApp.getState().study?.key === route.key) return;
  const study = await api().openStudy({ key: route.key });
  if (study.ok) useApp.setState({ study: study.value });
  else useApp.setState({ error: study.error });
}
