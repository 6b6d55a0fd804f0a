import { useEffect, useRef, useState } from 'react';
import type { ComparisonView } from '../../../shared/contract/comparison';
import type { FigureText } from '../../../shared/comparison/figures';
import { chartSpec, type ChartId } from './charts';
import { download, pdfBlob, pngBlob, svgOf, svgText } from './exportChart';
import { figureSvg } from './figureSvg';

/**
 * One figure: the Plot chart with its title, legend, sources and caption laid into one <svg> (figureSvg.ts), rendered
 * once into the page; SVG, PNG (300 dpi) and PDF are made from that same element, the CSV from its table (every row).
 */
export function ChartFigure(p: {
  id: ChartId;
  view: ComparisonView;
  text: FigureText;
  /** The CSV of every row of the figure's table (asked of the host), or undefined when it could not be made. */
  csv: () => Promise<string | undefined>;
  file: string;
}) {
  const holder = useRef<HTMLDivElement>(null);
  const [problem, setProblem] = useState<string | undefined>();
  const { title, caption } = p.text;
  useEffect(() => {
    const chart = svgOf(chartSpec(p.id, p.view, document));
    if (!chart) return;
    // The <svg> is one image with one label (the data is in the table and the CSV): Plot's per-mark labels on <g>
    // elements without a role are not allowed there.
    chart.querySelectorAll('[aria-label]').forEach((g) => g.removeAttribute('aria-label'));
    const svg = figureSvg(document, chart, p.text);
    svg.setAttribute('role', 'img');
    svg.setAttribute('aria-label', `${title}. ${caption}`);
    holder.current?.replaceChildren(svg);
  }, [p.id, p.view, p.text, title, caption]);

  const svg = () => {
    const el = holder.current ? svgOf(holder.current) : null;
    if (!el) setProblem('The chart is not drawn yet.');
    return el;
  };
  const save = (ext: 'png' | 'pdf') => {
    const el = svg();
    if (!el) return;
    void (ext === 'png' ? pngBlob(el) : pdfBlob(el, title)).then(
      (blob) => download(`${p.file}.${ext}`, blob),
      (e: Error) => setProblem(e.message),
    );
  };
  const titleId = `chart-${p.id}-title`;
  return (
    <figure className="cmp-figure" aria-labelledby={titleId} data-chart={p.id}>
      <div className="section-head">
        {/* The figure draws its own title (it travels with every export); the heading is for reading order. */}
        <h2 id={titleId} className="sr-only">
          {title}
        </h2>
        <span className="cmp-exports" role="group" aria-label={`Export ${title}`}>
          <button
            onClick={() => {
              const el = svg();
              if (el) download(`${p.file}.svg`, svgText(el), 'image/svg+xml');
            }}
          >
            SVG
          </button>
          <button onClick={() => save('png')}>PNG</button>
          <button onClick={() => save('pdf')}>PDF</button>
          <button
            onClick={() =>
              void p.csv().then(
                (text) => text !== undefined && download(`${p.file}.csv`, text),
                (e: Error) => setProblem(e.message),
              )
            }
          >
            CSV
          </button>
        </span>
      </div>
      {problem ? (
        <p className="banner banner-error" role="alert">
          {problem}
        </p>
      ) : null}
      <div className="cmp-chart" ref={holder} />
    </figure>
  );
}
