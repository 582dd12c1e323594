/**
 * Sanitising of rich-text HTML (notices, articles) written by the editor (Quill: headings 1–6, sizes
 * small/large/huge, alignment). Everything else — scripts, event handlers, styles, foreign images —
 * is dropped. Images may only come from our own file service (/api/file/…). Pure.
 */
import sanitizeHtml from 'sanitize-html';

const QUILL_CLASSES = ['ql-size-small', 'ql-size-large', 'ql-size-huge', 'ql-align-*'];

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'p',
    'br',
    'strong',
    'em',
    'u',
    's',
    'ol',
    'ul',
    'li',
    'a',
    'img',
    'span',
  ],
  allowedAttributes: {
    a: ['href', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height'],
    span: ['class'],
    p: ['class'],
  },
  allowedClasses: { span: QUILL_CLASSES, p: QUILL_CLASSES },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: [] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: {
        ...attribs,
        ...(attribs.target === '_blank' ? { rel: 'noopener noreferrer' } : {}),
      },
    }),
    img: (tagName, attribs) => {
      const src = attribs.src ?? '';
      return { tagName, attribs: src.startsWith('/api/file/') ? attribs : { ...attribs, src: '' } };
    },
  },
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}

/** Plain text of rich text (summaries, search), whitespace collapsed. */
export function plainText(html: string): string {
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} })
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}
