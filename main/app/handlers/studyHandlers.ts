import { fail, ok } from '../../../shared/result.js';
import type { AppHandlers, AppServices } from '../appServices.js';

export function setupStudyHandlers(s: AppServices): Pick<AppHandlers, 'listStudies' | 'openStudy'> {
  return {
    listStudies: () => ok(s.library.list()),
    openStudy: ({ key }) => {
      const study = s.library.open(key);
      return study ? ok(study) : fail('not_found', `No study "${key}" in the library.`);
    },
  };
}
