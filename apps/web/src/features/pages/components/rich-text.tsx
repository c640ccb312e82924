import { Fragment } from 'react';
import { Link } from 'react-router';

const LINK = /\[([^\]]+)\]\((\/[^)\s]*)\)/g;

/** One paragraph: plain text with `[words](/path)` turned into links to pages of the site. */
function Inline({ text }: { text: string }) {
  const parts: React.ReactNode[] = [];
  let last = 0;
  for (const m of text.matchAll(LINK)) {
    parts.push(text.slice(last, m.index));
    parts.push(
      <Link key={m.index} to={m[2]!} className="font-semibold text-brand-800 underline">
        {m[1]}
      </Link>,
    );
    last = m.index + m[0].length;
  }
  parts.push(text.slice(last));
  return parts.map((p, i) => <Fragment key={i}>{p}</Fragment>);
}

/**
 * Text an admin wrote for a content page: paragraphs apart by a blank line, links to pages of the
 * site as `[words](/path)` (the shared schema refuses any other address). Never HTML.
 */
export function RichText({ text }: { text: string }) {
  const paragraphs = text.split(/\n\s*\n/).filter((p) => p.trim());
  return (
    <div className="space-y-3">
      {paragraphs.map((p, i) => (
        <p key={i}>
          <Inline text={p} />
        </p>
      ))}
    </div>
  );
}
