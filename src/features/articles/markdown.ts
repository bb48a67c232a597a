import MarkdownIt from 'markdown-it';

/**
 * Article bodies are Markdown from the database. Raw HTML is switched off (it is escaped as text),
 * markdown-it's own link check refuses javascript:, vbscript:, file: and non-image data: URLs, and
 * links that leave the app open in a new tab without access to it.
 */
const md = new MarkdownIt({ html: false, linkify: true, typographer: false });

const defaultLinkOpen = md.renderer.rules.link_open ?? ((tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options));
md.renderer.rules.link_open = (tokens, idx, options, env, self) => {
  const token = tokens[idx]!;
  const href = token.attrGet('href') ?? '';
  if (/^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('//')) {
    token.attrSet('target', '_blank');
    token.attrSet('rel', 'noopener noreferrer nofollow');
  }
  return defaultLinkOpen(tokens, idx, options, env, self);
};

/** Tables scroll on their own on narrow screens instead of widening the page. */
md.renderer.rules.table_open = () => '<div class="table-scroll"><table>';
md.renderer.rules.table_close = () => '</table></div>';

export function renderMarkdown(source: string): string {
  return md.render(source);
}
