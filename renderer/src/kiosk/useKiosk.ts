import { useCallback, useEffect, useState } from 'react';
import type { Answers, ParticipantScreen } from '../../../shared/contract/study';
import type { Result } from '../../../shared/result';
import { api } from '../api/client';
import { useCoalescedRequest } from '../api/coalescedRead';
import { useApp } from '../state/appStore';

export type OpenScreen = Exclude<ParticipantScreen, { screen: 'closed' }>;

/**
 * The participant's place in their plan, as the host records it: every "Next" goes to the host and the screen it
 * returns is shown, so a reload, a closed tab or a host restart comes back to exactly this screen. The address
 * carries only the study's opaque step token.
 */
export function useKiosk(participantId: string) {
  const [screen, setScreen] = useState<ParticipantScreen | undefined>();
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const navigate = useApp((s) => s.navigate);

  const show = useCallback(
    (next: ParticipantScreen) => {
      setScreen(next);
      navigate(next.screen === 'closed' ? { screen: 'visit' } : { screen: 'visit', step: next.stepToken });
    },
    [navigate],
  );

  // One read at a time (one send in the seat commits several events of the run, each heard here), and one more for
  // whatever was heard meanwhile, so the last state (a run's end) is always read. Nothing is shown after unmount.
  const readStep = useCallback(() => api().participantStep({ participantId }), [participantId]);
  const refresh = useCoalescedRequest(readStep, (r: Result<ParticipantScreen>) => {
    if (r.ok) show(r.value);
    else setError(r.error.message);
  });
  useEffect(() => {
    void refresh();
  }, [refresh]);

  // A run ends inside its seat: the host then tells this page (an event of its own run, without content). Every kind
  // is heard, not only the ends. A change of plan under the participant (the experimenter's rerun, void or withdrawal,
  // a run's end in the study log) comes as a bare `visit.moved` (issue 25: a rerun asked for while the page showed
  // "This task is finished" left Next refused until a reload). After the host was down, the screen is read again:
  // what was committed meanwhile reached nobody.
  const runId = screen?.screen === 'run' ? screen.run?.runId : undefined;
  useEffect(() => {
    const off = api().subscribe((e) => {
      if (e.type === 'visit.moved' || (runId && e.type === 'session.event' && e.event.sessionId === runId)) void refresh();
    });
    const offReconnect = api().onReconnect(() => void refresh());
    return () => {
      off();
      offReconnect();
    };
  }, [runId, refresh]);

  const act = useCallback(
    async (call: () => Promise<Result<ParticipantScreen>>) => {
      setBusy(true);
      setError(undefined);
      try {
        const r = await call();
        if (!r.ok) {
          setError(r.error.message);
          // The screen moved on under the page (the host says so, and says it shows where they are now): it does.
          if (r.error.code === 'conflict') void refresh();
          return;
        }
        show(r.value);
        return r.value;
      } finally {
        setBusy(false);
      }
    },
    [show, refresh],
  );

  const id = { participantId };
  const actions = {
    consent: (s: OpenScreen, agree: boolean) => act(() => api().participantConsent({ ...id, stepToken: s.stepToken, agree })),
    next: (s: OpenScreen) => act(() => api().participantNext({ ...id, stepToken: s.stepToken })),
    /** Answers, then on to the next screen (unless the answers already moved the plan on). */
    answer: async (s: OpenScreen, answers: Answers) => {
      const after = await act(() => api().participantAnswer({ ...id, stepToken: s.stepToken, answers }));
      if (after && after.screen !== 'closed' && after.stepToken === s.stepToken) await act(() => api().participantNext({ ...id, stepToken: s.stepToken }));
    },
    startRun: (s: OpenScreen) => act(() => api().participantStartRun({ ...id, stepToken: s.stepToken })),
    withdraw: (s: OpenScreen) => act(() => api().participantWithdraw({ ...id, stepToken: s.stepToken })),
    refresh,
  };
  return { screen, error, busy, actions };
}
