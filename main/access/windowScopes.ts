import type { AccessScope } from '../../shared/contract/access.js';
import type { Result } from '../../shared/result.js';
import type { AccessControl } from './accessControl.js';

/**
 * The desktop host's side of scopes: each window holds one, kept here in main (a page cannot change it by
 * editing its own URL). A new window is the experimenter's; a window that enters a kiosk with a participant's
 * link takes that link's scope and keeps it until the experimenter's PIN is typed there. A window this map
 * does not know is refused everything.
 */
export class WindowScopes {
  private readonly scopes = new Map<number, AccessScope>();

  constructor(private readonly access: Pick<AccessControl, 'resolve'>) {}

  /** A window the app opened for the experimenter. */
  opened(windowId: number): void {
    this.scopes.set(windowId, { kind: 'experimenter' });
  }

  closed(windowId: number): void {
    this.scopes.delete(windowId);
  }

  scopeOf(windowId: number): AccessScope | null {
    return this.scopes.get(windowId) ?? null;
  }

  /**
   * After a call has been answered: `enterKiosk` with a valid link narrows the window to that link's scope (only
   * ever narrowing: a participant window cannot enter another participant's kiosk), and a successful
   * `unlockKiosk` (the experimenter's PIN) gives the window back to the experimenter.
   */
  afterCall(windowId: number, method: string, args: unknown, result: Result<unknown>): void {
    const current = this.scopes.get(windowId);
    if (!current || !result.ok) return;
    if (method === 'unlockKiosk') this.scopes.set(windowId, { kind: 'experimenter' });
    if (method === 'enterKiosk' && current.kind === 'experimenter') {
      const capability = (args as { capability?: unknown }).capability;
      const scope = typeof capability === 'string' ? this.access.resolve(capability) : null;
      if (scope && scope.kind !== 'experimenter') this.scopes.set(windowId, scope);
    }
  }
}
