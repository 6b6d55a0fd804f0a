import { useEffect, useRef, useState } from 'react';
import type { ComparisonView } from '../../../shared/contract/comparison';
import { chartSpec, type ChartId } from './charts';
import { download, pngBlob, svgOf, svgText } from './exportChart';

/** One chart: the Plot spec rendered once into the page, and exports of that same element (SVG, PNG) and its table. */
export function ChartFigure(p: {
  id: ChartId;
  view: ComparisonView;
  title: string;
  caption: string;
  csv: () => string;
  file: string;
}) {
  const holder = useRef<HTMLDivElement>(null);
  const [problem, setProblem] = useState<string | undefined>();
  useEffect(() => {
    const el = chartSpec(p.id, p.view, document);
    const svg = svgOf(el);
    svg?.setAttribute('role', 'img');
    // The <svg> is one image with one label (the data is in the table and the CSV): Plot's per-mark labels on <g>
    // elements without a role are not allowed there.
    svg?.querySelectorAll('[aria-label]').forEach((g) => g.removeAttribute('aria-label'));
    svg?.setAttribute('aria-label', `${p.title}. ${p.caption}`);
    holder.current?.replaceChildren(el);
  }, [p.id, p.view, p.title, p.caption]);

  const svg = () => {
    const el = holder.current ? svgOf(holder.current) : null;
    if (!el) setProblem('The chart is not drawn yet.');
    return el;
  };
  const titleId = `chart-${p.id}-title`;
  return (
    <figure className="cmp-figure" aria-labelledby={titleId} data-chart={p.id}>
      <div className="section-head">
        <h2 id={titleId}>{p.title}</h2>
        <span className="cmp-exports" role="group" aria-label={`Export ${p.title}`}>
          <button
            onClick={() => {
              const el = svg();
              if (el) download(`${p.file}.svg`, svgText(el), 'image/svg+xml');
            }}
          >
            SVG
          </button>
          <button
            onClick={() => {
              const el = svg();
              if (el)
                void pngBlob(el).then(
                  (blob) => download(`${p.file}.png`, blob),
                  (e: Error) => setProblem(e.message),
                );
            }}
          >
            PNG
          </button>
          <button onClick={() => download(`${p.file}.csv`, p.csv())}>CSV</button>
        </span>
      </div>
      {problem ? (
        <p className="banner banner-error" role="alert">
          {problem}
        </p>
      ) : null}
      <div className="cmp-chart" ref={holder} />
      <figcaption className="muted small">{p.caption}</figcaption>
    </figure>
  );
}
