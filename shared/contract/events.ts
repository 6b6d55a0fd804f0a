import { z } from 'zod';
import { storedEventSchema } from './schemas.js';

/** The one stream from main to the UI. Every pushed event was committed to disk before it was sent. */
export const appEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('session.event'), event: storedEventSchema }),
  z.object({ type: z.literal('studies.changed') }),
]);
export type AppEvent = z.infer<typeof appEventSchema>;
