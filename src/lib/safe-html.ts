/**
 * Reduces editor HTML (header-bar popup, news) to a small allowlist: p, br, ul, ol, li,
 * strong, b, em, i, a[href] with http(s), mailto, tel or relative targets. Everything
 * else loses its tags; text is kept and escaped.
 */
const ALLOWED = new Set(['p', 'br', 'ul', 'ol', 'li', 'strong', 'b', 'em', 'i', 'a']);
const SAFE_HREF = /^(https?:\/\/|mailto:|tel:|\/(?!\/))/i;

const escapeText = (s: string) => s.replace(/&(?![a-z]+;|#\d+;)/gi, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

export function sanitizeHtml(html: string): string {
  const out: string[] = [];
  const tag = /<\/?([a-z0-9]+)([^>]*)>/gi;
  let last = 0;
  for (const m of html.matchAll(tag)) {
    out.push(escapeText(html.slice(last, m.index)));
    last = m.index + m[0].length;
    const name = m[1]!.toLowerCase();
    if (!ALLOWED.has(name)) continue;
    const closing = m[0].startsWith('</');
    if (closing) {
      if (name !== 'br') out.push(`</${name}>`);
    } else if (name === 'a') {
      const href = /href\s*=\s*"([^"]*)"|href\s*=\s*'([^']*)'/i.exec(m[2] ?? '');
      const target = href?.[1] ?? href?.[2] ?? '';
      out.push(SAFE_HREF.test(target) ? `<a href="${escapeAttr(target)}" rel="noopener">` : '<a>');
    } else {
      out.push(`<${name}>`);
    }
  }
  out.push(escapeText(html.slice(last)));
  return out.join('');
}
