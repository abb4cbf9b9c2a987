/**
 * Reads the calls of SPEC §7 from the specification's own text, so the contract's completeness is
 * checked against the spec itself and not only against a copy of it.
 */
export interface SpecCall {
  section: string;
  method: 'GET' | 'POST';
  /** The path as the spec writes it, without its query. */
  path: string;
  /** Query parameters the spec names (`?sipId`, `each with ?esignlogsSlNo`). */
  query: string[];
}

export interface HiddenSpecCall {
  section: string;
  method: 'GET' | 'POST';
  placeholder: '{hash}' | '{token}';
}

export function parseSpecCalls(markdown: string): { calls: SpecCall[]; hidden: HiddenSpecCall[] } {
  const start = markdown.indexOf('## 7.');
  const end = markdown.indexOf('## 8.', start);
  if (start < 0 || end < 0) throw new Error('SPEC §7 not found');
  const calls: SpecCall[] = [];
  const hidden: HiddenSpecCall[] = [];
  let section = '';
  for (const line of markdown.slice(start, end).split('\n')) {
    const heading = /^### (.+)$/.exec(line);
    if (heading) section = heading[1]?.trim() ?? '';
    const call = /^(?:- |\| )(GET|POST) (.+)$/.exec(line);
    if (!call) continue;
    const method = call[1] as 'GET' | 'POST';
    // Keep the call itself: drop a table's other cells and any sentence after it.
    const head = (call[2] ?? '').split(/ \||\.\s/)[0]?.replace(/\.$/, '') ?? '';
    const placeholder = /^\{(hash|token)\}$/.exec(head);
    if (placeholder) {
      hidden.push({
        section,
        method,
        placeholder: `{${placeholder[1]}}` as HiddenSpecCall['placeholder'],
      });
      continue;
    }
    const shared = /each with \?(\w+)/.exec(head)?.[1];
    const pieces = head
      .replace(/,?\s*each with \?\w+/, '')
      .split(/,\s*|\s+and\s+/)
      .filter((piece, index) => index === 0 || piece.startsWith('/'));
    const [first = '', ...siblings] = pieces;
    const paths = [first, ...siblings.map((sibling) => first.replace(/\/[^/?]+(\?.*)?$/, sibling))];
    for (const written of paths) {
      const [path = '', query] = written.split('?');
      calls.push({
        section,
        method,
        path,
        query: [...(query ? [query] : []), ...(shared ? [shared] : [])],
      });
    }
  }
  return { calls, hidden };
}
