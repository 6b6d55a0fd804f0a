import { z } from 'zod';

/**
 * Every screen has an address (a hash route), so a reload, a link or a second window opens the same place.
 * `#/<screen>?<field>=<value>…`; the library is `#/`. A participant's only address is `#/visit` with the opaque
 * step token the study gives each screen: no study, version, seed or plan cell is ever in it.
 */
const id = z.string().min(1).max(300);
export const routeSchema = z.discriminatedUnion('screen', [
  z.object({ screen: z.literal('library') }),
  z.object({ screen: z.literal('study'), key: id }),
  /** A rater's labelling session over a labelling study. */
  z.object({ screen: z.literal('labelling'), studyKey: id, rater: id }),
  /** Judge runs on a labelling study and their agreement with people (experimenter only). */
  z.object({ screen: z.literal('labelling-judges'), studyKey: id }),
  /** Naming the adjudicator and the consensus of a labelling study (experimenter only). */
  z.object({ screen: z.literal('labelling-adjudication'), studyKey: id }),
  /** The adjudicator's queue, opened in the experimenter's window (a rater link opens it as its only page). */
  z.object({ screen: z.literal('adjudicate'), studyKey: id, adjudicator: id }),
  /** A team study's label audit: sample, auditors and their links, figures per task (experimenter only, issue 27). */
  z.object({ screen: z.literal('audit'), studyKey: id }),
  /** An auditor's blind queue (an auditor link opens it as its only page; the experimenter may open it too). */
  z.object({ screen: z.literal('audit-queue'), studyKey: id, auditor: id }),
  /** A participant in the evaluated seat of a team task (a pilot run, started by the experimenter). */
  z.object({ screen: z.literal('team'), sessionId: id }),
  /** A model playing in the evaluated seat, watched read-only (issue 12). */
  z.object({ screen: z.literal('model-seat'), sessionId: id }),
  /** A team task's card: source, versions, labels, checker and script graph (experimenter only). */
  z.object({ screen: z.literal('task-card'), studyKey: id, taskId: id }),
  z.object({ screen: z.literal('settings') }),
  /**
   * A Slack workspace: a study's (a researcher browsing, or a participant in the query run `runId`), or a
   * user-imported export (`workspaceId`, studyKey null).
   */
  z.object({ screen: z.literal('slack'), studyKey: id.nullable(), runId: id.optional(), workspaceId: id.optional() }),
  /** Import a user's Slack export; `studyKey` is where "back" leads. */
  z.object({ screen: z.literal('slack-import'), studyKey: id.optional() }),
  /** A Slack study's runs, scores, judge settings and export. */
  z.object({ screen: z.literal('slack-results'), studyKey: id }),
  /** Blind grading of submitted answers by a second researcher. */
  z.object({ screen: z.literal('slack-grade'), studyKey: id, graderId: id }),
  /** People beside models (issue 15): the study's human rows and imported model rows, with chart exports. */
  z.object({ screen: z.literal('comparison'), studyKey: id }),
  /** A team or Slack study's results: runs, scores with intervals, per participant and pooled (experimenter only). */
  z.object({ screen: z.literal('results'), studyKey: id }),
  /** The experimenter's live dashboard of a study: participants × plan cells (issue 13). */
  z.object({ screen: z.literal('dashboard'), key: id }),
  /** The experimenter's console of one live team session: labels its participant's messages (issue 14). */
  z.object({ screen: z.literal('console'), sessionId: id }),
  /**
   * The run viewer (issue 16): `run` and `b` are run refs (`s:<session id>` or `f:<path on the host>`, see
   * renderer/src/replay/refs.ts); `round` is a 1-based position; without `run` it shows the run picker.
   */
  z.object({
    screen: z.literal('replay'),
    run: z.string().min(3).max(4200).optional(),
    b: z.string().min(3).max(4200).optional(),
    round: z.string().regex(/^\d{1,7}$/).optional(),
    presenter: z.literal('1').optional(),
    roles: z.literal('1').optional(),
  }),
  /** Quick seat: start any task in any version as a demo session; `session` is the demo running now. */
  z.object({ screen: z.literal('demo'), session: id.optional() }),
  /** A participant's visit (the kiosk): the step token is the study's own opaque one, or absent before it loads. */
  z.object({ screen: z.literal('visit'), step: z.string().regex(/^[a-f0-9]{16}$/).optional() }),
]);
export type Route = z.infer<typeof routeSchema>;

export function formatRoute(route: Route): string {
  if (route.screen === 'library') return '#/';
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(route)) {
    if (k === 'screen' || v === undefined) continue;
    // `studyKey: null` (a user workspace) is written as an empty value and read back as null.
    params.set(k, v === null ? '' : String(v));
  }
  const query = params.toString();
  return `#/${route.screen}${query ? `?${query}` : ''}`;
}

/** The route a hash names, or null when it names none (the caller then shows the library, or the visit). */
export function parseRoute(hash: string): Route | null {
  const text = hash.startsWith('#') ? hash.slice(1) : hash;
  if (!text.startsWith('/')) return null;
  const [pathPart = '', query = ''] = text.slice(1).split('?', 2);
  if (pathPart === '') return { screen: 'library' };
  const fields: Record<string, unknown> = { screen: decodeURIComponent(pathPart) };
  for (const [k, v] of new URLSearchParams(query)) fields[k] = v === '' && k === 'studyKey' ? null : v;
  const parsed = routeSchema.safeParse(fields);
  return parsed.success ? parsed.data : null;
}
