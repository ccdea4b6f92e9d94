import { useId } from 'react';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import countiesTopology from 'us-atlas/counties-10m.json';

// Iowa's 99 counties from the kept us-atlas shapes (no tile server), drawn on the server as SVG and
// shaded by a count. The projection is a plain equirectangular one scaled by cos(42°), which for a
// state of Iowa's size is close to what a map reader expects.

const WIDTH = 720;
const LAT0 = (42 * Math.PI) / 180;
type Ring = [number, number][];

type CountyShape = { fips: string; name: string; d: string };

let cached: { shapes: CountyShape[]; height: number } | null = null;

function iowaShapes() {
  if (cached) return cached;
  const topo = countiesTopology as unknown as Topology<{ counties: GeometryCollection<{ name: string }> }>;
  const fc = feature(topo, topo.objects.counties);
  const iowa = fc.features.filter((f) => String(f.id).startsWith('19'));
  const polygons = (g: (typeof iowa)[number]['geometry']): Ring[][] =>
    g.type === 'Polygon' ? [g.coordinates as Ring[]] : g.type === 'MultiPolygon' ? (g.coordinates as Ring[][]) : [];
  let minX = Infinity, maxX = -Infinity, minY = Infinity, maxY = -Infinity;
  const project = ([lon, lat]: [number, number]): [number, number] => [lon * Math.cos(LAT0), -lat];
  for (const f of iowa) for (const poly of polygons(f.geometry)) for (const ring of poly) for (const pt of ring) {
    const [x, y] = project(pt);
    minX = Math.min(minX, x); maxX = Math.max(maxX, x); minY = Math.min(minY, y); maxY = Math.max(maxY, y);
  }
  const scale = (WIDTH - 4) / (maxX - minX);
  const height = Math.ceil((maxY - minY) * scale) + 4;
  const shapes = iowa.map((f) => {
    const d = polygons(f.geometry)
      .flatMap((poly) => poly.map((ring) => `M${ring.map((pt) => {
        const [x, y] = project(pt);
        return `${((x - minX) * scale + 2).toFixed(1)},${((y - minY) * scale + 2).toFixed(1)}`;
      }).join('L')}Z`))
      .join('');
    return { fips: String(f.id), name: f.properties?.name ?? String(f.id), d };
  });
  cached = { shapes: shapes.sort((a, b) => a.name.localeCompare(b.name)), height };
  return cached;
}

// Light to dark; the darkest classes hold the most. Every class differs from its neighbour.
const SHADES = ['#f0f0f0', '#cfe8ff', '#73b3e7', '#2378c3', '#0b4778'];

function shadeOf(n: number, max: number): number {
  if (n <= 0 || max <= 0) return 0;
  return Math.min(4, Math.max(1, Math.ceil((n / max) * 4)));
}

type Props = { title: string; summary: string; counts: Map<string, number>; what: string };

export function IowaCountyMap({ title, summary, counts, what }: Props) {
  const id = useId();
  const { shapes, height } = iowaShapes();
  const max = Math.max(0, ...counts.values());
  const listed = shapes.filter((s) => (counts.get(s.fips) ?? 0) > 0).sort((a, b) => (counts.get(b.fips) ?? 0) - (counts.get(a.fips) ?? 0) || a.name.localeCompare(b.name));
  return (
    <figure className="margin-x-0 margin-y-2">
      <svg viewBox={`0 0 ${WIDTH} ${height}`} width="100%" role="img" aria-labelledby={`${id}-t ${id}-d`} style={{ maxWidth: `${WIDTH}px` }}>
        <title id={`${id}-t`}>{title}</title>
        <desc id={`${id}-d`}>{summary}</desc>
        {shapes.map((s) => {
          const n = counts.get(s.fips) ?? 0;
          return (
            <path key={s.fips} d={s.d} fill={SHADES[shadeOf(n, max)]} stroke="#565c65" strokeWidth={0.6}>
              <title>{`${s.name} County: ${n} ${what}`}</title>
            </path>
          );
        })}
      </svg>
      <ul className="usa-list usa-list--unstyled display-flex flex-wrap" aria-hidden="true">
        <li className="margin-right-3"><span style={{ display: 'inline-block', width: 12, height: 12, background: SHADES[0], border: '1px solid #565c65', marginRight: 6 }} />None</li>
        {max > 0 ? <li className="margin-right-3"><span style={{ display: 'inline-block', width: 12, height: 12, background: SHADES[1], border: '1px solid #565c65', marginRight: 6 }} />Fewest</li> : null}
        {max > 1 ? <li><span style={{ display: 'inline-block', width: 12, height: 12, background: SHADES[4], border: '1px solid #565c65', marginRight: 6 }} />Most ({max})</li> : null}
      </ul>
      <table className="usa-table usa-table--borderless usa-table--compact">
        <caption>{title}: counties with any ({listed.length} of 99; every other county has none)</caption>
        <thead>
          <tr>
            <th scope="col">County</th>
            <th scope="col">{what.charAt(0).toUpperCase() + what.slice(1)}</th>
          </tr>
        </thead>
        <tbody>
          {listed.length ? listed.map((s) => (
            <tr key={s.fips}>
              <th scope="row">{s.name}</th>
              <td>{counts.get(s.fips)}</td>
            </tr>
          )) : (
            <tr><td colSpan={2}>No county has any.</td></tr>
          )}
        </tbody>
      </table>
    </figure>
  );
}
