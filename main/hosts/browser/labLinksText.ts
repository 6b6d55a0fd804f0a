/** Lab mode's printout (pure, so its wording is tested without a host). */
export function formatLabLinks(experimenterUrl: string, studyKey: string, participants: { code: string; url: string }[], studyLink?: string): string {
  const dashboard = `${experimenterUrl}&to=${encodeURIComponent(`/dashboard?key=${encodeURIComponent(studyKey)}`)}`;
  const lines = [
    `Lab mode, study ${studyKey}.`,
    `  Dashboard (experimenter only): ${dashboard}`,
    `  Participant links (one each; a link opens only that participant's visit):`,
    ...participants.map((p) => `    ${p.code.padEnd(12)} ${p.url}`),
    participants.length === 0 && !studyLink ? '    (no invited or active participant: add some on the study page)' : '',
    studyLink ? `  Study link for the recruitment platform (one for everyone; the platform puts each person's id after the last =):\n    ${studyLink}` : '',
  ];
  return lines.filter((l) => l !== '').join('\n') + '\n\n';
}
