// A bar chart of a figure's table (decision 081), drawn by uPlot (about 22 kB gzipped) in a chunk of its own that only
// the figures screen loads. The canvas is decoration for sighted readers: the same figures are in the block's
// one-sentence summary and its table view. A hidden count ("<5") is drawn as no bar.
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

interface Props {
  labels: string[];
  series: { name: string; values: (number | null)[] }[];
}

const COLOURS = ['#1f5f8b', '#c2571a', '#4f7d2c', '#7a3f8f', '#8b6b1f'];

export default function FigureChart({ labels, series }: Props) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const width = Math.max(280, element.clientWidth);
    const bars = uPlot.paths.bars!({ size: [0.7 / Math.max(1, series.length), 60] });
    const chart = new uPlot(
      {
        width,
        height: 220,
        legend: { show: series.length > 1 },
        cursor: { show: false },
        scales: { x: { time: false } },
        axes: [{ values: (_u, ticks) => ticks.map((tick) => labels[tick] ?? '') }, {}],
        series: [
          {},
          ...series.map((one, index) => ({
            label: one.name,
            stroke: COLOURS[index % COLOURS.length],
            fill: `${COLOURS[index % COLOURS.length]}cc`,
            paths: bars,
            points: { show: false },
          })),
        ],
      },
      [labels.map((_, index) => index), ...series.map((one) => one.values)],
      element,
    );
    // Follows the block's width (the window narrowed to 768 px, a side panel).
    const resized = new ResizeObserver(() => chart.setSize({ width: Math.max(280, element.clientWidth), height: 220 }));
    resized.observe(element);
    return () => {
      resized.disconnect();
      chart.destroy();
    };
  }, [labels, series]);
  return <div ref={box} className="staff-figure__chart" aria-hidden="true" />;
}
