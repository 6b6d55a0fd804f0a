import { z } from 'zod';
import { method } from './define.js';
import { taskCardSchema } from '../team/pack/taskCard.js';

/** A team task's card for experimenters (issue 11): not in main/access/policy.ts's participant or rater lists. */
export const taskCardMethods = {
  teamTaskCard: method(z.object({ studyKey: z.string().min(1), taskId: z.string().min(1) }).strict(), taskCardSchema),
};
