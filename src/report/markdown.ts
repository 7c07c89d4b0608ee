/**
 * Markdown of the agent's own files (handovers, house notes, the ledger) as HTML for the report, with
 * marked. The text was written by a model, so it is treated as untrusted: raw HTML is shown as text,
 * links keep only http(s), mailto and in-page targets, and images are shown as their alt text (the
 * report is self-contained and loads nothing from elsewhere).
 */
import { Marked, type Tokens } from 'marked';

import { esc } from './escape.js';

const SAFE_HREF = /^(https?:|mailto:|#)/i;

const md = new Marked({
  gfm: true,
  breaks: true,
  async: false,
  renderer: {
    html({ text }: Tokens.HTML | Tokens.Tag): string {
      return esc(text);
    },
    link(this: { parser: { parseInline(t: Tokens.Generic[]): string } }, { href, title, tokens }: Tokens.Link): string {
      const inner = this.parser.parseInline(tokens);
      if (!SAFE_HREF.test(href.trim())) return inner;
      return `<a href="${esc(href.trim())}"${title ? ` title="${esc(title)}"` : ''} rel="noopener noreferrer">${inner}</a>`;
    },
    image({ text }: Tokens.Image): string {
      return `<span class="muted">[image: ${esc(text)}]</span>`;
    },
  },
});

/** HTML of a markdown text written by a model or a person; safe to place inside the report. */
export function markdownHtml(text: string): string {
  return `<div class="md">${md.parse(text.trim()) as string}</div>`;
}
