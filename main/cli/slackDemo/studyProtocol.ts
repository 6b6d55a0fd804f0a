// The protocol section of the Slack demo's study.yaml (studies/FORMAT-study.md), appended by generate.ts.
export const SLACK_DEMO_PROTOCOL = `# Runnable as a study: each participant answers 4 of the 8 counted queries (one per category; the two halves
# alternate across participants) in a Williams-design order, after one practice query. See FORMAT-study.md.
protocol:
  seed: 20240902
  participants:
    generate: { pattern: "P{nn}", count: 4 }
  queries: [as-riverside-monitor, ha-paper-reviews, su-hr07-decision, ci-ben-end-of-year, as-learning-rate, ha-gpu-model, su-northgate-outage, ci-riverside-humidity]
  queries_per_participant: 4
  ordering: latin_square
  screens:
    consent:
      text: >-
        You are invited to take part in a study of how people find information in a team's chat workspace. You will
        answer five questions (one for practice) by searching a Slack-like workspace, a code repository and two
        documents, then answer a few questions about the study. It takes about 60 minutes. We record your searches,
        what you open and your answers, under a code, never your name. Taking part is voluntary: you may stop at any
        time, and you can withdraw your data at the end.
      checkbox: I have read the information above and agree to take part.
    instructions:
      text: >-
        Each task is one question about the work of a small research team. Search and read the workspace, then write
        your answer and submit it. Answer only from what you find; if the workspace does not hold the answer, say so.
        The first question is a practice and does not count.
    practice: { query: as-library-permit }
    breaks: { every: 2, seconds: 120 }
    time_limit: { seconds: 1200, warning_seconds: 120 }
    questionnaire:
      questions:
        - { id: difficulty, kind: likert, text: "Finding the answers was difficult.", points: 7, anchors: [Strongly disagree, Strongly agree] }
        - { id: slack_use, kind: choice, text: "How often do you use Slack or a similar team chat at work?", choices: [Daily, Weekly, Rarely, Never] }
        - { id: comments, kind: text, text: "Anything else you would like to tell us?" }
    debrief:
      text: >-
        Thank you. The team, its people, messages, code and documents are all invented for this study. Some
        questions had no answer in the workspace on purpose, to see whether people say so rather than guess, and
        for some questions a few messages were changed from what other participants saw. We did not say this
        beforehand because it would have changed how you searched. We compare how people answer with how AI models
        answer the same questions.
      withdrawal: >-
        Now that you know this, you may withdraw: your answers will then not be used, and the experimenter can
        erase them.
    completion: { code: SLACKDEMO-3K8R, text: "Thank you for taking part. If you were recruited online, enter this completion code:" }
`;
