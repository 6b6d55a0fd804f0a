// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { Markdown } from './Markdown';

afterEach(cleanup);

describe('Markdown documents', () => {
  it('renders headings, lists, tables and emphasis as elements', () => {
    const { container } = render(
      <Markdown source={'# Plan\n\nText with **bold** and `code`.\n\n- one\n- two\n\n| site | monitor |\n|---|---|\n| RV-02 | Palas Fidas 200 |'} />,
    );
    expect(container.querySelector('h2')?.textContent).toBe('Plan');
    expect(container.querySelector('strong')?.textContent).toBe('bold');
    expect(container.querySelectorAll('li').length).toBe(2);
    expect(container.querySelector('td')?.textContent).toBe('RV-02');
    expect(container.querySelectorAll('tbody td')[1]?.textContent).toBe('Palas Fidas 200');
  });

  it('shows embedded HTML as text and leaves javascript: links dead', () => {
    const { container } = render(<Markdown source={'<script>alert(1)</script> <img src=x onerror=alert(2)>\n\n[click](javascript:alert(3)) [ok](https://example.org)'} />);
    expect(container.querySelector('script, img')).toBeNull();
    expect(container.textContent).toContain('<script>alert(1)</script>');
    const links = container.querySelectorAll('a');
    expect(links.length).toBe(1);
    expect(links[0]?.getAttribute('href')).toBe('https://example.org');
  });
});
