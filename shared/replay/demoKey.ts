/**
 * A quick-seat demo session is stored under `demo:<study key>`: no study's key, so the results writer, scoring,
 * erasure and every study page (which all list sessions by the study's own key) never see it.
 */
export const DEMO_KEY_PREFIX = 'demo:';

export const demoStudyKey = (studyKey: string): string => `${DEMO_KEY_PREFIX}${studyKey}`;
export const isDemoStudyKey = (key: string): boolean => key.startsWith(DEMO_KEY_PREFIX);
/** The study a session's task comes from: a demo session's key names its study after the prefix. */
export const taskStudyKey = (key: string): string => (isDemoStudyKey(key) ? key.slice(DEMO_KEY_PREFIX.length) : key);
/** Every demo session's participant code starts with this; the export test searches for it. */
export const DEMO_PARTICIPANT_PREFIX = 'demo-';
