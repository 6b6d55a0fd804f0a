import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { isStationId, newStationIdFrom } from '../../shared/study/codes.js';

const STATION_FILE = 'station-id';

/**
 * This data folder's station id, made once and kept: every generated participant code carries it, so two lab
 * machines never both make `P01`. A damaged file is replaced, never guessed from.
 */
export function stationId(dataDir: string): string {
  const file = path.join(dataDir, STATION_FILE);
  try {
    const kept = fs.readFileSync(file, 'utf8').trim();
    if (isStationId(kept)) return kept;
  } catch {
    // Not made yet.
  }
  const id = newStationIdFrom(crypto.randomBytes(4));
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(file, `${id}\n`);
  return id;
}
