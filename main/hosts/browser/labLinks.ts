import type { AppHandlers } from '../../app/appServices.js';
import { formatLabLinks } from './labLinksText.js';

type Ctx = { host: 'browser' };
const ctx: Ctx = { host: 'browser' };

/**
 * What lab mode prints for the study it names: the dashboard's link (it carries the experimenter's token: keep it
 * on the experimenter's screen) and one link per participant (each opens only that participant's visit), each
 * invited participant started as the study page does when it gives out a link.
 */
export async function labLinks(handlers: AppHandlers, experimenterUrl: string, studyKey: string | undefined): Promise<string> {
  if (!studyKey) return 'Lab mode: add --study KEY (e.g. --study built-in:team-demo) to print its dashboard link and one link per participant.\n\n';
  const overview = await handlers.studyParticipants({ studyKey }, ctx);
  if (!overview.ok) return `Lab mode: ${overview.error.message}\n\n`;
  const links: { code: string; url: string }[] = [];
  const base = experimenterUrl.slice(0, experimenterUrl.indexOf('#'));
  for (const p of overview.value.participants) {
    if (p.status !== 'invited' && p.status !== 'active') continue;
    // As on the study page, giving out an invited participant's link starts their visit (their plan is fixed now).
    if (p.status === 'invited') {
      const started = await handlers.studyStartParticipant({ studyKey, participantId: p.participantId }, ctx);
      if (!started.ok) continue;
    }
    const link = await handlers.participantLink({ studyKey, participantId: p.participantId }, ctx);
    if (link.ok) links.push({ code: p.code, url: `${base}#${link.value.fragment}` });
  }
  return formatLabLinks(experimenterUrl, studyKey, links);
}
