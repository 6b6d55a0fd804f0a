/**
 * Replayed datasets carry their actions as chat turns: CaSiNo's `Submit-Deal`, `Accept-Deal`, `Reject-Deal` and
 * `Walk-Away`. The transcript keeps the token as the dataset has it (a model in the seat sees the same); the chat
 * shows what it means, as an event line, instead of a teammate "saying" the token.
 */
const MEANINGS: Readonly<Record<string, string>> = {
  'submit-deal': 'proposed a deal',
  'accept-deal': 'accepted the deal',
  'reject-deal': 'rejected the deal',
  'walk-away': 'walked away from the negotiation',
};

/** "Hal proposed a deal" when the message is exactly a dataset action token, otherwise null. */
export function datasetActionLine(from: string, text: string): string | null {
  const meaning = MEANINGS[text.trim().toLowerCase()];
  return meaning ? `${from} ${meaning}` : null;
}
