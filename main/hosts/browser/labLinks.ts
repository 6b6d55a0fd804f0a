import type { AppHandlers } from '../../app/appServices.js';
import { formatLabLinks } from './labLinksText.js';

type Ctx = { host: 'browser' };
const ctx: Ctx = { host: 'browser' };

/**
 * What lab mode prints for the study it names: the dashboard's link (it carries the experimenter's token: keep it
 * on the experimenter's screen), one link per participant (each opens only that participant's visit; its plan is
 * fixed when the participant first opens it) and, for an online study, its one study link for the recruitment platform.
 */
export async function labLinks(handlers: AppHandlers, experimenterUrl: string, studyKey: string | undefined): Promise<string> {
  if (!studyKey) return 'Lab mode: add --study KEY (e.g. --study built-in:team-demo) to print its dashboard link and one link per participant.\n\n';
  const overview = await handlers.studyParticipants({ studyKey }, ctx);
  if (!overview.ok) return `Lab mode: ${overview.error.message}\n\n`;
  const links: { code: string; url: string }[] = [];
  const base = experimenterUrl.slice(0, experimenterUrl.indexOf('#'));
  for (const p of overview.value.participants) {
    if (p.status !== 'invited' && p.status !== 'active') continue;
    const link = await handlers.participantLink({ studyKey, participantId: p.participantId }, ctx);
    if (link.ok) links.push({ code: p.code, url: `${base}#${link.value.fragment}` });
  }
  const enrolment = await handlers.enrolmentLink({ studyKey }, ctx);
  const studyLink = enrolment.ok ? `${base}#${enrolment.value.fragment}&${enrolment.value.idParameter}=` : undefined;
  return formatLabLinks(experimenterUrl, studyKey, links, studyLink);
}
