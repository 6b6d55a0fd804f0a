import type { ShownItem } from './types';
import { words } from './format';

/** What the judges saw: the conversation so far, then the message to label, marked. */
export function ItemCard({ item, tag = 'Label this message' }: { item: ShownItem; tag?: string }) {
  if (item.kind === 'verdict') {
    return (
      <div className="lab-item">
        <p className="lab-dimension">Query category: {item.category}</p>
        <dl className="lab-verdict">
          <dt>Query</dt>
          <dd>{item.query}</dd>
          <dt>Reference answer</dt>
          <dd>{item.reference}</dd>
          {item.guideline ? (
            <>
              <dt>Grading guideline</dt>
              <dd>{item.guideline}</dd>
            </>
          ) : null}
          <dt>Answer to judge</dt>
          <dd className="lab-target">{item.answer}</dd>
        </dl>
      </div>
    );
  }
  return (
    <div className="lab-item">
      <p className="lab-dimension">Dimension: {words(item.dimension)}</p>
      <ol className="lab-chat" aria-label="Conversation">
        {item.context.map((m, i) => (
          <li key={i} className="lab-line">
            <span className="lab-seat">{m.seat}</span> {m.text}
          </li>
        ))}
        <li className="lab-line lab-target" aria-label="Message to label">
          <span className="lab-target-tag">{tag}</span>
          <span className="lab-seat">{item.message.seat}</span> {item.message.text}
        </li>
      </ol>
    </div>
  );
}

const VERDICT_DEFINITIONS: Record<string, string> = {
  YES: 'The answer gives the reference’s key information (or, for abstention queries, abstains and names the reason).',
  NO: 'The answer misses or contradicts the reference’s key information.',
};

export function labelDefinitions(item: ShownItem): { label: string; definition: string }[] {
  return item.kind === 'message'
    ? item.labels
    : ['YES', 'NO'].map((label) => ({ label, definition: VERDICT_DEFINITIONS[label] ?? '' }));
}

export function LabelChoices(props: {
  item: ShownItem;
  selected: string | undefined;
  onSelect(label: string): void;
  disabled?: boolean;
}) {
  return (
    <div className="lab-choices" role="radiogroup" aria-label="Labels">
      {labelDefinitions(props.item).map((l, i) => (
        <button
          key={l.label}
          role="radio"
          aria-checked={props.selected === l.label}
          className={`lab-choice${props.selected === l.label ? ' lab-chosen' : ''}`}
          onClick={() => props.onSelect(l.label)}
          disabled={props.disabled}
        >
          <kbd>{i + 1}</kbd>
          <span className="lab-choice-text">
            <strong>{words(l.label)}</strong>
            <span className="lab-definition">{l.definition}</span>
          </span>
        </button>
      ))}
    </div>
  );
}
