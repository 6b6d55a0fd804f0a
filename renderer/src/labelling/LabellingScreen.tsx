export function LabellingScreen(_props: { studyKey: string; rater: string }) {
  return null;
}
