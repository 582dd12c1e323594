// User HTML (notices, articles, rich-text bodies) is sanitised by the server on write and again
// here before it is shown: no scripts, handlers, styles, forms or frames; only http(s), mailto,
// tel and same-origin URLs; links open in a new tab without access to this window.
// DOMPurify (15 KB gzip) loads on the first use, not with every signed-in page.
import { useEffect, useState } from 'react';
import type { DOMPurify as Purifier } from 'dompurify';

const CONFIG = {
  USE_PROFILES: { html: true },
  FORBID_TAGS: [
    'script',
    'style',
    'iframe',
    'frame',
    'object',
    'embed',
    'form',
    'input',
    'button',
    'textarea',
    'select',
    'link',
    'meta',
    'base',
  ],
  FORBID_ATTR: ['style', 'srcset', 'formaction'],
  ALLOWED_URI_REGEXP: /^(?:(?:https?|mailto|tel):|\/|#|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i,
  ALLOW_DATA_ATTR: false,
  ADD_ATTR: ['target'],
};

let purifier: Promise<Purifier> | null = null;

/** Our own DOMPurify instance, so the link hook never touches other users of the library. */
function instance(): Promise<Purifier> {
  purifier ??= import('dompurify').then(({ default: createDOMPurify }) => {
    const p = createDOMPurify(window);
    p.addHook('afterSanitizeAttributes', (node) => {
      if (node.tagName === 'A' && node.getAttribute('href')) {
        node.setAttribute('target', '_blank');
        node.setAttribute('rel', 'noopener noreferrer');
      }
    });
    return p;
  });
  return purifier;
}

export async function sanitizeHtml(html: string | null | undefined): Promise<string> {
  return (await instance()).sanitize(html ?? '', CONFIG) as string;
}

/** The sanitised HTML, or null while the sanitiser loads. */
export function useSanitizedHtml(html: string | null | undefined): string | null {
  const [out, setOut] = useState<{ from: string; html: string } | null>(null);
  const source = html ?? '';
  useEffect(() => {
    let alive = true;
    void sanitizeHtml(source).then((clean) => alive && setOut({ from: source, html: clean }));
    return () => {
      alive = false;
    };
  }, [source]);
  return out && out.from === source ? out.html : null;
}
