import { bundleFacts } from './bundleFacts.js';
import { designSection, labellerSection } from './design.js';
import { SectionBuilder, type MethodsDoc } from './doc.js';
import { participantsSection } from './participants.js';
import { methodsLatex, methodsMarkdown } from './render.js';
import { resultsSection, scoringSection, timeSection } from './results.js';

/**
 * A methods-and-results text a paper can start from, derived from a study bundle alone (path → UTF-8 text of its
 * files): participants, design and ordering, tasks and versions, the labeller and its validated accuracy, time on
 * task, the scoring rule and bootstrap, and the headline numbers with intervals. Every number names the file and
 * field it was read from; what the bundle does not hold is said in words, never filled in. Pure and host-agnostic:
 * the bundle writer, `npm run merge` and `npm run methods` all call it.
 */
export const METHODS_MD = 'methods.md';
export const METHODS_TEX = 'methods.tex';

export function methodsDoc(files: ReadonlyMap<string, string>): MethodsDoc {
  const facts = bundleFacts(files);
  const study = facts.manifest?.study_id;
  const sections = [
    participantsSection(facts),
    designSection(facts),
    labellerSection(facts),
    timeSection(facts),
    scoringSection(facts),
    resultsSection(facts),
  ];
  if (facts.unread.length) {
    const s = new SectionBuilder('Not read');
    s.t(
      `Parts of the bundle could not be read, and the text above leaves them out: ${facts.unread.join(' ')}`,
    );
    sections.push(s.done());
  }
  return { title: study ? `Methods and results: ${study}` : 'Methods and results', sections };
}

/** The text as methods.md and methods.tex (a LaTeX fragment to \input). */
export function methodsFiles(files: ReadonlyMap<string, string>): { markdown: string; latex: string } {
  const doc = methodsDoc(files);
  return { markdown: methodsMarkdown(doc), latex: methodsLatex(doc) };
}
