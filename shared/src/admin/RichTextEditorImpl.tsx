// tiptap editor with the spec's toolbar: headings 1–6, sizes small/normal/large/huge (Quill's
// ql-size-* classes, which the server's sanitiser keeps), bold/italic/underline/strike, lists,
// links, images uploaded one at a time under 2 MB to /api/file/Uploader/quill and inserted with
// the /api prefix. Only tags the server keeps are offered.
import { useEffect, useRef, useState } from 'react';
import { EditorContent, Mark, mergeAttributes, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import Image from '@tiptap/extension-image';
import { Button, Dropdown, Space, Tooltip } from 'antd';
import Divider from 'antd/es/divider';
import { useTranslation } from 'react-i18next';
import { request } from '@lighting/shared';
import { toast } from '@lighting/shared';
import { checkEditorImage, EDITOR_UPLOAD_TYPE, withApiPrefix } from './upload';
import type { RichTextEditorProps } from './RichTextEditor';
import type { ApiData } from '../api';

const SIZES = ['small', 'large', 'huge'] as const;
type Size = (typeof SIZES)[number];
const SIZE_CHOICES = ['small', 'normal', 'large', 'huge'] as const;
const SIZE_LABEL: Record<(typeof SIZE_CHOICES)[number], string> = {
  small: 'sizeSmall',
  normal: 'sizeNormal',
  large: 'sizeLarge',
  huge: 'sizeHuge',
};

declare module '@tiptap/react' {
  interface Commands<ReturnType> {
    quillSize: { setQuillSize: (size: Size | null) => ReturnType };
  }
}

/** <span class="ql-size-large">…</span> — the size mark the server's sanitiser allows. */
const QuillSize = Mark.create({
  name: 'quillSize',
  addAttributes() {
    return {
      size: {
        default: null,
        parseHTML: (el: HTMLElement) => SIZES.find((s) => el.classList.contains(`ql-size-${s}`)) ?? null,
        renderHTML: (attrs: { size?: Size | null }) => (attrs.size ? { class: `ql-size-${attrs.size}` } : {}),
      },
    };
  },
  parseHTML() {
    return SIZES.map((s) => ({ tag: `span.ql-size-${s}` }));
  },
  renderHTML({ HTMLAttributes }) {
    return ['span', mergeAttributes(HTMLAttributes), 0];
  },
  addCommands() {
    return {
      setQuillSize:
        (size) =>
        ({ commands }) =>
          size ? commands.setMark(this.name, { size }) : commands.unsetMark(this.name),
    };
  },
});

const CSS = `
.rte-content .ProseMirror{min-height:var(--rte-min,240px);outline:none;padding:8px 12px}
.rte-content .ProseMirror img{max-width:100%}
.rte-content .ql-size-small{font-size:.75em}.rte-content .ql-size-large{font-size:1.5em}.rte-content .ql-size-huge{font-size:2.5em}
`;

async function uploadImage(file: File): Promise<string> {
  const body = new FormData();
  body.append('file', file);
  const res = await request<ApiData<'/api/file/Uploader/{type}', 'post'>>({
    url: `/file/Uploader/${EDITOR_UPLOAD_TYPE}`,
    method: 'post',
    data: body,
  });
  return withApiPrefix(res.data.url);
}

function Toolbar({ editor, disabled }: { editor: Editor; disabled?: boolean }) {
  const { t } = useTranslation('admin');
  const file = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      level: ([1, 2, 3, 4, 5, 6] as const).find((l) => e.isActive('heading', { level: l })) ?? 0,
      size: ((e.getAttributes('quillSize').size as Size | undefined) ?? 'normal') as Size | 'normal',
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      strike: e.isActive('strike'),
      bullet: e.isActive('bulletList'),
      ordered: e.isActive('orderedList'),
    }),
  });
  const chain = () => editor.chain().focus();
  const btn = (key: string, label: string, active: boolean, run: () => void) => (
    <Tooltip title={label} key={key}>
      <Button
        size="small"
        type={active ? 'primary' : 'text'}
        disabled={disabled}
        onClick={run}
        data-testid={`rte-${key}`}
      >
        {label}
      </Button>
    </Tooltip>
  );

  const onFile = async (files: FileList | null) => {
    const f = files?.[0];
    if (file.current) file.current.value = '';
    if (!f) return;
    const problem = checkEditorImage(f);
    if (problem) {
      toast('error', problem);
      return;
    }
    setUploading(true);
    try {
      const src = await uploadImage(f);
      chain().setImage({ src, alt: f.name }).run();
    } catch {
      /* the client showed the server's message */
    } finally {
      setUploading(false);
    }
  };

  return (
    <Space wrap size={2} style={{ padding: 4, borderBottom: '1px solid rgba(5,5,5,0.06)' }}>
      <Dropdown
        disabled={disabled}
        trigger={['click']}
        menu={{
          selectedKeys: [String(state.level)],
          items: [
            { key: '0', label: t('editorParagraph') },
            ...[1, 2, 3, 4, 5, 6].map((l) => ({ key: String(l), label: `${t('editorHeading')} ${l}` })),
          ],
          onClick: ({ key }) => {
            const l = Number(key);
            if (l === 0) chain().setParagraph().run();
            else
              chain()
                .setHeading({ level: l as 1 | 2 | 3 | 4 | 5 | 6 })
                .run();
          },
        }}
      >
        <Button size="small" data-testid="rte-heading">
          {state.level === 0 ? t('editorParagraph') : `${t('editorHeading')} ${state.level}`} ▾
        </Button>
      </Dropdown>
      <Dropdown
        disabled={disabled}
        trigger={['click']}
        menu={{
          selectedKeys: [state.size],
          items: SIZE_CHOICES.map((s) => ({ key: s, label: t(SIZE_LABEL[s]) })),
          onClick: ({ key }) =>
            chain()
              .setQuillSize(key === 'normal' ? null : (key as Size))
              .run(),
        }}
      >
        <Button size="small" data-testid="rte-size">
          {t(SIZE_LABEL[state.size])} ▾
        </Button>
      </Dropdown>
      <Divider orientation="vertical" />
      {btn('bold', t('bold'), state.bold, () => chain().toggleBold().run())}
      {btn('italic', t('italic'), state.italic, () => chain().toggleItalic().run())}
      {btn('underline', 'U', state.underline, () => chain().toggleUnderline().run())}
      {btn('strike', t('strike'), state.strike, () => chain().toggleStrike().run())}
      {btn('bullet', t('bulletList'), state.bullet, () => chain().toggleBulletList().run())}
      {btn('ordered', t('orderedList'), state.ordered, () => chain().toggleOrderedList().run())}
      <Divider orientation="vertical" />
      <Button
        size="small"
        disabled={disabled || uploading}
        loading={uploading}
        onClick={() => file.current?.click()}
        data-testid="rte-image"
      >
        {uploading ? t('uploading') : t('image')}
      </Button>
      {btn('undo', t('undo'), false, () => chain().undo().run())}
      {btn('redo', t('redo'), false, () => chain().redo().run())}
      <input
        ref={file}
        type="file"
        accept="image/*"
        style={{ display: 'none' }}
        onChange={(e) => void onFile(e.target.files)}
        data-testid="rte-file"
      />
    </Space>
  );
}

