import type { StudyDetail } from '../../../shared/contract/schemas';

export function StartLabelling(_props: { study: StudyDetail }) {
  return null;
}
