// @vitest-environment jsdom
import { getConfig } from '@testing-library/react';
import { expect, it } from 'vitest';

// The setup file is what keeps findBy/waitFor from failing on a slow machine: check that it applied.
it('gives component tests a state wait bounded by the test timeout, not Testing Library’s 1 s default', () => {
  expect(getConfig().asyncUtilTimeout).toBe(15_000);
});
