import { afterEach, beforeEach } from 'vitest';
import { createTestApp } from '../testing/testApp.js';
import { makeTempDir } from '../testing/tempDir.js';
import { writeBetweenStudy, type TestApp } from './study.testing.js';

/**
 * Each test gets a fresh data folder holding the between study, and an app over it; `use` hands both to the test
 * file. The app is closed (its imports and checks stopped) before the folder is removed. Vitest only: kept out of
 * study.testing.ts, which the benches bundle.
 */
export function eachTestBetweenStudy(use: (tmp: ReturnType<typeof makeTempDir>, app: TestApp) => void): void {
  let tmp: ReturnType<typeof makeTempDir>;
  let app: TestApp;
  beforeEach(() => {
    tmp = makeTempDir();
    writeBetweenStudy(tmp.dir);
    app = createTestApp(tmp.dir);
    use(tmp, app);
  });
  afterEach(async () => {
    await app.close();
    tmp.cleanup();
  });
}
