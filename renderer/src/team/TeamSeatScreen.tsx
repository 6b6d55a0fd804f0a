export function TeamSeatScreen(_props: { sessionId: string }) {
  return null;
}
