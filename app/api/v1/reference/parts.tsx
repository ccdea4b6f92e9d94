import type { FieldRow, OperationView, ReferenceView, TypeText } from '@/lib/api/reference-view';

/** A type in words; a named schema links to its section below. */
export function TypeLink({ type }: { type: TypeText }) {
  if (!type.ref) return <>{type.text}</>;
  const [before, after] = splitOnce(type.text, type.ref);
  return (
    <>
      {before}
      <a href={`#schema-${type.ref}`}>{type.ref}</a>
      {after}
    </>
  );
}

function splitOnce(text: string, word: string): [string, string] {
  const at = text.indexOf(word);
  return at < 0 ? [text, ''] : [text.slice(0, at), text.slice(at + word.length)];
}

const METHOD_CLASS: Record<string, string> = { GET: 'mmp-api-method mmp-api-method--get', POST: 'mmp-api-method mmp-api-method--post' };
const INDENT = ['', 'mmp-api-indent-1', 'mmp-api-indent-2', 'mmp-api-indent-3'];

export function OperationSection({ op }: { op: OperationView }) {
  return (
    <section className="mmp-api-operation" aria-labelledby={op.id}>
      <h3 id={op.id}>{op.summary}</h3>
      <p className="mmp-api-endpoint">
        <span className={METHOD_CLASS[op.method] ?? 'mmp-api-method'}>{op.method}</span> <code>{op.path}</code>
      </p>
      {op.description ? <p>{op.description}</p> : null}
      <p className="font-sans-xs text-base">
        {op.tokenNeeded ? 'Needs a token.' : 'No token needed.'} Operation id <code>{op.id}</code>
      </p>
      {op.parameters.length ? (
        <table className="usa-table usa-table--borderless usa-table--compact width-full">
          <caption>Parameters</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">In</th>
              <th scope="col">Type</th>
              <th scope="col">Description</th>
            </tr>
          </thead>
          <tbody>
            {op.parameters.map((p) => (
              <tr key={`${p.in}-${p.name}`}>
                <th scope="row">
                  <code>{p.name}</code>
                  {p.required ? ' (required)' : ''}
                </th>
                <td>{p.in}</td>
                <td>
                  <TypeLink type={p.type} />
                </td>
                <td>
                  {p.description ?? ''}
                  {p.example ? (
                    <>
                      {p.description ? ' ' : ''}e.g. <code>{p.example}</code>
                    </>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {op.body ? (
        <>
          <p>
            Body{op.body.required ? ' (required)' : ''}: <code>{op.body.mediaType}</code>, <TypeLink type={op.body.type} />
          </p>
          {op.body.example ? (
            <>
              <p className="margin-bottom-05">Example</p>
              <pre className="mmp-api-example" tabIndex={0} aria-label={`Example body for ${op.summary}`}>
                <code>{op.body.example}</code>
              </pre>
            </>
          ) : null}
        </>
      ) : null}
      <table className="usa-table usa-table--borderless usa-table--compact width-full">
        <caption>Answers</caption>
        <thead>
          <tr>
            <th scope="col">Status</th>
            <th scope="col">Meaning</th>
            <th scope="col">Body</th>
          </tr>
        </thead>
        <tbody>
          {op.responses.map((r) => (
            <tr key={r.status}>
              <th scope="row">{r.status}</th>
              <td>{r.description}</td>
              <td>{r.type ? <TypeLink type={r.type} /> : 'none'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

function FieldName({ row }: { row: FieldRow }) {
  return (
    <span className={INDENT[Math.min(row.depth, INDENT.length - 1)]}>
      <code>{row.name}</code>
      {row.required ? '' : ' (optional)'}
    </span>
  );
}

export function SchemaSection({ schema }: { schema: ReferenceView['schemas'][number] }) {
  return (
    <section aria-labelledby={`schema-${schema.name}`}>
      <h3 id={`schema-${schema.name}`}>{schema.name}</h3>
      {schema.description ? <p>{schema.description}</p> : null}
      {schema.rows.length ? (
        <table className="usa-table usa-table--borderless usa-table--compact width-full">
          <caption className="usa-sr-only">Fields of {schema.name}</caption>
          <thead>
            <tr>
              <th scope="col">Field</th>
              <th scope="col">Type</th>
              <th scope="col">Description</th>
            </tr>
          </thead>
          <tbody>
            {schema.rows.map((row) => (
              <tr key={row.path}>
                <th scope="row">
                  <FieldName row={row} />
                </th>
                <td>
                  <TypeLink type={row.type} />
                </td>
                <td>{row.description ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </section>
  );
}
