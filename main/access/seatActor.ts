import type { CallContext } from '../../shared/contract/define.js';
import type { PausedBy } from '../../shared/pause.js';

/**
 * Who acts at a seat's own Resume: a participant's link is the participant; the experimenter's scope (a pilot seat,
 * the desktop's main window, a kiosk unlocked with the PIN) is the experimenter, who may lift any pause.
 */
export const seatActor = (ctx: CallContext): PausedBy => (ctx.access && ctx.access.kind !== 'experimenter' ? 'participant' : 'experimenter');
