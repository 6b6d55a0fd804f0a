import { useEffect, useState } from 'react';
import type { Settings } from '../../../shared/settings';
import { api } from '../api/client';
import { useApp } from '../state/appStore';
import { JudgeSettings } from '../slack/admin/JudgeSettings';

/** Settings a researcher changes between studies; each change is saved (and validated) by the main side. */
export function SettingsScreen() {
  const goHome = useApp((s) => s.goHome);
  const [settings, setSettings] = useState<Settings | undefined>();
  const [status, setStatus] = useState<string | undefined>();
  useEffect(() => {
    void api()
      .getSettings({})
      .then((r) => r.ok && setSettings(r.value));
  }, []);
  if (!settings) return <p className="muted">Loading settings…</p>;
  const save = async (patch: Partial<Pick<Settings, 'typingDelayMs' | 'participantPrefix'>>) => {
    const r = await api().updateSettings(patch);
    if (r.ok) {
      setSettings(r.value);
      setStatus('Saved.');
    } else setStatus(r.error.message);
  };
  return (
    <section aria-labelledby="settings-title" className="settings">
      <button className="link back" onClick={goHome}>
        ← Study library
      </button>
      <h1 id="settings-title">Settings</h1>
      <form
        className="settings-form"
        onSubmit={(e) => {
          e.preventDefault();
          const data = new FormData(e.currentTarget);
          void save({ typingDelayMs: Number(data.get('typingDelayMs')), participantPrefix: String(data.get('participantPrefix')) });
        }}
      >
        <label>
          Teammate typing delay (milliseconds)
          <input name="typingDelayMs" type="number" min={0} max={10000} step={100} defaultValue={settings.typingDelayMs} />
          <span className="muted small">How long a teammate appears to type before each line shows. 0 shows lines at once.</span>
        </label>
        <label>
          Participant id prefix
          <input name="participantPrefix" maxLength={16} defaultValue={settings.participantPrefix} />
          <span className="muted small">Pre-fills the participant id when a session is started, e.g. P → P01.</span>
        </label>
        <button className="primary" type="submit">
          Save
        </button>
        {status ? (
          <span role="status" className="small">
            {status}
          </span>
        ) : null}
      </form>
      <h2>LLM judge endpoint</h2>
      <p className="muted small">Used to grade SlackBench answers (and, later, by the LLM labelling panel).</p>
      <JudgeSettings />
    </section>
  );
}
