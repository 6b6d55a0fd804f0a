// @vitest-environment jsdom
import { useRef } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useSearchShortcut } from './useSearchShortcut';

afterEach(cleanup);

function Screen({ dialog = false }: { dialog?: boolean }) {
  const ref = useRef<HTMLInputElement>(null);
  useSearchShortcut(ref);
  return (
    <div>
      <input ref={ref} aria-label="Search messages" defaultValue="old query" />
      <textarea aria-label="Notes" />
      <button>Channel</button>
      {dialog ? <div role="dialog" aria-modal="true" /> : null}
    </div>
  );
}

const search = () => screen.getByLabelText('Search messages') as HTMLInputElement;

describe('the search shortcut', () => {
  it('Ctrl+K and Cmd+K focus search from anywhere, selecting what is there', () => {
    render(<Screen />);
    screen.getByLabelText('Notes').focus();
    const e = fireEvent.keyDown(document.activeElement!, { key: 'k', ctrlKey: true });
    expect(e).toBe(false); // the browser's own Ctrl+K is kept from running
    expect(document.activeElement).toBe(search());
    expect([search().selectionStart, search().selectionEnd]).toEqual([0, 'old query'.length]);
    screen.getByRole('button', { name: 'Channel' }).focus();
    fireEvent.keyDown(document.activeElement!, { key: 'K', metaKey: true });
    expect(document.activeElement).toBe(search());
  });

  it('/ focuses search when the person is not typing, and types a slash when they are', () => {
    render(<Screen />);
    screen.getByRole('button', { name: 'Channel' }).focus();
    fireEvent.keyDown(document.activeElement!, { key: '/' });
    expect(document.activeElement).toBe(search());
    const notes = screen.getByLabelText('Notes');
    notes.focus();
    expect(fireEvent.keyDown(notes, { key: '/' })).toBe(true);
    expect(document.activeElement).toBe(notes);
  });

  it('does not reach behind an open dialog', () => {
    render(<Screen dialog />);
    screen.getByRole('button', { name: 'Channel' }).focus();
    fireEvent.keyDown(document.activeElement!, { key: 'k', ctrlKey: true });
    fireEvent.keyDown(document.activeElement!, { key: '/' });
    expect(document.activeElement).not.toBe(search());
  });
});
