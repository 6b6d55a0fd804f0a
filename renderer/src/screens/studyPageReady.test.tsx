// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { StudyPageReady, useStudySectionLoading } from './studyPageReady';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function Section({ name, loading }: { name: string; loading: boolean }) {
  useStudySectionLoading(loading);
  return <button>{name}</button>;
}

const sections = () => screen.getByRole('button', { name: 'Browse' }).closest('.study-sections')!;

describe('the study page is shown once its sections have loaded', () => {
  it('hides every section while one is still reading, shows them all when the last answers, and keeps them shown', () => {
    const page = (a: boolean, b: boolean) => (
      <StudyPageReady>
        <Section name="Participants" loading={a} />
        <Section name="Browse" loading={b} />
      </StudyPageReady>
    );
    const { rerender } = render(page(true, true));
    // Hidden from the first paint on, with a line saying why.
    expect(sections().className).toContain('study-sections-loading');
    expect(screen.getByRole('status').textContent).toBe('Loading the study…');
    rerender(page(false, true));
    expect(sections().className).toContain('study-sections-loading');
    rerender(page(false, false));
    expect(sections().className).not.toContain('study-sections-loading');
    expect(screen.queryByRole('status')).toBeNull();
    // A section reading again later does not hide the page under the researcher's pointer.
    rerender(page(true, false));
    expect(sections().className).not.toContain('study-sections-loading');
  });

  it('shows the page after a while even if a section never answers', () => {
    vi.useFakeTimers();
    render(
      <StudyPageReady>
        <Section name="Browse" loading />
      </StudyPageReady>,
    );
    expect(sections().className).toContain('study-sections-loading');
    act(() => void vi.advanceTimersByTime(3000));
    expect(sections().className).not.toContain('study-sections-loading');
  });

  it('a section outside the page (no provider) is not affected', () => {
    render(<Section name="Browse" loading />);
    expect(screen.getByRole('button', { name: 'Browse' })).toBeTruthy();
  });
});
