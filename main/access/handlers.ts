import { fail, ok } from '../../shared/result.js';
import type { AppHandlers, AppServices } from '../app/appServices.js';
import type { AccessControl } from './accessControl.js';

type AccessHandlers = Pick<
  AppHandlers,
  | 'accessWhoAmI'
  | 'enterKiosk'
  | 'participantLink'
  | 'raterLink'
  | 'auditorLink'
  | 'setKioskPin'
  | 'kioskPinStatus'
  | 'unlockKiosk'
  | 'kioskLocks'
  | 'clearKioskLock'
>;

/** Links, the kiosk PIN and "who am I". Which scope may call which of these is decided in policy.ts. */
export function setupAccessHandlers(s: AppServices, access: AccessControl): AccessHandlers {
  return {
    accessWhoAmI: (_args, ctx) => {
      const scope = ctx.access ?? { kind: 'experimenter' as const };
      if (scope.kind === 'participant') return ok({ kind: 'participant' as const, participantId: scope.participantId, studyKey: scope.studyKey });
      if (scope.kind === 'rater') return ok({ kind: 'rater' as const, studyKey: scope.studyKey, rater: scope.rater });
      if (scope.kind === 'auditor') return ok({ kind: 'auditor' as const, studyKey: scope.studyKey, auditor: scope.auditor });
      return ok({ kind: 'experimenter' as const });
    },
    enterKiosk: ({ capability }, ctx) => {
      // The experimenter's own window turned into a kiosk has one way back, the PIN: without one it would be trapped.
      if ((ctx.access?.kind ?? 'experimenter') === 'experimenter' && !access.hasPin()) {
        return fail('conflict', 'Set an experimenter PIN first (on the study page, under Participants): the visit takes over this window, and the PIN is the only way back to it.');
      }
      const scope = access.resolve(capability);
      return scope && (scope.kind === 'participant' || scope.kind === 'rater')
        ? ok({ kind: scope.kind })
        : fail('unauthorized', 'This link does not work. Ask the experimenter for a new one.');
    },
    participantLink: ({ studyKey, participantId }) =>
      ok({ fragment: `kiosk=${access.linkFor({ kind: 'participant', studyKey, participantId })}`, scope: 'participant' as const }),
    raterLink: ({ studyKey, rater }) => ok({ fragment: `kiosk=${access.linkFor({ kind: 'rater', studyKey, rater })}`, scope: 'rater' as const }),
    auditorLink: ({ studyKey, auditor }) => ok({ fragment: `kiosk=${access.linkFor({ kind: 'auditor', studyKey, auditor })}`, scope: 'auditor' as const }),
    setKioskPin: async ({ pin }) => {
      await access.setPin(pin);
      s.log.info('kiosk PIN set');
      return ok({ set: true });
    },
    kioskPinStatus: () => ok({ set: access.hasPin() }),
    unlockKiosk: async ({ pin }, ctx) => {
      const r = await access.unlock(pin, ctx.access);
      if (r.ok) {
        s.log.info('kiosk left with the experimenter PIN');
        return ok({ token: r.token });
      }
      s.log.warn('kiosk PIN refused', { reason: r.reason, scope: ctx.access?.kind ?? 'experimenter' });
      if (r.reason === 'no_pin') return fail('unauthorized', 'No experimenter PIN is set. The experimenter can end the kiosk from their own screen.');
      if (r.reason === 'locked') return fail('unauthorized', `Too many wrong PINs. Try again in ${Math.ceil(r.waitMs / 1000)} seconds.`);
      return fail('unauthorized', r.waitMs > 0 ? `Wrong PIN. Try again in ${Math.ceil(r.waitMs / 1000)} seconds.` : 'Wrong PIN.');
    },
    kioskLocks: () => ok({ locks: access.kioskLocks() }),
    clearKioskLock: ({ scope }) => {
      const cleared = access.clearKioskLock(scope);
      if (!cleared) return fail('not_found', 'No such link: nothing to clear.');
      s.log.info('kiosk PIN lock cleared by the experimenter', { scope, failures: cleared.failures });
      return ok(cleared);
    },
  };
}
