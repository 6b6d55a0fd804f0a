import type { StudyDetail } from '../../../shared/contract/schemas';

export function StartTeamSession(_props: { study: StudyDetail }) {
  return null;
}
