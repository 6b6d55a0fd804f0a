import { useEffect, useState } from 'react';
import type { z } from 'zod';
import type { judgeKeyStatusSchema } from '../../../../shared/contract/slack';
import { api } from '../../api/client';

type KeyStatus = z.infer<typeof judgeKeyStatusSchema>;

/**
 * The judge endpoint (OpenAI-compatible). The key field is write-only: the app says whether a key is stored and
 * where, and never shows it back.
 */
export function JudgeSettings() {
  const [baseUrl, setBaseUrl] = useState('');
  const [model, setModel] = useState('');
  const [panels, setPanels] = useState(false);
  const [partners, setPartners] = useState(false);
  const [key, setKey] = useState('');
  const [status, setStatus] = useState<KeyStatus | undefined>();
  const [note, setNote] = useState<string | undefined>();
  useEffect(() => {
    void api()
      .getSettings({})
      .then((r) => {
        if (r.ok) {
          setBaseUrl(r.value.judge.baseUrl);
          setModel(r.value.judge.model);
          setPanels(r.value.judge.panels);
          setPartners(r.value.livePartners);
        }
      });
    void api()
      .judgeKeyStatus({})
      .then((r) => r.ok && setStatus(r.value));
  }, []);
  const save = async () => {
    const s = await api().updateSettings({ judge: { baseUrl: baseUrl.trim(), model: model.trim(), panels }, livePartners: partners });
    if (!s.ok) return setNote(s.error.message);
    if (key.trim()) {
      const k = await api().setJudgeKey({ apiKey: key.trim() });
      if (!k.ok) return setNote(k.error.message);
      setStatus(k.value);
      setKey('');
    }
    setNote('Saved.');
  };
  const clearKey = async () => {
    const k = await api().setJudgeKey({ apiKey: null });
    if (k.ok) setStatus(k.value);
    setNote(k.ok ? 'The key was removed.' : k.error.message);
  };
  return (
    <form
      className="start-panel sk-judge-settings"
      aria-label="Judge endpoint"
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <h2>Judge endpoint</h2>
      <p className="muted small">An OpenAI-compatible chat endpoint grades answers as SlackBench does. Without one, a second researcher grades them blind.</p>
      <div className="sk-form-grid">
        <label>
          Base URL
          <input value={baseUrl} onChange={(e) => setBaseUrl(e.target.value)} placeholder="https://api.example.org/v1" aria-label="Base URL" />
        </label>
        <label>
          Model
          <input value={model} onChange={(e) => setModel(e.target.value)} placeholder="e.g. gpt-4o-mini" aria-label="Model" />
        </label>
        <label>
          API key {status?.keySet ? '(a key is stored — type to replace it)' : '(none stored)'}
          <input type="password" autoComplete="off" value={key} onChange={(e) => setKey(e.target.value)} placeholder={status?.keySet ? '••••••••' : 'paste the key'} aria-label="API key" />
        </label>
      </div>
      <label>
        <input type="checkbox" checked={panels} onChange={(e) => setPanels(e.target.checked)} /> Let study judge panels call their endpoints
        <span className="muted small"> (a team study's <code>labeller:</code> section; off: its messages are labelled by the task's rules, offline)</span>
      </label>
      <label>
        <input type="checkbox" checked={partners} onChange={(e) => setPartners(e.target.checked)} /> Let study partners call their endpoints
        <span className="muted small"> (a team study's <code>partners:</code> section; off: its partners answer with the task's scripted replies, offline)</span>
      </label>
      {status ? <p className="muted small">{status.note}</p> : null}
      <div className="sk-row-actions">
        <button className="primary" type="submit">
          Save
        </button>
        {status?.keySet ? (
          <button type="button" onClick={() => void clearKey()}>
            Remove the key
          </button>
        ) : null}
        {note ? (
          <span role="status" className="small">
            {note}
          </span>
        ) : null}
      </div>
    </form>
  );
}
