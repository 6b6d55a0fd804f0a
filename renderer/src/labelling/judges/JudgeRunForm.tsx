import { useState } from 'react';
import type { AppError } from '../../../../shared/result';
import { api } from '../../api/client';
import type { JudgeRunsView } from './types';

/** Starts a judge run: a prompt version (name + template) sent to one endpoint and model over every item. */
export function JudgeRunForm({ studyKey, view, onStarted }: { studyKey: string; view: JudgeRunsView; onStarted(): void }) {
  const [promptVersion, setVersion] = useState('');
  const [template, setTemplate] = useState(view.defaultTemplate);
  const [baseUrl, setBaseUrl] = useState(view.endpoint.baseUrl);
  const [model, setModel] = useState(view.endpoint.model);
  const [concurrency, setConcurrency] = useState(4);
  const [error, setError] = useState<AppError>();
  const [busy, setBusy] = useState(false);
  const known = view.versions.find((v) => v.promptVersion === promptVersion.trim());

  return (
    <form
      className="jv-form"
      aria-labelledby="jv-form-title"
      onSubmit={(e) => {
        e.preventDefault();
        setBusy(true);
        setError(undefined);
        void api()
          .startJudgeRun({ studyKey, promptVersion: promptVersion.trim(), template, baseUrl: baseUrl.trim(), model: model.trim(), concurrency })
          .then((r) => {
            setBusy(false);
            if (r.ok) onStarted();
            else setError(r.error);
          });
      }}
    >
      <h2 id="jv-form-title">Run judges</h2>
      <div className="jv-fields">
        <label>
          Prompt version
          <input value={promptVersion} onChange={(e) => setVersion(e.target.value)} placeholder="e.g. v1" required pattern="[A-Za-z0-9][A-Za-z0-9._\-]{0,39}" />
        </label>
        <label>
          Endpoint base URL
          <input value={baseUrl} onChange={(e) => setBaseUrl(e.target.value)} placeholder="http://127.0.0.1:8080/v1" required />
        </label>
        <label>
          Model
          <input value={model} onChange={(e) => setModel(e.target.value)} required />
        </label>
        <label>
          Requests at once
          <input type="number" min={1} max={16} value={concurrency} onChange={(e) => setConcurrency(Math.max(1, Math.min(16, Number(e.target.value) || 1)))} />
        </label>
      </div>
      {view.versions.length ? (
        <p className="small">
          Start from a version:{' '}
          {view.versions.map((v) => (
            <span key={v.promptVersion}>
              <button type="button" className="link" onClick={() => (setVersion(v.promptVersion), setTemplate(v.template))}>
                {v.promptVersion}
              </button>
              {' · '}
            </span>
          ))}
          <button type="button" className="link" onClick={() => setTemplate(view.defaultTemplate)}>
            our default
          </button>
        </p>
      ) : null}
      <label className="jv-template">
        Prompt template ({'{{task_context}} {{conversation}} {{message}} {{labels}} {{label_ids}}'}; the team panel’s)
        <textarea value={template} onChange={(e) => setTemplate(e.target.value)} rows={12} spellCheck={false} />
      </label>
      <p className="muted small">
        The API key is the one in Settings ({view.endpoint.keySet ? 'set' : 'none set: requests go without a key, as a local server expects'}); it is never
        stored with a run. {known ? `Version ${known.promptVersion} already names a template (hash ${known.templateHash.slice(0, 12)}); a changed template needs a new name.` : ''}
      </p>
      {error ? (
        <p className="error-text" role="alert">
          {error.message}
        </p>
      ) : null}
      <button type="submit" className="primary" disabled={busy || !promptVersion.trim()}>
        Run judges over every item
      </button>
    </form>
  );
}