export default function RichTextEditorImpl({
  value,
  onChange,
  disabled,
  minHeight = 240,
  testId = 'rich-text',
}: RichTextEditorProps) {
  const last = useRef(value ?? '');
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [1, 2, 3, 4, 5, 6] },
        blockquote: false,
        code: false,
        codeBlock: false,
        horizontalRule: false,
      }),
      Image.configure({ inline: true }),
      QuillSize,
    ],
    content: value ?? '',
    editable: !disabled,
    onUpdate: ({ editor: e }) => {
      const html = e.isEmpty ? '' : e.getHTML();
      if (html === last.current) return;
      last.current = html;
      onChange?.(html);
    },
  });

  // a value set from outside (form reset, loaded record) replaces the content
  useEffect(() => {
    if (editor && (value ?? '') !== last.current) {
      last.current = value ?? '';
      editor.commands.setContent(value ?? '', { emitUpdate: false });
    }
  }, [editor, value]);

  useEffect(() => {
    editor?.setEditable(!disabled);
  }, [editor, disabled]);

  if (!editor) return null;
  return (
    <div data-testid={testId} style={{ border: '1px solid rgba(5,5,5,0.15)', borderRadius: 6 }}>
      <style>{CSS}</style>
      <Toolbar editor={editor} disabled={disabled} />
      <div className="rte-content" style={{ ['--rte-min' as string]: `${minHeight}px` }}>
        <EditorContent editor={editor} />
      </div>
    </div>
  );
}
