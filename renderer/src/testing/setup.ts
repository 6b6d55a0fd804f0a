export {};
// Vitest setup for every test file (vite.config.ts). Component tests wait for state with findBy/waitFor; Testing
// Library's default gives up after 1 s, which is a time budget, not a state: on a loaded 2-core CI machine a render
// that takes longer failed a run now and then. The suite's own timeout (20 s per test) is the bound instead.
if (typeof window !== 'undefined') {
  const { configure } = await import('@testing-library/react');
  configure({ asyncUtilTimeout: 15_000 });
}
