// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createClient, setApiClient } from '../../api/client';
import type { WorkspaceStatus } from '../../../../shared/contract/slack';
import type { Result } from '../../../../shared/result';
import { WorkspaceTable } from './WorkspaceTable';

afterEach(cleanup);

const base: WorkspaceStatus = {
  workspaceId: 'u.abc',
  title: 'Broken export',
  origin: 'user',
  studyKey: null,
  variant: null,
  status: 'failed',
  importId: null,
  progress: null,
  report: null,
  error: '/tmp/empty.zip: it is empty',
};
const demo: WorkspaceStatus = { ...base, workspaceId: 'slack-demo', title: 'Demo', origin: 'study', studyKey: 'built-in:slack-demo', status: 'ready', error: null };

function fakeApi(answer: Result<unknown> = { ok: true, value: { deleted: true } }) {
  const calls: [string, unknown][] = [];
  setApiClient(
    createClient({
      host: 'browser',
      invoke: async (method, args) => {
        calls.push([method, args]);
        return answer;
      },
      subscribe: () => () => {},
    }),
  );
  return calls;
}

describe('the workspaces table', () => {
  it("shows a failed import's reason and offers Delete, but not for a built-in study's workspace", () => {
    fakeApi();
    render(<WorkspaceTable workspaces={[base, demo]} onDeleted={() => {}} onError={() => {}} />);
    expect(screen.getByText('/tmp/empty.zip: it is empty')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delete Broken export' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Delete Demo' })).toBeNull();
    expect(screen.getAllByRole('button', { name: 'Open' })).toHaveLength(1);
  });

  it('asks before deleting: Keep it (or Escape) deletes nothing, Yes deletes and reports it', async () => {
    const calls = fakeApi();
    const onDeleted = vi.fn();
    render(<WorkspaceTable workspaces={[base]} onDeleted={onDeleted} onError={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: 'Delete Broken export' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete “Broken export”?' });
    expect(document.activeElement?.textContent).toBe('Keep it');
    fireEvent.click(screen.getByRole('button', { name: 'Keep it' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Delete Broken export' }));
    fireEvent.keyDown(screen.getByRole('alertdialog'), { key: 'Escape' });
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Delete Broken export' }));
    expect(calls).toEqual([]);
    expect(dialog).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Delete Broken export' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, delete' }));
    await waitFor(() => expect(onDeleted).toHaveBeenCalledWith('u.abc'));
    expect(calls).toEqual([['slackDeleteWorkspace', { workspaceId: 'u.abc' }]]);
  });

  it("shows main's refusal", async () => {
    fakeApi({ ok: false, error: { code: 'conflict', message: 'in use by 1 unanswered query run(s) (P01)' } });
    const onError = vi.fn();
    render(<WorkspaceTable workspaces={[{ ...base, status: 'ready' }]} onDeleted={() => {}} onError={onError} />);
    fireEvent.click(screen.getByRole('button', { name: 'Delete Broken export' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, delete' }));
    await waitFor(() => expect(onError).toHaveBeenCalledWith('in use by 1 unanswered query run(s) (P01)'));
  });
});
