// The rich text: shared/admin's editor (tiptap loads by import() when an editor first shows),
// itself loaded only when a form shows a rich-text field (registry.ts). Read-only (a detail view,
// a field a workflow node may not write) it is the text itself, sanitised, without a toolbar.
import { RichTextEditor } from '@lighting/shared/admin';
import { useSanitizedHtml } from '@lighting/shared/ui';
import type { ControlProps } from './basic';

export function EditorControl({ value, onChange, disabled, field, id }: ControlProps) {
  const height = typeof field.height === 'number' ? field.height : 240;
  if (disabled) return <RichTextView id={id} html={typeof value === 'string' ? value : ''} />;
  return (
    <RichTextEditor
      value={typeof value === 'string' ? value : ''}
      onChange={(html) => onChange?.(html)}
      disabled={disabled}
      minHeight={height}
    />
  );
}

function RichTextView({ html, id }: { html: string; id?: string }) {
  const clean = useSanitizedHtml(html) ?? '';
  return (
    <div
      id={id}
      className="form-rich-text"
      data-testid="rich-text-view"
      style={{ minHeight: 32, padding: '4px 11px', background: 'rgba(0,0,0,0.04)', borderRadius: 6 }}
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}
