// An email's HTML shown in a sandboxed frame: sandbox="" gives it no scripts, no forms, no
// same-origin access and no top navigation, so a message cannot act on the portal page around it.
export function EmailFrame({ title, html }: { title: string; html: string }) {
  return (
    <iframe
      title={title}
      srcDoc={html}
      sandbox=""
      className="width-full border-1px border-base-lighter radius-md"
      style={{ height: '36rem', backgroundColor: '#f0f0f0' }}
    />
  );
}

/** The plain-text part, as mail programs without HTML show it. */
export function EmailText({ text, summary = 'Plain-text version' }: { text: string; summary?: string }) {
  return (
    <details className="margin-top-2">
      <summary>{summary}</summary>
      <pre className="font-mono-2xs bg-base-lightest padding-2 radius-md" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {text}
      </pre>
    </details>
  );
}
