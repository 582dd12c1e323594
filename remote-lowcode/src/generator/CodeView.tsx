// The read-only code view of the generator page: syntax highlighting by highlight.js (its core and
// the four languages the generated files use, bundled into this lazily loaded chunk: nothing from a
// CDN) with line numbers, or a unified diff against the comparison's copy of the file.
// highlight.js escapes the source text; its output is only text and <span class="hljs-…">.
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import hljs from 'highlight.js/lib/core';
import typescript from 'highlight.js/lib/languages/typescript';
import javascript from 'highlight.js/lib/languages/javascript';
import json from 'highlight.js/lib/languages/json';
import markdown from 'highlight.js/lib/languages/markdown';
import { languageOf, unifiedRows } from './codeTree';
import './i18n';

hljs.registerLanguage('typescript', typescript);
hljs.registerLanguage('javascript', javascript);
hljs.registerLanguage('json', json);
hljs.registerLanguage('markdown', markdown);

const MONO = "ui-monospace, SFMono-Regular, Menlo, Consolas, 'Liberation Mono', monospace";
const LINE = 20;

// A light theme for highlight.js's classes (our own colours, scoped to the code view).
const THEME = `
.gen-code .hljs-keyword, .gen-code .hljs-doctag, .gen-code .hljs-template-tag, .gen-code .hljs-type { color: #cf222e; }
.gen-code .hljs-title, .gen-code .hljs-title.function_, .gen-code .hljs-title.class_ { color: #8250df; }
.gen-code .hljs-attr, .gen-code .hljs-attribute, .gen-code .hljs-literal, .gen-code .hljs-meta,
.gen-code .hljs-number, .gen-code .hljs-operator, .gen-code .hljs-variable, .gen-code .hljs-property { color: #0550ae; }
.gen-code .hljs-string, .gen-code .hljs-regexp, .gen-code .hljs-subst { color: #0a3069; }
.gen-code .hljs-built_in, .gen-code .hljs-symbol, .gen-code .hljs-params { color: #953800; }
.gen-code .hljs-comment, .gen-code .hljs-code, .gen-code .hljs-formula { color: #6e7781; }
.gen-code .hljs-name, .gen-code .hljs-quote, .gen-code .hljs-selector-tag, .gen-code .hljs-tag { color: #116329; }
.gen-code .hljs-section { color: #0550ae; font-weight: 600; }
.gen-code .hljs-bullet { color: #953800; }
.gen-code .hljs-emphasis { font-style: italic; }
.gen-code .hljs-strong { font-weight: 600; }
`;

const pre = { margin: 0, padding: '8px 12px', fontFamily: MONO, fontSize: 12.5, lineHeight: `${LINE}px` };

export interface CodeViewProps {
  fileName: string;
  content: string;
  /** the comparison's copy of the file: a diff is shown when given (null: the file is new) */
  base?: string | null;
  diff: boolean;
}

export default function CodeView({ fileName, content, base, diff }: CodeViewProps) {
  const { t } = useTranslation('generator');
  const html = useMemo(
    () =>
      diff ? '' : hljs.highlight(content, { language: languageOf(fileName), ignoreIllegals: true }).value,
    [content, fileName, diff],
  );
  const rows = useMemo(() => (diff ? unifiedRows(base ?? '', content) : []), [diff, base, content]);
  const lineCount = content.endsWith('\n') ? content.split('\n').length - 1 : content.split('\n').length;

  if (diff)
    return (
      <div className="gen-code" data-testid="code-diff" style={{ fontFamily: MONO, fontSize: 12.5 }}>
        <table style={{ borderCollapse: 'collapse', width: '100%' }}>
          <tbody>
            {rows.map((r, i) =>
              r.kind === 'fold' ? (
                <tr key={i} style={{ background: '#f6f8fa', color: '#6e7781' }}>
                  <td colSpan={4} style={{ padding: '2px 12px', lineHeight: `${LINE}px` }}>
                    {t('unchangedLines', { count: r.hidden })}
                  </td>
                </tr>
              ) : (
                <tr
                  key={i}
                  data-kind={r.kind}
                  style={{
                    background: r.kind === 'added' ? '#e6ffec' : r.kind === 'removed' ? '#ffebe9' : undefined,
                    lineHeight: `${LINE}px`,
                  }}
                >
                  <td style={gutterCell}>{r.oldLine ?? ''}</td>
                  <td style={gutterCell}>{r.newLine ?? ''}</td>
                  <td style={{ width: 16, textAlign: 'center', userSelect: 'none' }}>
                    {r.kind === 'added' ? '+' : r.kind === 'removed' ? '−' : ''}
                  </td>
                  <td style={{ whiteSpace: 'pre', paddingRight: 12 }}>{r.text}</td>
                </tr>
              ),
            )}
          </tbody>
        </table>
      </div>
    );

  return (
    <div className="gen-code" style={{ display: 'flex', minWidth: 'max-content' }}>
      <style>{THEME}</style>
      <pre
        aria-hidden
        style={{
          ...pre,
          color: '#8c959f',
          textAlign: 'right',
          userSelect: 'none',
          borderRight: '1px solid #eaeef2',
        }}
      >
        {Array.from({ length: lineCount }, (_, i) => i + 1).join('\n')}
      </pre>
      <pre style={{ ...pre, flex: 1 }}>
        <code
          data-testid="code-view"
          data-language={languageOf(fileName)}
          // highlight.js escapes the file's text; only its own <span class> markup is added
          dangerouslySetInnerHTML={{ __html: html }}
        />
      </pre>
    </div>
  );
}

const gutterCell = {
  width: 44,
  padding: '0 8px',
  textAlign: 'right' as const,
  color: '#8c959f',
  userSelect: 'none' as const,
  borderRight: '1px solid #eaeef2',
};
